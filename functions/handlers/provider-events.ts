/**
 * SQS consumer of stored provider webhooks `{provider, eventKey}`: confirms each with the
 * provider's verify call, then credits (card payment, bank transfer) or settles a payout, through
 * the ledger, once. A provider that cannot confirm yet fails the message, so SQS retries it
 * later (and dead-letters it after the queue's max receives, where an alarm waits).
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { EVENT_TYPES, providerEventMessageSchema } from '../../shared/events.js';
import { dynamoFunding } from '../adapters/dynamo/funding.js';
import { dynamoProviderEvents } from '../adapters/dynamo/provider-events.js';
import { getUserById } from '../adapters/dynamo/users.js';
import { dynamoWithdrawals } from '../adapters/dynamo/withdrawals.js';
import { publishEvent } from '../adapters/events.js';
import { domainLog } from '../adapters/log.js';
import { logger } from '../adapters/observability.js';
import { cardPaymentsFromEnv, payoutsFromEnv, reservedAccountsFromEnv } from '../adapters/providers/index.js';
import { processProviderEvent, type ProcessingDeps } from '../domain/provider-webhooks.js';
import { processSqsBatch } from './sqs-batch.js';

export function providerEventsHandler(deps: () => ProcessingDeps) {
  return (event: SQSEvent): Promise<SQSBatchResponse> =>
    processSqsBatch(event, async (record) => {
      const message = providerEventMessageSchema.parse(JSON.parse(record.body));
      const result = await processProviderEvent(message, deps());
      logger.info('provider event processed', { ...message, result, receiveCount: record.attributes?.ApproximateReceiveCount });
    });
}

let deps: ProcessingDeps | undefined;

export const handler = providerEventsHandler(() => {
  deps ??= {
    events: dynamoProviderEvents,
    funding: dynamoFunding,
    withdrawals: dynamoWithdrawals,
    cards: cardPaymentsFromEnv(),
    accounts: reservedAccountsFromEnv(),
    payouts: payoutsFromEnv(),
    findUser: getUserById,
    settled: { transactionSettled: (detail) => publishEvent(EVENT_TYPES.transactionSettled, detail) },
    now: () => new Date(),
    log: domainLog,
  };
  return deps;
});
