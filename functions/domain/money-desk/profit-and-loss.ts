/**
 * Profit and loss: what each product earned, by Lagos day × product × supplier × user type, summed
 * off the request path from the table's stream (each change of a transaction record, once).
 *
 * Rules (each from a change of one record, so a change delivered again adds nothing beyond the
 * counter consumer's own once-only rule):
 * - revenue and supplier cost: a purchase that becomes `success` adds what the user paid and what
 *   the supplier charged, on the day it was placed; of a batch delivered in part, for what came only
 *   (transactions/sold-part.ts); an upgrade fee (written final) is revenue with no supplier cost, on its day;
 * - refunds: a delivered purchase given back (an operator's refund or the supplier's reversal) adds
 *   what was paid on the refund's day; its revenue and cost stay where they were earned and paid.
 *   A purchase refunded before it was delivered was never revenue, so it moves nothing here, nor
 *   does the part of a batch that never came;
 * - a refund taken back (settled as delivered: the supplier delivered after all): a purchase refunded
 *   before delivery becomes revenue and cost on the day it was placed; one refunded after delivery
 *   has its refund taken off the refund's day;
 * - referral rewards: referral earnings moved into a wallet (an `earning` record), on their day;
 * - margin = revenue − supplier cost; net = margin − referral rewards − refunds.
 */
import { koboToNaira, type Kobo } from '../../../shared/money.js';
import type { PnlFigures, PnlPeriod, PnlPeriodTotal, PnlRow, ProfitAndLossResponse } from '../../../shared/api/money-desk-pnl.js';
import { isProductType } from '../../../shared/products.js';
import { dayOf, hashShard } from '../back-office/sales-stats.js';
import { isOpen } from '../purchases/purchase-state.js';
import type { TransactionRecord } from '../transactions/transactions.js';
import { soldPart } from '../transactions/sold-part.js';

/** One change of a transaction record, as the stream carries it. */
export interface PnlRecordChange {
  before: TransactionRecord | undefined;
  after: TransactionRecord;
}

/** Concurrent changes of one group spread over this many items, so the consumers seldom collide. */
export const PNL_SHARDS = 4;

/** A group no supplier served (upgrade fees, referral rewards). */
export const NO_SUPPLIER = 'none';
/** A record written before the user's type was kept on it. */
export const UNKNOWN_USER_TYPE = 'unknown';
/** Referral rewards' own row: they belong to no product. */
export const REFERRAL_PRODUCT = 'referral';

export interface PnlKey {
  day: string;
  product: string;
  supplier: string;
  userType: string;
}

export interface PnlAmounts {
  revenueKobo: Kobo;
  supplierCostKobo: Kobo;
  referralRewardsKobo: Kobo;
  refundsKobo: Kobo;
  count: number;
}

export interface PnlDelta extends PnlKey, PnlAmounts {
  shard: number;
}

/** Totals of one group (one shard, or shards added up). */
export type PnlTotals = PnlKey & PnlAmounts;

const ZERO: PnlAmounts = { revenueKobo: 0, supplierCostKobo: 0, referralRewardsKobo: 0, refundsKobo: 0, count: 0 };
const AMOUNTS = ['revenueKobo', 'supplierCostKobo', 'referralRewardsKobo', 'refundsKobo', 'count'] as const;

function deltaOf(record: TransactionRecord, product: string, day: string, amounts: Partial<PnlAmounts>): PnlDelta {
  return {
    day,
    product,
    supplier: record.supplier || NO_SUPPLIER,
    userType: record.userType ?? UNKNOWN_USER_TYPE,
    shard: hashShard(record.id, PNL_SHARDS),
    ...ZERO,
    ...amounts,
  };
}

/** What a purchase's supplier charged: its recorded cost, else what its recorded profit leaves. */
export function supplierCostOf(purchase: Pick<TransactionRecord, 'amountKobo' | 'costKobo' | 'profitKobo'>): Kobo {
  if (purchase.costKobo !== undefined) return purchase.costKobo;
  return purchase.amountKobo - (purchase.profitKobo ?? 0);
}

/** The P&L increments one record change makes (none for most changes). */
export function pnlDeltasOf({ before, after }: PnlRecordChange): PnlDelta[] {
  if (!before) {
    // Written final: an upgrade fee is revenue; earnings moved to a wallet are referral rewards paid.
    if (after.trans_Status !== 'success') return [];
    if (after.trans_Type === 'upgrade') return [deltaOf(after, 'upgrade', dayOf(after.createdAt), { revenueKobo: after.amountKobo, count: 1 })];
    if (after.trans_Type === 'earning') return [deltaOf(after, REFERRAL_PRODUCT, dayOf(after.createdAt), { referralRewardsKobo: after.amountKobo })];
    return [];
  }
  if (!isProductType(after.trans_Type) || before.trans_Status === after.trans_Status) return [];
  if (after.trans_Status === 'success' && isOpen(before.trans_Status)) {
    const sold = soldPart(after);
    const supplierCostKobo = supplierCostOf({ amountKobo: sold.amountKobo, costKobo: sold.costKobo, profitKobo: after.profitKobo });
    return [deltaOf(after, after.trans_Type, dayOf(after.createdAt), { revenueKobo: sold.amountKobo, supplierCostKobo, count: 1 })];
  }
  if (after.trans_Status === 'refunded' && before.trans_Status === 'success') {
    return [deltaOf(before, before.trans_Type, dayOf(after.settledAt ?? after.updatedAt), { refundsKobo: soldPart(before).amountKobo })];
  }
  if (after.trans_Status === 'success' && before.trans_Status === 'refunded') {
    // Its refund taken back (settled as delivered from the reconciliation). A profit is recorded only on
    // delivery, so one on the refunded record means it had been delivered and its refund counted: that
    // refund is taken back on its own day. Otherwise it was never revenue: it is now, like any delivery.
    if (before.profitKobo !== undefined) {
      return [deltaOf(before, before.trans_Type, dayOf(before.settledAt ?? before.updatedAt), { refundsKobo: -before.amountKobo })];
    }
    return [deltaOf(after, after.trans_Type, dayOf(after.createdAt), { revenueKobo: after.amountKobo, supplierCostKobo: supplierCostOf(after), count: 1 })];
  }
  return [];
}

const keyOf = (d: PnlKey & { shard?: number }): string => `${d.day}#${d.product}#${d.supplier}#${d.userType}#${d.shard ?? ''}`;

/** A batch's increments, one per group × shard (a transaction touches an item once); all-zero ones left out. */
export function mergePnlDeltas(deltas: readonly PnlDelta[]): PnlDelta[] {
  const merged = new Map<string, PnlDelta>();
  for (const d of deltas) {
    const seen = merged.get(keyOf(d));
    if (!seen) merged.set(keyOf(d), { ...d });
    else for (const amount of AMOUNTS) seen[amount] += d[amount];
  }
  return [...merged.values()].filter((d) => AMOUNTS.some((amount) => d[amount] !== 0));
}

export const batchPnlDeltas = (changes: readonly PnlRecordChange[]): PnlDelta[] => mergePnlDeltas(changes.flatMap(pnlDeltasOf));

// ---------------------------------------------------------------------------------------------
// Periods

const DAY_MS = 86_400_000;

/** Monday of a day's ISO week (YYYY-MM-DD). */
export function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const fromMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - fromMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The period a day falls in: the day itself, its week's Monday, or its month (YYYY-MM). */
export function periodOf(day: string, period: PnlPeriod): string {
  if (period === 'week') return weekOf(day);
  if (period === 'month') return day.slice(0, 7);
  return day;
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** Days a report covers when not told: the last 30, today included. */
export const PNL_DEFAULT_DAYS = 30;

/** The report's range: as asked, else the last PNL_DEFAULT_DAYS Lagos days up to today. */
export function reportRange(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = query.to ?? dayOf(now);
  const from = query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (PNL_DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

function figuresOf(amounts: PnlAmounts): PnlFigures {
  const marginKobo = amounts.revenueKobo - amounts.supplierCostKobo;
  return {
    revenue: koboToNaira(amounts.revenueKobo),
    supplierCost: koboToNaira(amounts.supplierCostKobo),
    margin: koboToNaira(marginKobo),
    referralRewards: koboToNaira(amounts.referralRewardsKobo),
    refunds: koboToNaira(amounts.refundsKobo),
    net: koboToNaira(marginKobo - amounts.referralRewardsKobo - amounts.refundsKobo),
    count: amounts.count,
  };
}

function add(into: PnlAmounts, from: PnlAmounts): void {
  for (const amount of AMOUNTS) into[amount] += from[amount];
}

/** The report from the stored totals (any shard order): rows per period × group, a point per period, the total. */
export function profitAndLossReport(totals: readonly PnlTotals[], period: PnlPeriod, range: { from: string; to: string }): ProfitAndLossResponse {
  const inRange = totals.filter((t) => t.day >= range.from && t.day <= range.to);
  const rows = new Map<string, PnlKey & PnlAmounts>();
  const points = new Map<string, PnlAmounts>(daysBetween(range.from, range.to).map((day) => [periodOf(day, period), { ...ZERO }]));
  const total = { ...ZERO };
  for (const t of inRange) {
    const at = periodOf(t.day, period);
    const key = keyOf({ ...t, day: at });
    const row = rows.get(key) ?? { day: at, product: t.product, supplier: t.supplier, userType: t.userType, ...ZERO };
    add(row, t);
    rows.set(key, row);
    add(points.get(at)!, t);
    add(total, t);
  }
  const ordered: PnlRow[] = [...rows.values()]
    .filter((row) => AMOUNTS.some((amount) => row[amount] !== 0))
    .sort(
      (a, b) =>
        a.day.localeCompare(b.day) || a.product.localeCompare(b.product) || a.supplier.localeCompare(b.supplier) || a.userType.localeCompare(b.userType),
    )
    .map((row) => ({ period: row.day, product: row.product, supplier: row.supplier, userType: row.userType, ...figuresOf(row) }));
  const periods: PnlPeriodTotal[] = [...points].map(([at, amounts]) => ({ period: at, ...figuresOf(amounts) }));
  return { period, from: range.from, to: range.to, rows: ordered, periods, total: figuresOf(total) };
}
