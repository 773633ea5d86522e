/** The profit and loss rules (domain/money-desk/profit-and-loss.ts): which record changes move which figures, and the report by period. */
import { describe, expect, it } from 'vitest';
import { batchPnlDeltas, pnlDeltasOf, profitAndLossReport, weekOf, type PnlTotals } from '../../../functions/domain/money-desk/profit-and-loss.js';
import type { TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import { profitAndLossCsv, profitAndLossQuery } from '../../../shared/api/money-desk-pnl.js';

const AT = '2026-03-10T09:00:00.000Z';
const purchase = (over: Partial<TransactionRecord> = {}): TransactionRecord => ({
  id: '01PURCHASE',
  userId: 'u1',
  trans_UserName: 'ada',
  userType: 'reseller',
  trans_Type: 'airtime',
  trans_Status: 'processing',
  trans_Network: 'MTN',
  phone_number: '08011111111',
  amountKobo: 98_00,
  costKobo: 95_00,
  balanceBeforeKobo: 500_00,
  balanceAfterKobo: 402_00,
  walletSeq: 2,
  createdAt: AT,
  updatedAt: AT,
  description: '',
  supplier: 'ALARO',
  ...over,
});

describe('profit and loss: what a record change moves', () => {
  it('a delivered purchase adds its revenue and supplier cost on the day it was placed, by product, supplier and user type', () => {
    const before = purchase();
    const after = purchase({ trans_Status: 'success', profitKobo: 3_00, updatedAt: '2026-03-11T09:00:00.000Z' });
    expect(pnlDeltasOf({ before, after })).toEqual([
      expect.objectContaining({
        day: '2026-03-10',
        product: 'airtime',
        supplier: 'ALARO',
        userType: 'reseller',
        revenueKobo: 98_00,
        supplierCostKobo: 95_00,
        count: 1,
      }),
    ]);
  });

  it('a delivered purchase given back counts as a refund on its refund day; one refunded before delivery moves nothing', () => {
    const delivered = purchase({ trans_Status: 'success' });
    const refundedLater = purchase({ trans_Status: 'refunded', settledAt: '2026-03-12T10:00:00.000Z' });
    expect(pnlDeltasOf({ before: delivered, after: refundedLater })).toEqual([
      expect.objectContaining({ day: '2026-03-12', refundsKobo: 98_00, revenueKobo: 0 }),
    ]);
    expect(pnlDeltasOf({ before: purchase(), after: purchase({ trans_Status: 'refunded' }) })).toEqual([]);
  });

  it('a refund taken back (settled as delivered): revenue and cost on the placed day when it was never delivered; its counted refund taken off the refund day when it was', () => {
    const refundedUndelivered = purchase({ trans_Status: 'refunded', settledAt: '2026-03-12T10:00:00.000Z' });
    const settled = purchase({ trans_Status: 'success', profitKobo: 3_00, supplier: 'GLAD', settledAt: '2026-03-14T10:00:00.000Z' });
    expect(pnlDeltasOf({ before: refundedUndelivered, after: settled })).toEqual([
      expect.objectContaining({ day: '2026-03-10', supplier: 'GLAD', revenueKobo: 98_00, supplierCostKobo: 95_00, count: 1, refundsKobo: 0 }),
    ]);
    const refundedAfterDelivery = purchase({ trans_Status: 'refunded', profitKobo: 3_00, settledAt: '2026-03-12T10:00:00.000Z' });
    expect(pnlDeltasOf({ before: refundedAfterDelivery, after: settled })).toEqual([
      expect.objectContaining({ day: '2026-03-12', supplier: 'ALARO', refundsKobo: -98_00, revenueKobo: 0, count: 0 }),
    ]);
  });

  it('upgrade fees are revenue, earnings paid into a wallet are referral rewards; other records and repeated statuses move nothing', () => {
    const upgrade = purchase({ trans_Type: 'upgrade', trans_Status: 'success', amountKobo: 1_000_00, supplier: undefined, costKobo: undefined });
    expect(pnlDeltasOf({ before: undefined, after: upgrade })).toEqual([
      expect.objectContaining({ product: 'upgrade', supplier: 'none', revenueKobo: 1_000_00 }),
    ]);
    const earning = purchase({ trans_Type: 'earning', trans_Status: 'success', amountKobo: 500_00, supplier: undefined });
    expect(pnlDeltasOf({ before: undefined, after: earning })).toEqual([expect.objectContaining({ product: 'referral', referralRewardsKobo: 500_00 })]);
    expect(pnlDeltasOf({ before: undefined, after: purchase({ trans_Type: 'wallet', trans_Status: 'success' }) })).toEqual([]);
    expect(pnlDeltasOf({ before: purchase({ trans_Status: 'success' }), after: purchase({ trans_Status: 'success' }) })).toEqual([]);
  });

  it('a batch merges the increments of one group and shard', () => {
    const a = { before: purchase(), after: purchase({ trans_Status: 'success' as const }) };
    const merged = batchPnlDeltas([a, a]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ revenueKobo: 196_00, supplierCostKobo: 190_00, count: 2 });
  });
});

describe('profit and loss: the report', () => {
  const totals: PnlTotals[] = [
    {
      day: '2026-03-09',
      product: 'airtime',
      supplier: 'ALARO',
      userType: 'reseller',
      revenueKobo: 100_00,
      supplierCostKobo: 90_00,
      referralRewardsKobo: 0,
      refundsKobo: 0,
      count: 1,
    },
    {
      day: '2026-03-10',
      product: 'airtime',
      supplier: 'ALARO',
      userType: 'reseller',
      revenueKobo: 200_00,
      supplierCostKobo: 180_00,
      referralRewardsKobo: 0,
      refundsKobo: 50_00,
      count: 2,
    },
    {
      day: '2026-03-10',
      product: 'referral',
      supplier: 'none',
      userType: 'smart earner',
      revenueKobo: 0,
      supplierCostKobo: 0,
      referralRewardsKobo: 5_00,
      refundsKobo: 0,
      count: 0,
    },
    {
      day: '2026-04-01',
      product: 'data',
      supplier: 'GLAD',
      userType: 'api user',
      revenueKobo: 1_00,
      supplierCostKobo: 0,
      referralRewardsKobo: 0,
      refundsKobo: 0,
      count: 1,
    },
  ];

  it('margin = revenue − cost, net = margin − rewards − refunds; weeks start on Monday, months by calendar; every period of the range has a point', () => {
    const week = profitAndLossReport(totals, 'week', { from: '2026-03-09', to: '2026-03-22' });
    expect(weekOf('2026-03-15')).toBe('2026-03-09');
    expect(week.periods.map((p) => p.period)).toEqual(['2026-03-09', '2026-03-16']);
    expect(week.total).toEqual({ revenue: 300, supplierCost: 270, margin: 30, referralRewards: 5, refunds: 50, net: -25, count: 3 });
    expect(week.rows.find((r) => r.product === 'airtime')).toMatchObject({ period: '2026-03-09', revenue: 300, margin: 30, refunds: 50, net: -20 });
    const month = profitAndLossReport(totals, 'month', { from: '2026-03-01', to: '2026-04-30' });
    expect(month.periods.map((p) => [p.period, p.revenue])).toEqual([
      ['2026-03', 300],
      ['2026-04', 1],
    ]);
    expect(profitAndLossCsv(month).split('\n')[0]).toBe('period,product,supplier,userType,revenue,supplierCost,margin,referralRewards,refunds,net,count');
  });

  it('rejection: a bad period, a reversed range or a range past a year is refused with a message', () => {
    expect(profitAndLossQuery.safeParse({ period: 'year' }).error?.issues[0]?.message).toBe('period must be day, week or month');
    expect(profitAndLossQuery.safeParse({ from: '2026-03-10', to: '2026-03-01' }).error?.issues[0]?.message).toBe('from must not be after to');
    expect(profitAndLossQuery.safeParse({ from: '2024-01-01', to: '2026-03-01' }).success).toBe(false);
    expect(profitAndLossQuery.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(profitAndLossQuery.parse({})).toEqual({ period: 'day' });
  });

  it('rejection: a day that is no date at all (month 13, day 45) is refused with the day message, not thrown', () => {
    for (const day of ['2024-13-45', '2024-00-10', '9999-99-99']) {
      expect(profitAndLossQuery.safeParse({ from: day }).error?.issues[0]?.message).toBe('from must be a day (YYYY-MM-DD)');
      expect(profitAndLossQuery.safeParse({ to: day }).error?.issues[0]?.message).toBe('to must be a day (YYYY-MM-DD)');
    }
  });
});
