/**
 * A transaction whose conditions decide business outcomes (a name taken, a reward already paid):
 * it answers which items' conditions failed. One that only lost a race (TransactionConflict) is
 * retried with backoff: the retry then sees the winner's writes and fails its condition, or succeeds.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './client.js';
import { failedConditions } from './conditions.js';
import type { TransactItem } from './ledger.js';
import { retryOnConflict } from './retry.js';

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
