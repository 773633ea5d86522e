/**
 * Idempotent puts with BatchWriteItem: 25 items a call, each written whole and unconditioned, so
 * writing one again changes nothing. Outside a transaction each costs 1 WCU per started KB, not 2:
 * for items whose every write is the same, a transaction buys nothing. Items DynamoDB leaves
 * unprocessed (throttling) are sent again after a backoff; if some are still left, or the next wait
 * would end past the invocation's deadline less its margin, it throws (the caller's batch is retried whole).
 */
import { BatchWriteCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { backoffMs } from '../../domain/wallet/ledger.js';
import { keyOf } from './batch-get.js';
import { db, tableName } from './client.js';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, realSleep, RetriesExhaustedError, retryStopAt } from './retry.js';

type Item = Record<string, unknown> & { pk: unknown; sk: unknown };

const ITEMS_PER_CALL = 25;
const ROUNDS = 6;

export async function batchPutItems(items: readonly Item[]): Promise<void> {
  const table = tableName();
  const stopAt = retryStopAt(Date.now());
  // One request may not name a key twice: the last put of a key is the one kept.
  const unique = [...new Map(items.map((item) => [keyOf(item), item])).values()];
  for (let start = 0; start < unique.length; start += ITEMS_PER_CALL) {
    let pending: { PutRequest: { Item: Record<string, unknown> } }[] | undefined = unique
      .slice(start, start + ITEMS_PER_CALL)
      .map((item) => ({ PutRequest: { Item: item } }));
    for (let round = 0; pending && pending.length > 0; round++) {
      if (round === ROUNDS) throw new Error(`BatchWriteItem left ${pending.length} items unprocessed after ${ROUNDS} tries`);
      if (round > 0) {
        const wait = backoffMs(round - 1, BACKOFF_BASE_MS, BACKOFF_CAP_MS, Math.random);
        if (Date.now() + wait >= stopAt) throw new RetriesExhaustedError(`BatchWriteItem of ${pending.length} items`, round, undefined);
        await realSleep(wait);
      }
      const answer: BatchWriteCommandOutput = await db().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
      pending = answer.UnprocessedItems?.[table] as typeof pending;
    }
  }
}
