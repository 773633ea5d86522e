/**
 * SQS consumer of stored provider webhooks `{provider, eventKey}`: confirms each with the
 * provider's verify call, then credits (card payment, bank transfer) or settles a payout, through
 * the ledger, once. A provider that cannot confirm yet fails the message, so SQS retries it
 * later (and dead-letters it after the queue's max receives, where an alarm waits). A malformed
 * message fails too: the dead-letter queue keeps it, since it may stand for money received.
 */
import { providerEventMessageSchema } from '../../shared/events.js';
import { ENV_GROUPS, loadEnv } from '../adapters/environment.js';
import { dynamoFunding } from '../adapters/dynamo/money/funding.js';
import { dynamoProviderEvents } from '../adapters/dynamo/money/provider-events.js';
import { getUserById } from '../adapters/dynamo/accounts/users.js';
import { dynamoWithdrawals } from '../adapters/dynamo/money/withdrawals.js';
import { messageOf } from '../adapters/envelopes.js';
import { domainLog } from '../adapters/log.js';
import { meteredPayouts } from '../adapters/metered.js';
import { logger } from '../adapters/observability.js';
import { cardPaymentsFromEnv, payoutsFromEnv, reservedAccountsFromEnv } from '../adapters/providers/index.js';
import { processProviderEvent, type ProcessingDeps } from '../domain/money/provider-webhooks.js';
import { backgroundFunction, sqsBatchHandler } from '../middleware/background.js';

export function providerEventsHandler(deps: ProcessingDeps) {
  return sqsBatchHandler(async (record) => {
    const message = messageOf(record, providerEventMessageSchema);
    const result = await processProviderEvent(message, deps);
    logger.info('provider event processed', { ...message, result, receiveCount: record.attributes?.ApproximateReceiveCount });
  });
}

loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.providers]);

export const handler = backgroundFunction(
  providerEventsHandler({
    events: dynamoProviderEvents,
    funding: dynamoFunding,
    withdrawals: meteredPayouts(dynamoWithdrawals),
    cards: cardPaymentsFromEnv(),
    accounts: reservedAccountsFromEnv(),
    payouts: payoutsFromEnv(),
    findUser: getUserById,
    now: () => new Date(),
    log: domainLog,
  }),
);
