/**
 * SQS consumer of the payout queue `{transactionId}`: hands a withdrawal to the payout provider
 * under its deterministic reference (a redelivered message checks with the provider first, so it
 * never pays twice); a definite refusal refunds once; no answer fails the message for a retry.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { EVENT_TYPES, payoutMessageSchema } from '../../shared/events.js';
import { dynamoWithdrawals } from '../adapters/dynamo/withdrawals.js';
import { publishEvent } from '../adapters/events.js';
import { domainLog } from '../adapters/log.js';
import { logger } from '../adapters/observability.js';
import { payoutsFromEnv } from '../adapters/providers/index.js';
import { payOut, type PayoutDeps } from '../domain/payouts.js';
import { processSqsBatch } from './sqs-batch.js';

export function payoutsHandler(deps: () => PayoutDeps) {
  return (event: SQSEvent): Promise<SQSBatchResponse> =>
    processSqsBatch(event, async (record) => {
      const message = payoutMessageSchema.parse(JSON.parse(record.body));
      const action = await payOut(message.transactionId, deps());
      logger.info('payout', { transactionId: message.transactionId, action, receiveCount: record.attributes?.ApproximateReceiveCount });
    });
}

let deps: PayoutDeps | undefined;

export const handler = payoutsHandler(() => {
  deps ??= {
    withdrawals: dynamoWithdrawals,
    payouts: payoutsFromEnv(),
    events: { transactionSettled: (detail) => publishEvent(EVENT_TYPES.transactionSettled, detail) },
    now: () => new Date(),
    log: domainLog,
  };
  return deps;
});
