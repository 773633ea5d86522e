/**
 * Idempotent puts with BatchWriteItem: 25 items a call, each written whole and unconditioned, so
 * writing one again changes nothing. Outside a transaction each costs 1 WCU per started KB, not 2:
 * for items whose every write is the same, a transaction buys nothing. Items DynamoDB leaves
 * unprocessed (throttling) are sent again after a backoff; if some are still left, or the next wait
 * would end past the invocation's deadline less its margin, it throws (the caller's batch is retried whole).
 */
import { BatchWriteCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { keyOf } from './batch-get.js';
import { db, tableName } from './client.js';
import { retryStopAt, untilProcessed } from './retry.js';

type Item = Record<string, unknown> & { pk: unknown; sk: unknown };

const ITEMS_PER_CALL = 25;
type PutEntry = { PutRequest: { Item: Record<string, unknown> } };

export async function batchPutItems(items: readonly Item[]): Promise<void> {
  const table = tableName();
  const stopAt = retryStopAt(Date.now());
  // One request may not name a key twice: the last put of a key is the one kept.
  const unique = [...new Map(items.map((item) => [keyOf(item), item])).values()];
  for (let start = 0; start < unique.length; start += ITEMS_PER_CALL) {
    await untilProcessed(
      unique.slice(start, start + ITEMS_PER_CALL).map((item): PutEntry => ({ PutRequest: { Item: item } })),
      async (pending) => {
        const answer: BatchWriteCommandOutput = await db().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
        return answer.UnprocessedItems?.[table] as PutEntry[] | undefined;
      },
      { operation: 'BatchWriteItem', noun: 'items', stopAt },
    );
  }
}
