/**
 * The edge's adapters, wired once for every HTTP service: session tokens are verified by the
 * token adapter, API keys looked up by their hash and counted per minute, callers loaded from the
 * user store, operator actions appended to the audit log.
 */
import { ulid } from 'ulid';
import { ENV } from '../../../shared/runtime-env.js';
import { env } from '../../adapters/environment.js';
import { countApiKeyRequest, markApiKeyUsed, ownerOfApiKey } from '../../adapters/dynamo/accounts/api-keys.js';
import { dynamoAuditTrail } from '../../adapters/dynamo/back-office/audit.js';
import { loadPrincipal } from '../../adapters/dynamo/accounts/users.js';
import { verifyToken } from '../../adapters/token.js';
import { authenticateApiKey, type ApiKeyAuthDeps } from '../../domain/accounts/api-keys.js';
import type { EdgeDeps } from '../../middleware/http.js';

const apiKeys: ApiKeyAuthDeps = {
  ownerOfKey: ownerOfApiKey,
  countRequest: countApiKeyRequest,
  markUsed: markApiKeyUsed,
  ratePerMinute: () => env(ENV.apiKeyRateLimitPerMinute),
  now: () => new Date(),
};

export const edge: EdgeDeps = {
  loadPrincipal,
  verifyToken,
  authenticateApiKey: (key) => authenticateApiKey(key, apiKeys),
  audit: { audit: dynamoAuditTrail, now: () => new Date(), newId: () => ulid() },
};
