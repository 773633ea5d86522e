/**
 * A batch of recharge cards delivered in part keeps its whole debit on its record (the wallet's chain
 * needs it) and gets the charge of the cards that never came back in its settlement's one write: every
 * sales figure — the listings' totals and counters, the dashboard's sales, profit and loss — counts the
 * delivered part as sold and the rest as a refund of an open purchase, never the whole debit.
 */
import { describe, expect, it } from 'vitest';
import { refundDeltas } from '../../../functions/domain/back-office/sales-stats.js';
import { pnlDeltasOf } from '../../../functions/domain/money-desk/profit-and-loss.js';
import type { BillDetails } from '../../../functions/domain/products/bill-catalogue.js';
import { EPIN_SERVICE_ID } from '../../../functions/domain/products/epin-catalogue.js';
import { contributionOf } from '../../../functions/domain/transactions/listing-aggregates.js';
import { statDeltasOf } from '../../../functions/domain/transactions/platform-counters.js';
import { listingFigures, type TransactionRecord } from '../../../functions/domain/transactions/transactions.js';

const PLACED = '2026-11-20T10:00:00.000Z';
const SETTLED = '2026-11-21T09:00:00.000Z';

const order: BillDetails = {
  family: 'epin',
  serviceId: EPIN_SERVICE_ID,
  productCode: 'epin:MTN-100',
  productName: 'MTN ₦100 recharge card',
  variationCode: '100',
  provider: 'MTN',
  quantity: 10,
  amountKobo: 970_00,
  customerPhone: '',
  businessName: 'Ada Stores',
};

/** 10 MTN ₦100 cards at ₦99 (₦97 to the panel), placed and open. */
const placed: TransactionRecord = {
  id: '01BATCH',
  userId: 'ada',
  trans_UserName: 'ada',
  userType: 'smart earner',
  trans_Type: 'epin',
  trans_Status: 'processing',
  trans_Network: 'MTN',
  phone_number: '',
  amountKobo: 990_00,
  faceValueKobo: 1_000_00,
  costKobo: 970_00,
  balanceBeforeKobo: 2_000_00,
  balanceAfterKobo: 1_010_00,
  walletSeq: 2,
  description: '10 MTN ₦100 recharge cards for Ada Stores',
  createdAt: PLACED,
  updatedAt: PLACED,
  bill: order,
};

/** 5 came: success for them (margin 5 × ₦2), the other 5 × ₦99 credited back in the same write (ledger `partly`). */
const settled: TransactionRecord = {
  ...placed,
  trans_Status: 'success',
  profitKobo: 10_00,
  supplier: 'EPINPANEL',
  refundTransactionId: '01BATCH-refund',
  refundReason: 'short_delivery',
  settledAt: SETTLED,
  updatedAt: SETTLED,
  bill: { ...order, pins: Array.from({ length: 5 }, (_, i) => ({ pin: `PIN${i}`, serial: `S${i}` })), refundedKobo: 495_00 },
};

const refund: TransactionRecord = {
  id: '01BATCH-refund',
  userId: 'ada',
  trans_UserName: 'ada',
  userType: 'smart earner',
  trans_Type: 'refund',
  trans_Status: 'success',
  trans_Network: 'MTN',
  phone_number: '',
  amountKobo: 495_00,
  balanceBeforeKobo: 1_010_00,
  balanceAfterKobo: 1_505_00,
  walletSeq: 3,
  description: 'Refund of the undelivered part of epin purchase 01BATCH',
  relatedTransactionId: '01BATCH',
  refundedBatchId: '01BATCH',
  createdAt: SETTLED,
  updatedAt: SETTLED,
};

const sum = <T>(items: readonly T[], pick: (item: T) => number) => items.reduce((total, item) => total + pick(item), 0);

describe('a batch delivered in part is sold for what came', () => {
  it("the listing's totals: sales and stat volume of the delivered cards; the debit is what the wallet kept", () => {
    const figures = listingFigures([refund, settled]);
    expect(figures).toMatchObject({ totalSalesKobo: 495_00, totalProfitKobo: 10_00, totalDebitKobo: 495_00, totalCreditKobo: 0 });
    expect(figures.stat).toEqual([{ network: 'MTN', type: 'epin', unit: 'NGN', volume: 500_00, profitKobo: 10_00 }]);
  });

  it("the listing's counters add what the totals sum", () => {
    expect(contributionOf(settled)).toMatchObject({ s: 495_00, v: 500_00, p: 10_00, d: 990_00 });
    expect(contributionOf(refund)).toMatchObject({ s: 0, c: 0, d: -495_00 });
  });

  it("the dashboard: the delivered part is a sale on the day it was placed, the rest a refund on the settlement's day", () => {
    const deltas = statDeltasOf({ before: placed, after: settled });
    const ofDay = (day: string) => deltas.filter((d) => d.day === day);
    expect(sum(ofDay('2026-11-20'), (d) => d.salesKobo)).toBe(495_00);
    expect(sum(ofDay('2026-11-20'), (d) => d.profitKobo)).toBe(10_00);
    expect(sum(ofDay('2026-11-20'), (d) => d.salesCount)).toBe(1);
    expect(sum(ofDay('2026-11-21'), (d) => d.refundsKobo)).toBe(495_00);
    expect(sum(ofDay('2026-11-21'), (d) => d.refundCount)).toBe(1);
    expect(sum(deltas, (d) => d.salesKobo)).toBe(495_00);
    expect(sum(deltas, (d) => d.refundsKobo)).toBe(495_00);
  });

  it('a later reversal would take back only the sale the batch made', () => {
    const reversed = refundDeltas(settled, new Date('2026-11-22T09:00:00.000Z'));
    expect(sum(reversed, (d) => d.salesKobo)).toBe(-495_00);
    expect(sum(reversed, (d) => d.profitKobo)).toBe(-10_00);
    expect(sum(reversed, (d) => d.refundsKobo)).toBe(495_00);
  });

  it('profit and loss: revenue and supplier cost of the delivered cards; the rest was never revenue', () => {
    const deltas = pnlDeltasOf({ before: placed, after: settled });
    expect(sum(deltas, (d) => d.revenueKobo)).toBe(495_00);
    expect(sum(deltas, (d) => d.supplierCostKobo)).toBe(485_00);
    expect(sum(deltas, (d) => d.refundsKobo)).toBe(0);
    expect(sum(deltas, (d) => d.count)).toBe(1);
  });

  it('a batch delivered whole is sold whole', () => {
    const whole = { ...settled, profitKobo: 20_00, bill: { ...order, pins: [] } };
    expect(listingFigures([whole])).toMatchObject({ totalSalesKobo: 990_00, totalDebitKobo: 990_00 });
    expect(sum(statDeltasOf({ before: placed, after: whole }), (d) => d.salesKobo)).toBe(990_00);
    expect(sum(statDeltasOf({ before: placed, after: whole }), (d) => d.refundCount)).toBe(0);
    expect(sum(pnlDeltasOf({ before: placed, after: whole }), (d) => d.supplierCostKobo)).toBe(970_00);
  });
});
