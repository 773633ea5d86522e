/**
 * Which reads a page of GET /transaction makes (decision 43 (docs/decisions/0043-*)): totals from the counters and
 * the page from the index, never every record; a page past the end reads no records; only a
 * phone-number filter (no counters) reads its matching records, page and totals from one read (a
 * whole number's from its own index: phone-listing-dynamo.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { listTransactionsFor, type TransactionListingDeps } from '../../../functions/domain/transactions/transaction-listing.js';
import { listingFigures, type TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import type { TransactionFilter } from '../../../functions/domain/transactions/transactions-port.js';
import { airtimePurchaseRecord } from '../../support/transaction-record.js';

const ada = { userId: 'U1', isAdmin: false, isAgent: false };
const records = Array.from({ length: 45 }, (_, i) => airtimePurchaseRecord({ id: `T${100 - i}`, userId: 'U1', trans_UserName: 'ada' }));

function spyingDeps() {
  const calls: string[] = [];
  const deps: TransactionListingDeps = {
    transactions: {
      get: async () => undefined,
      listForUser: async () => (calls.push('every record'), records),
      listAll: async () => (calls.push('every record'), records),
      listingTotals: async () => (calls.push('totals'), { count: records.length, figures: listingFigures(records) }),
      listingPage: async (_userId: string | undefined, _filter: TransactionFilter, page: number, size: number): Promise<TransactionRecord[]> => {
        calls.push(`page ${page}`);
        return records.slice((page - 1) * size, page * size);
      },
    },
    findUserByUserName: async () => undefined,
  };
  return { calls, deps };
}

describe('a listing page', () => {
  it('takes its totals from the counters and reads only its page', async () => {
    const { calls, deps } = spyingDeps();
    const third = await listTransactionsFor(ada, { filter: {}, page: 3 }, deps);
    expect(calls).toEqual(['totals', 'page 3']);
    expect(third).toMatchObject({ noOfTransaction: 45, totalPages: 3 });
    expect(third.transactions.map((t) => t._id)).toEqual(records.slice(40).map((r) => r.id));
  });

  it('past the end reads no records', async () => {
    const { calls, deps } = spyingDeps();
    const past = await listTransactionsFor(ada, { filter: {}, page: 7 }, deps);
    expect(calls).toEqual(['totals']);
    expect(past).toMatchObject({ transactions: [], noOfTransaction: 45, totalPages: 3 });
  });

  it('with a phone-number filter reads its matching records once, for page and totals (it has no counters)', async () => {
    const { calls, deps } = spyingDeps();
    await listTransactionsFor(ada, { filter: { phoneNumber: '0801' }, page: 1 }, deps);
    expect(calls).toEqual(['every record']);
  });

  it('of an unknown user name is empty and reads nothing', async () => {
    const { calls, deps } = spyingDeps();
    const page = await listTransactionsFor({ ...ada, isAdmin: true }, { filter: {}, userName: 'nobody', page: 1 }, deps);
    expect(calls).toEqual([]);
    expect(page).toMatchObject({ transactions: [], noOfTransaction: 0, totalPages: 1 });
  });
});
