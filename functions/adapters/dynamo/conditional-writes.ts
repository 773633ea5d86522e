/**
 * Writes whose conditions decide business outcomes (a name taken, a reward already paid, a
 * purchase already settled): a condition that does not hold is an answer, not an error. A
 * transaction that only lost a race (TransactionConflict) is retried with backoff: the retry then
 * sees the winner's writes and fails its condition, or succeeds.
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './client.js';
import { failedConditions, isConditionFailure } from './conditions.js';
import { retryOnConflict } from './retry.js';

/** One item of a TransactWriteItems call. */
export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

export type TransactResult = { ok: true } | { ok: false; failed: number[] };

const TRANSACT_ATTEMPTS = 8;

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
