/**
 * Second consumer of the table's stream: sums each batch of transaction changes into the counters
 * (each user's listing counters, the platform's listing shards, sales figures, wallet total), each
 * change once (adapters/dynamo/stream-counters.ts); and, in the same writes, the money desk's books of
 * supplier calls — each supplier's day of submissions and its float as the answers saw it
 * (adapters/dynamo/money-desk/books-from-stream.ts, decision 135). One consumer, not a third: a
 * DynamoDB stream's shard serves two readers at most without throttling.
 * A failure throws: the mapping retries the whole batch from its first record, as the once-only marks need.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { ENV_GROUPS, loadEnv } from '../adapters/environment.js';
import { transactionOfImage } from '../adapters/dynamo/transactions/stream-images.js';
import { sumIntoCounters, type SequencedChange } from '../adapters/dynamo/transactions/stream-counters.js';
import { backgroundFunction } from '../middleware/background.js';

export function changesOf(event: DynamoDBStreamEvent): SequencedChange[] {
  return event.Records.flatMap((record) => {
    const after = transactionOfImage(record.dynamodb?.NewImage);
    const sequenceNumber = record.dynamodb?.SequenceNumber;
    if (!after || !sequenceNumber) return [];
    return [{ sequenceNumber, eventId: record.eventID ?? '', before: transactionOfImage(record.dynamodb?.OldImage), after }];
  });
}

export const transactionCountersHandler = async (event: DynamoDBStreamEvent): Promise<void> => {
  await sumIntoCounters(changesOf(event));
};

loadEnv([...ENV_GROUPS.table]);

export const handler = backgroundFunction(transactionCountersHandler);
