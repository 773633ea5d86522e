/**
 * SQS consumer of the fulfilment queue: one message `{transactionId}` per purchase (with
 * `recheck`: a re-query after the supplier pushed news about it). Partial batch
 * responses: a message fails (and is retried, then dead-lettered) only on a fault; every business
 * outcome — including "another delivery holds the claim" — acknowledges it.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { EVENT_TYPES, fulfilmentMessageSchema } from '../../shared/events.js';
import { dynamoLedger } from '../adapters/dynamo/ledger.js';
import { dynamoTransactions } from '../adapters/dynamo/transactions.js';
import { publishEvent } from '../adapters/events.js';
import { domainLog } from '../adapters/log.js';
import { logger } from '../adapters/observability.js';
import { supplierDirectoryFromEnv } from '../adapters/suppliers/index.js';
import { fulfilPurchase, recheckPurchase, type FulfilmentDeps } from '../domain/fulfilment.js';
import { processSqsBatch } from './sqs-batch.js';

export function fulfilmentHandler(deps: () => FulfilmentDeps) {
  return (event: SQSEvent): Promise<SQSBatchResponse> =>
    processSqsBatch(event, async (record) => {
      const message = fulfilmentMessageSchema.parse(JSON.parse(record.body));
      const result = message.recheck ? await recheckPurchase(message.transactionId, message.recheck, deps()) : await fulfilPurchase(message.transactionId, deps());
      logger.info('fulfilment done', { transactionId: message.transactionId, recheck: message.recheck, result, receiveCount: record.attributes?.ApproximateReceiveCount });
    });
}

let deps: FulfilmentDeps | undefined;

export const handler = fulfilmentHandler(() => {
  deps ??= {
    transactions: dynamoTransactions,
    ledger: dynamoLedger,
    suppliers: supplierDirectoryFromEnv(),
    events: { transactionSettled: (detail) => publishEvent(EVENT_TYPES.transactionSettled, detail) },
    now: () => new Date(),
    log: domainLog,
  };
  return deps;
});
