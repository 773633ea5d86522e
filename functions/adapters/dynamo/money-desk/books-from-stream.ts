/**
 * The money desk's bookkeeping of supplier calls, kept by the table stream's counter consumer from
 * each batch of purchase changes (decision 135 (docs/decisions/0135-*), rules in
 * domain/money-desk/books-from-stream.ts): each submission's item under its supplier's day and each
 * supplier's float once per chunk (its state and the hours its answers fell in), as items of the
 * chunk's once-only write (transactions/stream-counters.ts) — no request of their own. A float item
 * whose condition fails holds a later observation already: the write goes on without it.
 */
import type { Kobo } from '../../../../shared/money.js';
import { booksOf, type PurchaseChange } from '../../../domain/money-desk/books-from-stream.js';
import type { SupplierAttempt } from '../../../domain/transactions/transactions.js';
import { msorgBalances } from '../../suppliers/msorg/balance.js';
import type { TransactItem } from '../conditional-writes.js';
import { floatSeenItems } from './floats.js';
import { submissionPut } from './reconciliation.js';

/** The balance an answer carried: an MSORG panel's `balance_after` (no other supplier's answer names one). */
export function balanceOfAnswer(attempt: SupplierAttempt): Kobo | undefined {
  return msorgBalances(attempt.response).balanceAfterKobo;
}

/** The items a set of purchase changes writes to the money desk's books, one per item touched. */
export function moneyDeskBookItemsOf(changes: readonly PurchaseChange[]): TransactItem[] {
  const books = booksOf(changes, balanceOfAnswer);
  return [...books.submissions.map(submissionPut), ...books.floats.flatMap(floatSeenItems)];
}
