/**
 * SQS partial batch responses (ReportBatchItemFailures), without shared state between
 * invocations: the local cloud runs handlers in-process and may run two batches at once.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../adapters/observability.js';

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
