/**
 * Off the request path, a user's listing counters trail the records by up to LISTING_COUNTS_LAG_MS
 * (decision 129): a listing answer says `countsUpdating` while the user's newest change is younger
 * than that, judged from the newest record an unfiltered first page shows, or else from one read of
 * the user's newest change; a phone-number filter (summed from its records) never says it.
 */
import { describe, expect, it } from 'vitest';
import { LISTING_COUNTS_LAG_MS } from '../../../shared/constants.js';
import { countsMayTrail, listTransactionsFor, type TransactionListingDeps } from '../../../functions/domain/transactions/transaction-listing.js';
import { listingFigures, type TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import { airtimePurchaseRecord } from '../../support/transaction-record.js';

const now = new Date('2026-12-02T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const ada = { userId: 'U1', isAdmin: false, isAgent: false };

function depsWith(records: TransactionRecord[], latestChangeAt: string | undefined) {
  const probes: string[] = [];
  const deps: TransactionListingDeps = {
    transactions: {
      get: async () => undefined,
      listForUser: async () => records,
      listAll: async () => records,
      listingTotals: async () => ({ count: records.length, figures: listingFigures(records) }),
      listingPage: async () => records,
      latestChangeAt: async (userId) => {
        probes.push(userId);
        return latestChangeAt;
      },
    },
    findUserByUserName: async () => undefined,
    now: () => now,
  };
  return { deps, probes };
}

describe('whether the counts may still trail', () => {
  it('a change younger than the bound may; one as old as the bound, or none, may not', () => {
    expect(countsMayTrail(ago(0), now)).toBe(true);
    expect(countsMayTrail(ago(LISTING_COUNTS_LAG_MS - 1), now)).toBe(true);
    expect(countsMayTrail(ago(LISTING_COUNTS_LAG_MS), now)).toBe(false);
    expect(countsMayTrail(undefined, now)).toBe(false);
  });

  it('an unfiltered first page judges from the records it shows, without a read; a filtered page reads the newest change', async () => {
    const fresh = airtimePurchaseRecord({ id: '01JD7Q4M2X8V3K9T6R5N1B0C2A', userId: ada.userId, trans_UserName: 'ada', updatedAt: ago(500) });
    const unfiltered = depsWith([fresh], undefined);
    expect(await listTransactionsFor(ada, { filter: {}, page: 1 }, unfiltered.deps)).toMatchObject({ countsUpdating: true });
    expect(unfiltered.probes).toEqual([]);

    const filtered = depsWith([], ago(500));
    expect(await listTransactionsFor(ada, { filter: { status: 'success' }, page: 1 }, filtered.deps)).toMatchObject({ countsUpdating: true });
    expect(filtered.probes).toEqual([ada.userId]);
  });

  it('rejection: a settled history, or a phone-number filter (its totals are its records), says nothing', async () => {
    const old = airtimePurchaseRecord({ id: '01JD7Q4M2X8V3K9T6R5N1B0C2B', userId: ada.userId, trans_UserName: 'ada', updatedAt: ago(60_000) });
    const settled = await listTransactionsFor(ada, { filter: {}, page: 1 }, depsWith([old], undefined).deps);
    expect(settled).not.toHaveProperty('countsUpdating');
    const byNumber = depsWith([old], ago(10));
    expect(await listTransactionsFor(ada, { filter: { phoneNumber: '0801' }, page: 1 }, byNumber.deps)).not.toHaveProperty('countsUpdating');
    expect(byNumber.probes).toEqual([]);
  });
});
