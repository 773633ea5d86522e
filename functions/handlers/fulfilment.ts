/**
 * SQS consumer of the fulfilment queue: one message `{transactionId}` per purchase. Partial batch
 * responses: a message fails (and is retried, then dead-lettered) only on a fault; every business
 * outcome — including "another delivery holds the claim" — acknowledges it.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { EVENT_TYPES, fulfilmentMessageSchema } from '../../shared/events.js';
import { dynamoLedger } from '../adapters/dynamo/ledger.js';
import { dynamoTransactions } from '../adapters/dynamo/transactions.js';
import { publishEvent } from '../adapters/events.js';
import { domainLog } from '../adapters/log.js';
import { logger } from '../adapters/observability.js';
import { supplierDirectoryFromEnv } from '../adapters/suppliers/index.js';
import { fulfilPurchase, type FulfilmentDeps } from '../domain/fulfilment.js';

/** Runs `handle` for every record concurrently; failed records are reported for redelivery. */
export async function processSqsBatch(event: SQSEvent, handle: (record: SQSRecord) => Promise<void>): Promise<SQSBatchResponse> {
  const results = await Promise.allSettled(event.Records.map((record) => handle(record)));
  const batchItemFailures = results.flatMap((result, i) => {
    if (result.status === 'fulfilled') return [];
    const record = event.Records[i]!;
    logger.error('message failed; SQS will redeliver it', { messageId: record.messageId, error: String(result.reason) });
    return [{ itemIdentifier: record.messageId }];
  });
  return { batchItemFailures };
}

export function fulfilmentHandler(deps: () => FulfilmentDeps) {
  return (event: SQSEvent): Promise<SQSBatchResponse> =>
    processSqsBatch(event, async (record) => {
      const message = fulfilmentMessageSchema.parse(JSON.parse(record.body));
      const result = await fulfilPurchase(message.transactionId, deps());
      logger.info('fulfilment done', { transactionId: message.transactionId, result, receiveCount: record.attributes?.ApproximateReceiveCount });
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
