/**
 * The money desk's bookkeeping of supplier calls, kept by the table stream's counter consumer from
 * each batch of purchase changes (decision 135 (docs/decisions/0135-*), rules in
 * domain/money-desk/books-from-stream.ts): each supplier's float once per chunk (its state and the hours
 * its answers fell in), as items of the chunk's once-only write (transactions/stream-counters.ts) — a
 * float item whose condition fails holds a later observation already: the write goes on without it;
 * and the batch's submissions under their supplier's day, packed per day and shard (decision 139),
 * idempotent puts of the batch's one BatchWriteItem beside that write (decision 137): a transaction
 * would bill them twice for nothing.
 */
import type { Kobo } from '../../../../shared/money.js';
import { booksOf, submissionsOf, type PurchaseChange } from '../../../domain/money-desk/books-from-stream.js';
import type { SupplierAttempt } from '../../../domain/transactions/transactions.js';
import { msorgBalances } from '../../suppliers/msorg/balance.js';
import type { TransactItem } from '../conditional-writes.js';
import { floatSeenItems } from './floats.js';
import { submissionPacks } from './reconciliation.js';

/**
 * The balance an answer carried: as its reading kept it (a delivery's, `deliveryReading`), else read
 * from the answer kept whole (an MSORG panel's `balance_after`; no other supplier's answer names one).
 */
export function balanceOfAnswer(attempt: SupplierAttempt): Kobo | undefined {
  return attempt.balanceAfterKobo ?? msorgBalances(attempt.response).balanceAfterKobo;
}

/** The float items a set of purchase changes writes, one per item touched (items of the once-only write). */
export function moneyDeskFloatItemsOf(changes: readonly PurchaseChange[]): TransactItem[] {
  return booksOf(changes, balanceOfAnswer).floats.flatMap(floatSeenItems);
}

/**
 * The items a batch of purchase changes records its submissions in: one pack per supplier day and shard
 * (idempotent puts, written outside the once-only write; decision 139).
 */
export function submissionItemsOf(changes: readonly PurchaseChange[]): ReturnType<typeof submissionPacks> {
  // The submissions alone: the floats' reading of every appended answer is the other function's work.
  return submissionPacks(changes.flatMap(submissionsOf));
}
