/**
 * SQS consumer of ReservedAccountsWanted (EventBridge event JSON in each body): makes the user's
 * reserved bank accounts with the provider, as the original backend did at login and at KYC, off
 * the request that asked. Idempotent: a user who has accounts already is answered from the profile
 * without a provider call, and the save is conditional, so two requests keep one set. A provider
 * outage fails the message for a retry (then the dead-letter queue); a user without KYC or gone is done.
 */
import { EVENT_TYPES } from '../../shared/events.js';
import { ENV_GROUPS, loadEnv } from '../adapters/environment.js';
import { dynamoFunding } from '../adapters/dynamo/money/funding.js';
import { getUserById } from '../adapters/dynamo/accounts/users.js';
import { platformEventOf } from '../adapters/envelopes.js';
import { domainLog } from '../adapters/log.js';
import { logger } from '../adapters/observability.js';
import { reservedAccountsFromEnv } from '../adapters/providers/index.js';
import { reserveAccounts, type ReserveAccountsDeps } from '../domain/money/funding-requests.js';
import { backgroundFunction, sqsBatchHandler } from '../middleware/background.js';

export class ReservedAccountsUnavailableError extends Error {
  constructor(userId: string) {
    super(`reserved accounts for ${userId} not made: provider unavailable (retried)`);
    this.name = 'ReservedAccountsUnavailableError';
  }
}

export function reservedAccountsHandler(deps: ReserveAccountsDeps) {
  return sqsBatchHandler(async (record) => {
    const { detail } = platformEventOf(record, EVENT_TYPES.reservedAccountsWanted);
    const outcome = await reserveAccounts(detail.userId, deps);
    logger.info('reserved accounts wanted', { userId: detail.userId, cause: detail.cause, outcome: outcome.kind });
    if (outcome.kind === 'provider_unavailable') throw new ReservedAccountsUnavailableError(detail.userId);
  });
}

loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.providers]);

export const handler = backgroundFunction(
  reservedAccountsHandler({ funding: dynamoFunding, accounts: reservedAccountsFromEnv, findUser: getUserById, now: () => new Date(), log: domainLog }),
);
