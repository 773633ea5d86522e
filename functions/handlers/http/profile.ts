/**
 * The profile HTTP service, the caller's own account (the rules: domain/profile-changes):
 *  - PATCH /auth/user/{id} {userType}: a smart earner's paid self-upgrade to reseller; admins may
 *    set any type for anyone, without fee or reward;
 *  - GET /admin/upgradeUser/{userId}/{userType} (admin only): the same admin change of type;
 *  - POST /auth/updateKyc {nin | bvn}: checked with the identity provider, stored once;
 *  - POST /auth/updateWebhook {webhookUrl}: https (loopback only on the local cloud), and the
 *    signing secret our webhooks use;
 *  - GET /auth/apiKey, POST /auth/apiKey/regenerate: the API key's hint; a new key, shown once
 *    (the rules: domain/api-keys);
 *  - GET /auth/webhook/deliveries, POST /auth/webhook/test: the last webhook deliveries; a signed
 *    test delivery sent now (the rules: domain/webhooks).
 */
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { userIdParam } from '../../../shared/api/accounts.js';
import {
  adminUpgradeUserParams,
  updateKycRequest,
  updateUserTypeRequest,
  updateWebhookRequest,
  type UpdateKycResponse,
  type UpdateUserTypeResponse,
  type UpdateWebhookResponse,
} from '../../../shared/api/profile.js';
import { EVENT_TYPES } from '../../../shared/events.js';
import { apiKeyChangeRequest, type ApiKeyResponse, type RegenerateApiKeyResponse } from '../../../shared/api/api-keys.js';
import type { TestWebhookResponse, WebhookDeliveriesResponse } from '../../../shared/api/webhooks.js';
import { API_KEY_MSG, MONEY_MSG, MSG, WEBHOOK_MSG } from '../../../shared/messages.js';
import { ENV } from '../../../shared/runtime-env.js';
import { env, ENV_GROUPS, loadEnv } from '../../adapters/environment.js';
import { publishEvent } from '../../adapters/events.js';
import { domainLog } from '../../adapters/log.js';
import { identityFromEnv } from '../../adapters/providers/index.js';
import { markUpgradePublished, saveKyc, saveWebhookUrl, setUserType, upgradeToReseller } from '../../adapters/dynamo/accounts/profile.js';
import { getPasswordHash, getUserById, getWalletBalanceKobo } from '../../adapters/dynamo/accounts/users.js';
import { currentApiKey, removeApiKey, replaceApiKey } from '../../adapters/dynamo/accounts/api-keys.js';
import { dynamoWebhookLog } from '../../adapters/dynamo/back-office/webhook-deliveries.js';
import { postWebhook, resolveWebhookHost } from '../../adapters/webhook-poster.js';
import { inWriteAudit, userTypeAuditChange } from '../../domain/back-office/audit.js';
import { dummyVerifyPassword, verifyPassword } from '../../domain/accounts/passwords.js';
import { newApiKey, regenerateApiKey, revokeApiKey, showApiKey, type ApiKeyDeps, type ApiKeyResult } from '../../domain/accounts/api-keys.js';
import { changeUserType, setWebhookUrl, verifyKyc, type ProfileDeps, type ProfileResult } from '../../domain/accounts/profile-changes.js';
import { viewFor, type TransactionReader } from '../../domain/transactions/transaction-views.js';
import { sendTestWebhook, type TestWebhookDeps, type TestWebhookResult, type WebhookLog } from '../../domain/notifications/webhooks.js';
import { auditedRequestOf } from '../../middleware/audit.js';
import { answerWith, httpService, ok, parseInput, refuse, unavailable, type UserOperation } from '../../middleware/http.js';
import { edge } from './edge.js';

export type { ProfileDeps } from '../../domain/accounts/profile-changes.js';

/** Every outcome and its answer; a receipt as the reader may read it. */
const profileAnswer = (reader: TransactionReader) =>
  answerWith<ProfileResult>({
    type_set: ({ user }) => {
      const body: UpdateUserTypeResponse = { msg: MONEY_MSG.userTypeUpdated, user, receipt: null };
      return ok(body);
    },
    upgraded: ({ user, record }) => {
      const body: UpdateUserTypeResponse = { msg: MONEY_MSG.upgraded, user, receipt: viewFor(reader, record) };
      return ok(body);
    },
    kyc_verified: ({ user }) => {
      const body: UpdateKycResponse = { msg: MONEY_MSG.kycVerified, user };
      return ok(body);
    },
    webhook_saved: ({ webhookUrl, webhookSecret }) => {
      const body: UpdateWebhookResponse = { msg: MONEY_MSG.webhookUpdated, webhookUrl, webhookSecret };
      return ok(body);
    },
    user_not_found: refuse(404, MSG.userNotFound),
    session_expired: refuse(401, MSG.sessionExpired),
    forbidden: refuse(403, MSG.forbidden),
    only_reseller_upgrade: refuse(403, MONEY_MSG.onlyResellerUpgrade),
    already_reseller: refuse(400, MONEY_MSG.alreadyReseller),
    insufficient_balance: refuse(400, MSG.insufficientBalance),
    // The type changed between the read and the paid write: another request upgraded first.
    not_a_smart_earner: refuse(409, MONEY_MSG.alreadyReseller),
    kyc_one_method: refuse(400, MONEY_MSG.kycOneMethod),
    kyc_invalid_number: refuse(400, MONEY_MSG.kycInvalidNumber),
    kyc_already_set: refuse(409, MONEY_MSG.kycAlreadySet),
    kyc_no_match: refuse(400, MONEY_MSG.kycNoMatch),
    kyc_number_in_use: refuse(409, MONEY_MSG.kycInUse),
    identity_unavailable: () => unavailable(MONEY_MSG.identityUnavailable),
    invalid_webhook_url: refuse(400, MONEY_MSG.invalidWebhookUrl),
  });

const apiKeyAnswer = answerWith<ApiKeyResult>({
  key_shown: ({ key }) => {
    const body: ApiKeyResponse = { apiKey: key ?? null };
    return ok(body);
  },
  key_regenerated: ({ apiKey, key }) => {
    const body: RegenerateApiKeyResponse = { msg: API_KEY_MSG.regenerated, apiKey, ...key };
    return ok(body);
  },
  key_revoked: () => ok({ msg: API_KEY_MSG.revoked }),
  no_key: refuse(404, API_KEY_MSG.noKey),
  wrong_password: refuse(400, API_KEY_MSG.wrongPassword),
  changed_meanwhile: refuse(409, API_KEY_MSG.changedMeanwhile),
});

const testWebhookAnswer = answerWith<TestWebhookResult>({
  // The test itself was made, whatever the receiver answered: its status is in the body.
  test_sent: ({ delivery }) => {
    const body: TestWebhookResponse = { msg: delivery.delivered ? WEBHOOK_MSG.testDelivered : WEBHOOK_MSG.testRefused, delivery };
    return ok(body);
  },
  no_webhook_url: refuse(400, WEBHOOK_MSG.noWebhookUrl),
  invalid_webhook_url: refuse(400, MONEY_MSG.invalidWebhookUrl),
  user_not_found: refuse(401, MSG.sessionExpired),
});

/** A path parameter as text: "smart%20earner" arrives decoded or not depending on the gateway. */
function pathText(raw: string | undefined): string | undefined {
  if (raw === undefined || !raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export const updateUserTypeOperation =
  (deps: ProfileDeps): UserOperation =>
  async ({ principal, params, body }) => {
    const { userType } = parseInput(updateUserTypeRequest, body);
    return profileAnswer(principal)(await changeUserType(principal, userIdParam.parse(params.id), userType, deps));
  };

/** GET /admin/upgradeUser/{userId}/{userType}: the admin's user-type action (the route is admin-only). */
export const adminUpgradeUserOperation =
  (deps: ProfileDeps): UserOperation =>
  async (request) => {
    const { principal, params } = request;
    const input = parseInput(adminUpgradeUserParams, { userId: params.userId, userType: pathText(params.userType) });
    // The entry (type before and after) is put in the type change's own write.
    const audit = inWriteAudit(auditedRequestOf(request), deps.now(), deps.newId(), userTypeAuditChange);
    return profileAnswer(principal)(await changeUserType(principal, input.userId, input.userType, deps, { adminAction: true, audit }));
  };

export const updateKycOperation =
  (deps: ProfileDeps): UserOperation =>
  async ({ principal, body }) =>
    profileAnswer(principal)(await verifyKyc(principal.userId, parseInput(updateKycRequest, body), deps));

export const updateWebhookOperation =
  (deps: ProfileDeps): UserOperation =>
  async ({ principal, body }) =>
    profileAnswer(principal)(await setWebhookUrl(principal.userId, parseInput(updateWebhookRequest, body).webhookUrl, deps));

export const showApiKeyOperation =
  (deps: ApiKeyDeps): UserOperation =>
  async ({ principal }) =>
    apiKeyAnswer(await showApiKey(principal.userId, deps));

export const regenerateApiKeyOperation =
  (deps: ApiKeyDeps): UserOperation =>
  async ({ principal, body }) =>
    apiKeyAnswer(await regenerateApiKey(principal.userId, parseInput(apiKeyChangeRequest, body).password, deps));

export const revokeApiKeyOperation =
  (deps: ApiKeyDeps): UserOperation =>
  async ({ principal, body }) =>
    apiKeyAnswer(await revokeApiKey(principal.userId, parseInput(apiKeyChangeRequest, body).password, deps));

export const webhookDeliveriesOperation =
  (deps: { webhookLog: Pick<WebhookLog, 'recent'>; now(): Date }): UserOperation =>
  async ({ principal }) => {
    const body: WebhookDeliveriesResponse = { deliveries: await deps.webhookLog.recent(principal.userId, deps.now()) };
    return ok(body);
  };

export const testWebhookOperation =
  (deps: TestWebhookDeps): UserOperation =>
  async ({ principal }) =>
    testWebhookAnswer(await sendTestWebhook(principal.userId, deps));

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session, ...ENV_GROUPS.bus, ...ENV_GROUPS.providers, ENV.allowLoopbackWebhooks]);

const deps: ProfileDeps & ApiKeyDeps & TestWebhookDeps & { webhookLog: WebhookLog } = {
  findUser: getUserById,
  balanceKobo: getWalletBalanceKobo,
  upgrade: upgradeToReseller,
  setUserType,
  publishUpgraded: (detail) => publishEvent(EVENT_TYPES.userUpgraded, detail),
  requestReservedAccounts: (userId) => publishEvent(EVENT_TYPES.reservedAccountsWanted, { userId, cause: 'kyc' }),
  markUpgradePublished,
  identity: identityFromEnv,
  saveKyc,
  saveWebhookUrl,
  allowLoopbackWebhooks: () => env(ENV.allowLoopbackWebhooks),
  webhookHostAllowed: async (url) => (await resolveWebhookHost(new URL(url).hostname, env(ENV.allowLoopbackWebhooks))).ok,
  newWebhookSecret: () => `whsec_${randomBytes(32).toString('base64')}`,
  newId: () => ulid(),
  currentKey: currentApiKey,
  replaceKey: replaceApiKey,
  removeKey: removeApiKey,
  passwordMatches: async (userId, password) => {
    // The hash lives in its own item, readable only by the password checkers (infra/stack/access.ts).
    const passwordHash = (await getUserById(userId)) ? await getPasswordHash(userId) : undefined;
    return passwordHash ? verifyPassword(password, passwordHash) : dummyVerifyPassword(password).then(() => false);
  },
  newKey: () => newApiKey(),
  post: postWebhook,
  deliveries: dynamoWebhookLog,
  webhookLog: dynamoWebhookLog,
  now: () => new Date(),
  log: domainLog,
};

export const handler = httpService(
  'profile',
  {
    updateUserType: updateUserTypeOperation(deps),
    adminUpgradeUser: adminUpgradeUserOperation(deps),
    updateKyc: updateKycOperation(deps),
    updateWebhook: updateWebhookOperation(deps),
    showApiKey: showApiKeyOperation(deps),
    regenerateApiKey: regenerateApiKeyOperation(deps),
    revokeApiKey: revokeApiKeyOperation(deps),
    webhookDeliveries: webhookDeliveriesOperation(deps),
    testWebhook: testWebhookOperation(deps),
  },
  edge,
);
