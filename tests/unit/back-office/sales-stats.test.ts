/** The dashboard's aggregation rules (domain/sales-stats.ts), pure. */
import { describe, expect, it } from 'vitest';
import {
  dashboardFigures,
  dayOf,
  lastDays,
  mergeDeltas,
  refundDeltas,
  saleDeltas,
  shardOf,
  STAT_PRODUCTS,
  STAT_SHARDS,
  type StatTotals,
} from '../../../functions/domain/back-office/sales-stats.js';
import { PRODUCT_TYPES } from '../../../shared/products.js';
import type { TransactionRecord } from '../../../functions/domain/transactions/transactions.js';

const purchase = (overrides: Partial<TransactionRecord> = {}): TransactionRecord =>
  ({
    id: 'p-1',
    userId: 'u-1',
    trans_UserName: 'ada',
    userType: 'smart earner',
    trans_Type: 'airtime',
    trans_Status: 'processing',
    trans_Network: 'MTN',
    amountKobo: 99_00,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  }) as TransactionRecord;

const totals = (day: string, overrides: Partial<StatTotals> = {}): StatTotals => ({
  day,
  product: 'airtime',
  network: 'MTN',
  salesKobo: 0,
  profitKobo: 0,
  salesCount: 0,
  refundsKobo: 0,
  refundCount: 0,
  ...overrides,
});

/** What a set of deltas adds up to, per field. */
const sum = (deltas: ReturnType<typeof saleDeltas>) =>
  deltas.reduce(
    (t, d) => ({
      salesKobo: t.salesKobo + d.salesKobo,
      profitKobo: t.profitKobo + d.profitKobo,
      salesCount: t.salesCount + d.salesCount,
      refundsKobo: t.refundsKobo + d.refundsKobo,
      refundCount: t.refundCount + d.refundCount,
    }),
    { salesKobo: 0, profitKobo: 0, salesCount: 0, refundsKobo: 0, refundCount: 0 },
  );

describe('days are Lagos days (UTC+1)', () => {
  it('an instant late in the UTC evening already belongs to the next Lagos day', () => {
    expect(dayOf('2026-11-20T22:59:59.000Z')).toBe('2026-11-20');
    expect(dayOf('2026-11-20T23:00:00.000Z')).toBe('2026-11-21');
  });

  it('the dashboard window is 30 consecutive days, oldest first, ending today', () => {
    const days = lastDays(new Date('2026-11-25T12:00:00Z'), 30);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-10-27');
    expect(days[29]).toBe('2026-11-25');
  });
});

describe('a success counts as a sale, once, on the day it was placed', () => {
  it('adds its charge, its profit and one sale to its day × product × network', () => {
    const [delta, ...rest] = saleDeltas(purchase({ createdAt: '2026-11-20T23:30:00.000Z' }), 2_00);
    expect(rest).toEqual([]);
    expect(delta).toMatchObject({
      day: '2026-11-21',
      product: 'airtime',
      network: 'MTN',
      salesKobo: 99_00,
      profitKobo: 2_00,
      salesCount: 1,
      refundsKobo: 0,
      refundCount: 0,
    });
  });

  it('every product of the registry is counted: cable TV and exam PINs are sales like airtime, data and electricity', () => {
    expect(STAT_PRODUCTS).toEqual(PRODUCT_TYPES);
    for (const type of PRODUCT_TYPES) {
      const [sale] = saleDeltas(purchase({ trans_Type: type, trans_Network: 'DSTV' }), 1_00);
      expect(sale).toMatchObject({ product: type, network: 'DSTV', salesKobo: 99_00, profitKobo: 1_00, salesCount: 1 });
      expect(refundDeltas(purchase({ trans_Type: type, trans_Status: 'pending' }), new Date('2026-11-22T09:00:00Z'))[0]).toMatchObject({
        product: type,
        refundCount: 1,
      });
    }
  });

  it('rejection: money movements that are not product purchases are no sales', () => {
    for (const type of ['transfer', 'wallet', 'refund', 'withdrawal', 'upgrade', 'bulk', 'earning', 'referrer'] as const)
      expect(saleDeltas(purchase({ trans_Type: type }), 0)).toEqual([]);
    expect(refundDeltas(purchase({ trans_Type: 'transfer' }), new Date())).toEqual([]);
  });
});

describe('a refund reverses or excludes the sale exactly once', () => {
  it('a refund of an open purchase is a refund on the refund day and never a sale', () => {
    const deltas = refundDeltas(purchase({ trans_Status: 'pending' }), new Date('2026-11-22T09:00:00Z'));
    expect(deltas).toHaveLength(1);
    expect(deltas[0]).toMatchObject({ day: '2026-11-22', salesKobo: 0, salesCount: 0, profitKobo: 0, refundsKobo: 99_00, refundCount: 1 });
  });

  it('a refund of a success takes the sale and its profit back off the day it was placed', () => {
    const sold = purchase({ trans_Status: 'success', profitKobo: 2_00 });
    const deltas = refundDeltas(sold, new Date('2026-11-22T09:00:00Z'));
    expect(deltas.find((d) => d.day === '2026-11-20')).toMatchObject({ salesKobo: -99_00, profitKobo: -2_00, salesCount: -1, refundCount: 0 });
    expect(deltas.find((d) => d.day === '2026-11-22')).toMatchObject({ salesKobo: 0, refundsKobo: 99_00, refundCount: 1 });
    // Sale then reversal nets to nothing sold and one refund.
    expect(sum([...saleDeltas(purchase(), 2_00), ...deltas])).toEqual({ salesKobo: 0, profitKobo: 0, salesCount: 0, refundsKobo: 99_00, refundCount: 1 });
  });

  it('a same-day reversal touches its item once (a transaction may not name an item twice)', () => {
    const deltas = refundDeltas(purchase({ trans_Status: 'success', profitKobo: 2_00 }), new Date('2026-11-20T15:00:00Z'));
    expect(deltas).toHaveLength(1);
    expect(deltas[0]).toMatchObject({ salesKobo: -99_00, profitKobo: -2_00, salesCount: -1, refundsKobo: 99_00, refundCount: 1 });
  });

  it('a sale and its reversal land on the same shard', () => {
    const sold = purchase({ id: 'p-xyz', trans_Status: 'success' });
    expect(refundDeltas(sold, new Date('2026-11-20T12:00:00Z'))[0]!.shard).toBe(saleDeltas(sold, 0)[0]!.shard);
    expect(shardOf('p-xyz')).toBeGreaterThanOrEqual(0);
    expect(shardOf('p-xyz')).toBeLessThan(STAT_SHARDS);
  });

  it('merging adds deltas of one item and keeps others apart', () => {
    const a = saleDeltas(purchase({ id: 'a' }), 1_00)[0]!;
    const merged = mergeDeltas([a, { ...a }, { ...a, network: 'GLO' }]);
    expect(merged).toHaveLength(2);
    expect(merged.find((d) => d.network === 'MTN')).toMatchObject({ salesKobo: 198_00, salesCount: 2 });
  });
});

describe('the dashboard figures', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const counts = { totalUsers: 7, totalBalanceKobo: 1_234_56, openPurchases: 2 };

  it('adds shards up per product × network, today and over 30 days, in naira', () => {
    const figures = dashboardFigures(
      [
        totals('2026-11-25', { salesKobo: 100_00, profitKobo: 3_00, salesCount: 1, refundsKobo: 50_00, refundCount: 1 }),
        totals('2026-11-25', { salesKobo: 200_00, profitKobo: 4_00, salesCount: 2 }),
        totals('2026-11-24', { product: 'data', salesKobo: 300_00, profitKobo: 30_00, salesCount: 1 }),
        totals('2026-10-01', { salesKobo: 999_00, salesCount: 9 }),
      ],
      counts,
      now,
    );
    expect(figures).toMatchObject({ totalUsers: 7, totalBalance: 1_234.56, openPurchases: 2, refundsToday: { count: 1, amount: 50 } });
    expect(figures.today).toEqual([{ product: 'airtime', network: 'MTN', sales: 300, profit: 7, count: 3 }]);
    expect(figures.last30Days).toEqual([
      { product: 'airtime', network: 'MTN', sales: 300, profit: 7, count: 3 },
      { product: 'data', network: 'MTN', sales: 300, profit: 30, count: 1 },
    ]);
    expect(figures.salesPerDay).toHaveLength(30);
    expect(figures.salesPerDay.at(-1)).toEqual({ day: '2026-11-25', sales: 300, profit: 7, count: 3 });
    expect(figures.salesPerDay.at(-2)).toEqual({ day: '2026-11-24', sales: 300, profit: 30, count: 1 });
    expect(figures.salesPerDay[0]).toEqual({ day: '2026-10-27', sales: 0, profit: 0, count: 0 });
  });

  it('a fully reversed product × network is no row; no history is 30 empty days', () => {
    const figures = dashboardFigures([totals('2026-11-25', { refundsKobo: 10_00, refundCount: 1 })], counts, now);
    expect(figures.today).toEqual([]);
    expect(figures.salesPerDay.every((d) => d.sales === 0 && d.count === 0)).toBe(true);
  });
});
