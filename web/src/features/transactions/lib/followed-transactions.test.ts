import { describe, expect, it } from 'vitest';
import type { TransactionView } from '@shared/api/transactions.js';
import { transactionsToFollow, withRow } from './followed-transactions.js';

const row = (id: string, status: TransactionView['trans_Status']) => ({ _id: id, trans_Status: status }) as TransactionView;

describe('which transactions the list follows (poll only an open item on the current page, only its status)', () => {
  it('follows the processing and pending rows of the page on screen', () => {
    expect(transactionsToFollow([row('a', 'success'), row('b', 'processing'), row('c', 'pending'), row('d', 'refunded')])).toEqual(['b', 'c']);
  });

  it('follows nothing when every row is final, so a settled page is never re-read on its own', () => {
    expect(transactionsToFollow([row('a', 'success'), row('b', 'failed'), row('c', 'refunded')])).toEqual([]);
    expect(transactionsToFollow([])).toEqual([]);
  });

  it('a fresher read replaces its row in place; the other rows and the totals stay', () => {
    const page = { transactions: [row('a', 'success'), row('b', 'processing')], noOfTransaction: 2 };
    const updated = withRow(page, row('b', 'success'));
    expect(updated).toEqual({ transactions: [row('a', 'success'), row('b', 'success')], noOfTransaction: 2 });
    expect(transactionsToFollow(updated.transactions)).toEqual([]);
  });

  it('a read of a row no longer on the page changes nothing', () => {
    const page = { transactions: [row('a', 'success')] };
    expect(withRow(page, row('z', 'success'))).toBe(page);
  });
});
