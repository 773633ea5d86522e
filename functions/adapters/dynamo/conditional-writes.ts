/**
 * Writes whose conditions decide business outcomes (a name taken, a reward already paid, a
 * purchase already settled): a condition that does not hold is an answer, not an error. A
 * transaction that only lost a race (TransactionConflict) is retried with backoff: the retry then
 * sees the winner's writes and fails its condition, or succeeds.
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client.js';
import { failedConditions, isConditionFailure } from './conditions.js';
import { retryOnConflict } from './retry.js';

/** One item of a TransactWriteItems call. */
export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

export type TransactResult = { ok: true } | { ok: false; failed: number[] };

const TRANSACT_ATTEMPTS = 8;

/** DynamoDB's limit on the items of one TransactWriteItems. */
export const MAX_TRANSACT_ITEMS = 100;

/** `failed` holds the positions (in `items`) of the items whose condition did not hold. */
export function transactWrite(items: TransactItem[], what: string): Promise<TransactResult> {
  return retryOnConflict<TransactResult>(
    async () => {
      try {
        await db().send(new TransactWriteCommand({ TransactItems: items }));
        return { ok: true };
      } catch (error) {
        const failed = failedConditions(error);
        if (failed) return { ok: false, failed };
        throw error;
      }
    },
    { attempts: TRANSACT_ATTEMPTS, what },
  );
}

/** The item as the update left it, or undefined when the condition refused it. */
export async function conditionalUpdateReturning(input: ConstructorParameters<typeof UpdateCommand>[0]): Promise<Record<string, unknown> | undefined> {
  try {
    return (await db().send(new UpdateCommand({ ...input, ReturnValues: 'ALL_NEW' }))).Attributes;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Runs a conditional update; false when its condition did not hold. */
export async function conditionalUpdate(input: ConstructorParameters<typeof UpdateCommand>[0]): Promise<boolean> {
  try {
    await db().send(new UpdateCommand(input));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Puts each item unless one with its key exists, a transaction of up to MAX_TRANSACT_ITEMS at a time
 * instead of a request per item: a seed of a hundred rows on a fresh table is one request. A
 * transaction refused because some items exist is sent again without them (each round drops at
 * least one). Answers, for each item, whether this call created it.
 */
export async function putAllIfAbsent(items: Array<Record<string, unknown>>, what: string): Promise<boolean[]> {
  const created = items.map(() => false);
  for (let start = 0; start < items.length; start += MAX_TRANSACT_ITEMS) {
    let pending = items.slice(start, start + MAX_TRANSACT_ITEMS).map((_, offset) => start + offset);
    while (pending.length > 0) {
      const puts = pending.map((index) => ({ Put: { TableName: tableName(), Item: items[index], ConditionExpression: 'attribute_not_exists(pk)' } }));
      const written = await transactWrite(puts, what);
      if (written.ok) {
        for (const index of pending) created[index] = true;
        break;
      }
      const existing = new Set(written.failed.map((position) => pending[position]));
      pending = pending.filter((index) => !existing.has(index));
    }
  }
  return created;
}
