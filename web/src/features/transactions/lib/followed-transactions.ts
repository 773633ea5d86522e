import type { TransactionView } from '@shared/api/transactions.js';
import { OPEN_STATUSES } from '@shared/constants.js';

type Row = Pick<TransactionView, '_id' | 'trans_Status'>;

/**
 * The transactions of the page on screen whose status may still change (processing, pending): the
 * only ones worth re-reading. A settled page is not read again on its own, and an open
 * transaction on another page is not followed.
 */
export function transactionsToFollow(page: readonly Row[]): string[] {
  return page.filter((row) => OPEN_STATUSES.includes(row.trans_Status)).map((row) => row._id);
}

/** The page with one row replaced by its fresher read (same place; other rows untouched). */
export function withRow<Page extends { transactions: TransactionView[] }>(page: Page, fresh: TransactionView): Page {
  if (!page.transactions.some((row) => row._id === fresh._id)) return page;
  return { ...page, transactions: page.transactions.map((row) => (row._id === fresh._id ? fresh : row)) };
}
