/**
 * The back office's sales figures, kept as running totals per day × product × network so the
 * dashboard reads a bounded number of items however long the history grows.
 *
 * Rules (each delta follows from the stream's change of status that makes the purchase final, summed
 * once per change by the counter consumer; a redelivered settlement or a second refund, whose
 * conditional write fails, changes nothing and so adds nothing):
 * - a purchase counts as a sale only when it becomes `success`, on the day it was placed;
 * - a refund of an open purchase counts as a refund on the day of the refund, never as a sale;
 * - a batch delivered in part is both, in its one settlement: what came is a sale on the day it was
 *   placed, what was credited back a refund on the settlement's day (transactions/sold-part.ts);
 * - a refund of a success (the supplier reversed it) takes the sale and its profit back off the
 *   day it was placed, and counts as a refund on the day of the refund.
 */
import { koboToNaira, type Kobo } from '../../../shared/money.js';
import type { DashboardFigures, SalesRow } from '../../../shared/api/admin.js';
import { PRODUCT_TYPES, type ProductType } from '../../../shared/products.js';
import type { TransactionRecord } from '../transactions/transactions.js';
import { soldPart } from '../transactions/sold-part.js';

/** Every product of the registry is counted: a product sold is never missing from the back office's figures. */
export const STAT_PRODUCTS = PRODUCT_TYPES;
export type StatProduct = ProductType;

/** Days shown on the dashboard, today included. */
export const DASHBOARD_DAYS = 30;

/**
 * Concurrent settlements of one day × product × network spread over this many items, so they
 * seldom collide in a transaction; readers add the shards up.
 */
export const STAT_SHARDS = 4;

// Nigeria keeps West Africa Time (UTC+1) all year: "today" is the operators' day, not UTC's.
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Lagos calendar day (YYYY-MM-DD) of an instant. */
export function dayOf(at: string | Date): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(ms + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The last `count` Lagos days, oldest first, ending today. */
export function lastDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => dayOf(new Date(now.getTime() - (count - 1 - i) * DAY_MS)));
}

export interface StatDelta {
  day: string;
  product: StatProduct;
  network: string;
  shard: number;
  salesKobo: Kobo;
  profitKobo: Kobo;
  salesCount: number;
  refundsKobo: Kobo;
  refundCount: number;
}

/** Running totals of one day × product × network (one shard, or shards added up). */
export type StatTotals = Pick<StatDelta, 'day' | 'product' | 'network' | 'salesKobo' | 'profitKobo' | 'salesCount' | 'refundsKobo' | 'refundCount'>;

function productOf(purchase: Pick<TransactionRecord, 'trans_Type'>): StatProduct | undefined {
  return (STAT_PRODUCTS as readonly string[]).includes(purchase.trans_Type) ? (purchase.trans_Type as StatProduct) : undefined;
}

/** A stable shard of `shards` for an id. */
export function hashShard(id: string, shards: number): number {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) >>> 0;
  return hash % shards;
}

/** A stable shard per purchase: its sale and its reversal land on the same item. */
export const shardOf = (id: string): number => hashShard(id, STAT_SHARDS);

function delta(purchase: TransactionRecord, product: StatProduct, day: string, amounts: Partial<StatDelta>): StatDelta {
  return {
    day,
    product,
    network: purchase.trans_Network || 'OTHER',
    shard: shardOf(purchase.id),
    salesKobo: 0,
    profitKobo: 0,
    salesCount: 0,
    refundsKobo: 0,
    refundCount: 0,
    ...amounts,
  };
}

/**
 * What a purchase's success adds: the sale and its profit, on the day it was placed; for a batch
 * delivered in part, the part that came, and the part credited back as a refund on the settlement's day.
 */
export function saleDeltas(purchase: TransactionRecord, profitKobo: Kobo): StatDelta[] {
  const product = productOf(purchase);
  if (!product) return [];
  const sold = soldPart(purchase);
  const deltas = [delta(purchase, product, dayOf(purchase.createdAt), { salesKobo: sold.amountKobo, profitKobo, salesCount: 1 })];
  if (sold.refundedKobo > 0) {
    const settledOn = dayOf(purchase.settledAt ?? purchase.updatedAt);
    deltas.push(delta(purchase, product, settledOn, { refundsKobo: sold.refundedKobo, refundCount: 1 }));
  }
  return mergeDeltas(deltas);
}

/**
 * What a refund changes: a refund on the refund's day and, when the purchase had succeeded, its
 * sale taken back. Deltas on the same item are merged (a transaction touches an item once).
 */
export function refundDeltas(purchase: TransactionRecord, refundedAt: Date): StatDelta[] {
  const product = productOf(purchase);
  if (!product) return [];
  // A success gives back what it sold (a batch delivered in part had the rest back already).
  const soldKobo = purchase.trans_Status === 'success' ? soldPart(purchase).amountKobo : purchase.amountKobo;
  const deltas = [delta(purchase, product, dayOf(refundedAt), { refundsKobo: soldKobo, refundCount: 1 })];
  if (purchase.trans_Status === 'success') {
    deltas.push(delta(purchase, product, dayOf(purchase.createdAt), { salesKobo: -soldKobo, profitKobo: -(purchase.profitKobo ?? 0), salesCount: -1 }));
  }
  return mergeDeltas(deltas);
}

/**
 * What a refund taken back changes (the purchase settled as delivered after all): its sale, on the day
 * it was placed, and its refund taken off the refund's day.
 */
export function refundReversalDeltas(refunded: TransactionRecord, delivered: TransactionRecord): StatDelta[] {
  const product = productOf(delivered);
  if (!product) return [];
  const refundedAt = dayOf(refunded.settledAt ?? refunded.updatedAt);
  return mergeDeltas([
    ...saleDeltas(delivered, delivered.profitKobo ?? 0),
    delta(refunded, product, refundedAt, { refundsKobo: -refunded.amountKobo, refundCount: -1 }),
  ]);
}

const AMOUNTS = ['salesKobo', 'profitKobo', 'salesCount', 'refundsKobo', 'refundCount'] as const;

export function mergeDeltas(deltas: StatDelta[]): StatDelta[] {
  const merged = new Map<string, StatDelta>();
  for (const d of deltas) {
    const key = `${d.day}#${d.product}#${d.network}#${d.shard}`;
    const seen = merged.get(key);
    if (!seen) merged.set(key, { ...d });
    else for (const amount of AMOUNTS) seen[amount] += d[amount];
  }
  return [...merged.values()];
}

function sumRows(totals: StatTotals[]): SalesRow[] {
  const rows = new Map<string, { product: string; network: string; salesKobo: Kobo; profitKobo: Kobo; count: number }>();
  for (const t of totals) {
    const key = `${t.product}#${t.network}`;
    const row = rows.get(key) ?? { product: t.product, network: t.network, salesKobo: 0, profitKobo: 0, count: 0 };
    row.salesKobo += t.salesKobo;
    row.profitKobo += t.profitKobo;
    row.count += t.salesCount;
    rows.set(key, row);
  }
  return [...rows.values()]
    .filter((row) => row.count !== 0 || row.salesKobo !== 0)
    .sort((a, b) => a.product.localeCompare(b.product) || a.network.localeCompare(b.network))
    .map((row) => ({ product: row.product, network: row.network, sales: koboToNaira(row.salesKobo), profit: koboToNaira(row.profitKobo), count: row.count }));
}

export interface Counts {
  totalUsers: number;
  totalBalanceKobo: Kobo;
  openPurchases: number;
}

/** The dashboard's figures from the last days' totals (any shard order) and the counts. */
export function dashboardFigures(totals: StatTotals[], counts: Counts, now: Date, days = DASHBOARD_DAYS): DashboardFigures {
  const window = lastDays(now, days);
  const today = window[window.length - 1]!;
  const inWindow = totals.filter((t) => t.day >= window[0]! && t.day <= today);
  const ofToday = inWindow.filter((t) => t.day === today);
  const salesPerDay = window.map((day) => {
    const ofDay = inWindow.filter((t) => t.day === day);
    const sum = (pick: (t: StatTotals) => number) => ofDay.reduce((total, t) => total + pick(t), 0);
    return { day, sales: koboToNaira(sum((t) => t.salesKobo)), profit: koboToNaira(sum((t) => t.profitKobo)), count: sum((t) => t.salesCount) };
  });
  return {
    totalUsers: counts.totalUsers,
    totalBalance: koboToNaira(counts.totalBalanceKobo),
    openPurchases: counts.openPurchases,
    refundsToday: {
      count: ofToday.reduce((total, t) => total + t.refundCount, 0),
      amount: koboToNaira(ofToday.reduce((total, t) => total + t.refundsKobo, 0)),
    },
    today: sumRows(ofToday),
    last30Days: sumRows(inWindow),
    salesPerDay,
  };
}
