/**
 * The rules by which the stream's changes move the platform's figures (domain/platform-counters.ts):
 * the same increments the writers used to add in their own writes.
 */
import { describe, expect, it } from 'vitest';
import { HOUSE_USER_ID } from '../../../functions/domain/wallet/house-account.js';
import { platformListingChange, statDeltasOf, walletChangeOf } from '../../../functions/domain/transactions/platform-counters.js';
import { refundDeltas, saleDeltas } from '../../../functions/domain/back-office/sales-stats.js';
import type { TransactionRecord } from '../../../functions/domain/transactions/transactions.js';

const purchase: TransactionRecord = {
  id: '01PURCHASE',
  userId: 'ada',
  trans_UserName: 'ada',
  userType: 'smart earner',
  trans_Type: 'airtime',
  trans_Status: 'processing',
  trans_Network: 'MTN',
  phone_number: '08011111111',
  amountKobo: 99_00,
  faceValueKobo: 100_00,
  balanceBeforeKobo: 500_00,
  balanceAfterKobo: 401_00,
  walletSeq: 2,
  description: 'airtime',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('sales figures from a record change', () => {
  it('a purchase that became success adds its sale and profit; a claim or a repeated image adds nothing', () => {
    const settled = { ...purchase, trans_Status: 'success' as const, profitKobo: 2_00 };
    expect(statDeltasOf({ before: purchase, after: settled })).toEqual(saleDeltas(settled, 2_00));
    expect(statDeltasOf({ before: purchase, after: { ...purchase, supplier: 'ALARO' } })).toEqual([]);
    expect(statDeltasOf({ before: settled, after: settled })).toEqual([]);
    expect(statDeltasOf({ before: undefined, after: settled })).toEqual([]);
  });

  it('a cable TV or exam PIN purchase that became success is a sale on the dashboard, under its own product', () => {
    for (const [type, network] of [
      ['cable', 'DSTV'],
      ['exam', 'WAEC'],
    ] as const) {
      const bought = { ...purchase, trans_Type: type, trans_Network: network };
      const deltas = statDeltasOf({ before: bought, after: { ...bought, trans_Status: 'success', profitKobo: 3_00 } });
      expect(deltas).toHaveLength(1);
      expect(deltas[0]).toMatchObject({ product: type, network, salesKobo: 99_00, profitKobo: 3_00, salesCount: 1 });
    }
  });

  it('a refund counts on its own day, and a reversed success takes its sale back', () => {
    const refunded = { ...purchase, trans_Status: 'refunded' as const, settledAt: '2026-11-22T09:00:00.000Z' };
    expect(statDeltasOf({ before: purchase, after: refunded })).toEqual(refundDeltas(purchase, new Date('2026-11-22T09:00:00.000Z')));
    const success = { ...purchase, trans_Status: 'success' as const, profitKobo: 2_00 };
    const reversed = statDeltasOf({ before: success, after: { ...success, trans_Status: 'refunded', settledAt: '2026-11-22T09:00:00.000Z' } });
    expect(reversed.reduce((sum, d) => sum + d.salesKobo, 0)).toBe(-99_00);
    expect(reversed.reduce((sum, d) => sum + d.refundCount, 0)).toBe(1);
  });
});

describe('the wallet total from a record change', () => {
  it('a new record moves it by its balance change; a status change does not', () => {
    expect(walletChangeOf({ before: undefined, after: purchase })).toBe(-99_00);
    expect(walletChangeOf({ before: purchase, after: { ...purchase, trans_Status: 'success' } })).toBe(0);
  });

  it('rejection: the house account is left out', () => {
    expect(walletChangeOf({ before: undefined, after: { ...purchase, userId: HOUSE_USER_ID } })).toBe(0);
  });
});

describe('the platform listing from a record change', () => {
  it('the backfill counting a record adds it whole; a status change of an uncounted record moves nothing', () => {
    const legacy = { ...purchase, uncounted: true as const };
    expect(platformListingChange({ before: legacy, after: purchase })).toEqual({ before: undefined, after: purchase });
    expect(platformListingChange({ before: legacy, after: { ...legacy, trans_Status: 'success' } }).before).toBe(legacy);
    expect(platformListingChange({ before: purchase, after: purchase }).before).toBe(purchase);
  });
});
