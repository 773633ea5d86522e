/**
 * The listing's totals kept as running counters, so a page's figures cost the days of its filter,
 * not the transactions in them (decision 43 (docs/decisions/0043-*)).
 *
 * Every record contributes to one bucket, type × status × network × user type, on the Lagos day it
 * was created, exactly what `listingFigures` would sum for it. A write that creates a record adds its
 * contribution; a write that changes its status or figures subtracts the old contribution and adds
 * the new (the counts move from the old status's bucket to the new). The user's and the platform's
 * counters alike are these deltas summed from the table's stream (domain/platform-counters.ts), off the
 * request path: they follow the records by the counter consumer's batching window (decision 129).
 */
import type { TransactionStatus, TransactionType } from '../../../shared/constants.js';
import type { Kobo } from '../../../shared/money.js';
import { LISTING_COUNTER_FIELDS, LISTING_COUNTER_SEPARATOR } from '../../../shared/table.js';
import { dayOf, hashShard } from '../back-office/sales-stats.js';
import { dataVolumeGb, isPurchase, walletFlowOf, type ListingFigures, type TransactionRecord } from './transactions.js';
import { soldPart } from './sold-part.js';

/** Platform-wide counters of one day and type spread over this many items, so no item takes every write. */
export const AGGREGATE_SHARDS = 4;

/** What one record adds to its bucket. */
export interface BucketFigures {
  /** Records. */
  n: number;
  /** Debit, kobo (not counted once refunded). */
  d: Kobo;
  /** Credit, kobo (refunds left out). */
  c: Kobo;
  /** Naira sales of successful purchases, kobo. */
  s: Kobo;
  /** Stat volume of successful purchases: data in MB, airtime and electricity face value in kobo. */
  v: number;
  /** Profit of successful purchases, kobo. */
  p: Kobo;
}

const FIELDS = LISTING_COUNTER_FIELDS satisfies readonly (keyof BucketFigures)[];

export interface Bucket {
  type: TransactionType;
  status: TransactionStatus;
  network: string;
  /** '' for a record without one. */
  userType: string;
}

/** The counters of one record's write: its user's day item and a platform item of its day, type and shard. */
export interface AggregateDelta {
  userId: string;
  day: string;
  type: TransactionType;
  shard: number;
  /** Attribute name (field × bucket) → increment; zero increments left out. */
  amounts: Record<string, number>;
}

/** The filters the counters answer (a phone-number filter has none). */
export interface BucketFilter {
  type?: TransactionType;
  status?: TransactionStatus;
  userType?: string;
}

const SEPARATOR = LISTING_COUNTER_SEPARATOR;

/** The stored attribute of one field of one bucket (the network is free text: escaped so the separator stays one). */
export function aggregateAttribute(field: keyof BucketFigures, bucket: Bucket): string {
  return [field, bucket.type, bucket.status, encodeURIComponent(bucket.network), bucket.userType].join(SEPARATOR);
}

function parseAttribute(name: string): { field: keyof BucketFigures; bucket: Bucket } | undefined {
  const parts = name.split(SEPARATOR);
  if (parts.length !== 5 || !(FIELDS as readonly string[]).includes(parts[0]!)) return undefined;
  const [field, type, status, network, userType] = parts as [keyof BucketFigures, TransactionType, TransactionStatus, string, string];
  return { field, bucket: { type, status, network: decodeURIComponent(network), userType } };
}

/**
 * The counter item an attribute is kept in, within its scope (a user's or the platform's, a day or
 * all time): one per network × user type. A record's network and user type never change, so a
 * status change moves its counts within one item, and an item holds at most the statuses × fields
 * of one group: its size, and what each write of it costs, stay bounded however many networks,
 * discos and user types the platform sells to. Undefined for a name that is no counter.
 */
export function counterGroupOf(attribute: string): string | undefined {
  const parts = attribute.split(SEPARATOR);
  if (parts.length !== 5) return undefined;
  // The network is stored escaped already; '-' stands for an empty part, so no key ends in '#'.
  return `${parts[3] || '-'}#${encodeURIComponent(parts[4]!) || '-'}`;
}

/** A delta's increments split by the counter item that keeps them (`counterGroupOf`). */
export function amountsByGroup(amounts: Record<string, number>): Map<string, Record<string, number>> {
  const groups = new Map<string, Record<string, number>>();
  for (const [name, amount] of Object.entries(amounts)) {
    const group = counterGroupOf(name);
    if (group === undefined) continue;
    groups.set(group, { ...groups.get(group), [name]: amount });
  }
  return groups;
}

export function bucketOf(record: TransactionRecord): Bucket {
  return { type: record.trans_Type, status: record.trans_Status, network: record.trans_Network, userType: record.userType ?? '' };
}

/** MB of a data purchase: `listingFigures` rounds its GB sums to the MB, so whole MB add up to the same. */
const dataVolumeMb = (record: TransactionRecord) => Math.round(dataVolumeGb(record) * 1000);

/** One record's share of the figures, by the rules of `listingFigures`. */
export function contributionOf(record: TransactionRecord): BucketFigures {
  const figures: BucketFigures = { n: 1, d: 0, c: 0, s: 0, v: 0, p: 0 };
  const flow = walletFlowOf(record);
  figures.d = flow.debitKobo;
  figures.c = flow.creditKobo;
  if (isPurchase(record.trans_Type) && record.trans_Status === 'success') {
    const sold = soldPart(record);
    figures.s = sold.amountKobo;
    figures.v = record.trans_Type === 'data' ? dataVolumeMb(record) : (sold.faceValueKobo ?? sold.amountKobo);
    figures.p = record.profitKobo ?? 0;
  }
  return figures;
}

/**
 * What a write changes in the counters: `after`'s contribution added, `before`'s (when the record
 * existed) taken away. The day, user, type and shard never change with a record's status.
 *
 * Nothing moves for a record not yet counted (`before.uncounted`): it was never added, and the
 * backfill adds it as it stands when it gets there (`aggregateDeltas(undefined, record)`). The
 * writer's condition that it is still uncounted (`countersMovedSince` on refusal) keeps a race
 * with the backfill from counting it twice or never.
 */
export function aggregateDeltas(before: TransactionRecord | undefined, after: TransactionRecord): AggregateDelta {
  const amounts: Record<string, number> = {};
  const base = { userId: after.userId, day: dayOf(after.createdAt), type: after.trans_Type, shard: hashShard(after.id, AGGREGATE_SHARDS) };
  if (before?.uncounted) return { ...base, amounts };
  const add = (record: TransactionRecord, sign: 1 | -1) => {
    const figures = contributionOf(record);
    const bucket = bucketOf(record);
    for (const field of FIELDS) {
      if (figures[field] === 0) continue;
      const name = aggregateAttribute(field, bucket);
      amounts[name] = (amounts[name] ?? 0) + sign * figures[field];
    }
  };
  add(after, 1);
  if (before) add(before, -1);
  for (const [name, amount] of Object.entries(amounts)) if (amount === 0) delete amounts[name];
  return { ...base, amounts };
}

/**
 * Whether a record moved, since `read` was read, in what a status change's counters depend on: its
 * status (the bucket they move from) or whether it is counted at all (the backfill counted it). A
 * writer whose condition was refused plans again on the record as it now stands exactly then.
 */
export function countersMovedSince(read: TransactionRecord, current: TransactionRecord): boolean {
  return read.trans_Status !== current.trans_Status || (read.uncounted ?? false) !== (current.uncounted ?? false);
}

/** Bucket sums, keyed by bucket. */
export type BucketSums = Map<string, { bucket: Bucket; figures: BucketFigures }>;

const bucketKey = (bucket: Bucket) => [bucket.type, bucket.status, bucket.network, bucket.userType].join('\u0000');

function addTo(sums: BucketSums, bucket: Bucket, field: keyof BucketFigures, amount: number): void {
  const key = bucketKey(bucket);
  const entry = sums.get(key) ?? { bucket, figures: { n: 0, d: 0, c: 0, s: 0, v: 0, p: 0 } };
  entry.figures[field] += amount;
  sums.set(key, entry);
}

/** Adds stored counter items (any other attribute is ignored) and records read directly to the sums. */
export function sumBuckets(items: readonly Record<string, unknown>[], records: readonly TransactionRecord[] = []): BucketSums {
  const sums: BucketSums = new Map();
  for (const item of items) {
    for (const [name, value] of Object.entries(item)) {
      if (typeof value !== 'number') continue;
      const parsed = parseAttribute(name);
      if (parsed) addTo(sums, parsed.bucket, parsed.field, value);
    }
  }
  for (const record of records) {
    const figures = contributionOf(record);
    for (const field of FIELDS) addTo(sums, bucketOf(record), field, figures[field]);
  }
  return sums;
}

/** Whether a bucket's records match the filter, with the listing's rules for what is shown (listingQueryInput). */
export function bucketMatches(bucket: Bucket, filter: BucketFilter): boolean {
  // A withdrawal shows as type wallet, and as pending while open (transaction-labels.ts).
  if (filter.type === 'wallet' ? bucket.type !== 'wallet' && bucket.type !== 'withdrawal' : filter.type !== undefined && bucket.type !== filter.type)
    return false;
  if (filter.status === 'pending') {
    if (bucket.status !== 'pending' && !(bucket.status === 'processing' && bucket.type === 'withdrawal')) return false;
  } else if (filter.status !== undefined && bucket.status !== filter.status) return false;
  return filter.userType === undefined || bucket.userType === filter.userType;
}

export interface ListingTotals {
  count: number;
  figures: ListingFigures;
}

/** The listing's count and figures over the matching buckets: what `listingFigures` gives over their records. */
export function listingTotals(sums: BucketSums, filter: BucketFilter): ListingTotals {
  let count = 0;
  let totalSalesMb = 0;
  const figures: ListingFigures = { totalSalesGb: 0, totalSalesKobo: 0, totalProfitKobo: 0, totalDebitKobo: 0, totalCreditKobo: 0, stat: [] };
  const byProduct = new Map<string, { network: string; type: TransactionType; volume: number; profitKobo: Kobo }>();
  for (const { bucket, figures: sum } of sums.values()) {
    if (!bucketMatches(bucket, filter)) continue;
    count += sum.n;
    figures.totalDebitKobo += sum.d;
    figures.totalCreditKobo += sum.c;
    if (!isPurchase(bucket.type) || bucket.status !== 'success' || sum.n === 0) continue;
    figures.totalSalesKobo += sum.s;
    figures.totalProfitKobo += sum.p;
    if (bucket.type === 'data') totalSalesMb += sum.v;
    const network = bucket.network || 'OTHER';
    const key = `${network}\u0000${bucket.type}`;
    const stat = byProduct.get(key) ?? { network, type: bucket.type, volume: 0, profitKobo: 0 };
    stat.volume += sum.v;
    stat.profitKobo += sum.p;
    byProduct.set(key, stat);
  }
  figures.totalSalesGb = totalSalesMb / 1000;
  figures.stat = [...byProduct.values()]
    .map((stat) =>
      stat.type === 'data'
        ? { network: stat.network, type: stat.type, unit: 'GB' as const, volume: stat.volume / 1000, profitKobo: stat.profitKobo }
        : { network: stat.network, type: stat.type, unit: 'NGN' as const, volume: stat.volume, profitKobo: stat.profitKobo },
    )
    .sort((a, b) => a.network.localeCompare(b.network) || a.type.localeCompare(b.type));
  return { count, figures };
}

// ---------------------------------------------------------------------------------------------
// Days of a filter

const LAGOS_OFFSET = '+01:00';
const DAY_MS = 24 * 60 * 60 * 1000;
const dayStartIso = (day: string) => new Date(`${day}T00:00:00.000${LAGOS_OFFSET}`).toISOString();
const dayEndIso = (day: string) => new Date(`${day}T23:59:59.999${LAGOS_OFFSET}`).toISOString();
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
const previousDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) - DAY_MS).toISOString().slice(0, 10);

/**
 * Where a bucket filter's newest `wanted` matches lie, from a scope's day counters read newest day
 * first: the newest day holding a match, and the day by which `wanted` are reached (`oldestDay`
 * unset while the days read so far hold fewer). A page's read then keeps to those days, so a rare
 * match deep in a long history costs the counters of the days above it, not every record above it.
 */
export interface MatchSpan {
  newestDay?: string;
  oldestDay?: string;
  found: number;
}

/** The span after the next counter items in newest-day-first order (any item without a `day` is skipped). */
export function extendMatchSpan(span: MatchSpan, items: readonly Record<string, unknown>[], filter: BucketFilter, wanted: number): MatchSpan {
  let { newestDay, oldestDay, found } = span;
  for (const item of items) {
    if (found >= wanted) break;
    const day = typeof item.day === 'string' ? item.day : undefined;
    if (day === undefined) continue;
    const matches = listingTotals(sumBuckets([item]), filter).count;
    if (matches <= 0) continue;
    newestDay ??= day;
    found += matches;
    if (found >= wanted) oldestDay = day;
  }
  return { ...(newestDay === undefined ? {} : { newestDay }), ...(oldestDay === undefined ? {} : { oldestDay }), found };
}

/**
 * The bounds a page's read keeps to: from the start of the span's oldest day (open when the counters
 * read did not reach `wanted`) to the end of its newest. Undefined when no day holds a match.
 */
export function matchSpanBounds(span: MatchSpan): { fromIso?: string; toIso: string } | undefined {
  if (span.newestDay === undefined) return undefined;
  return { ...(span.oldestDay === undefined ? {} : { fromIso: dayStartIso(span.oldestDay) }), toIso: dayEndIso(span.newestDay) };
}

export interface FilterDays {
  /** Whole Lagos days answered by the counters (either end open); absent when none. */
  wholeDays?: { fromDay?: string; toDay?: string };
  /** Parts of days the bounds cut (at most two): their records are read and summed. */
  partial: { fromIso: string; toIso: string }[];
}

/**
 * Splits a filter's bounds into whole Lagos days (counters) and the cut edges (records). Date-only
 * filters (`listingBounds`) always fall on whole days.
 */
export function filterDays(fromIso: string | undefined, toIso: string | undefined): FilterDays {
  if (fromIso && toIso && fromIso > toIso) return { partial: [] };
  const fromDay = fromIso ? dayOf(fromIso) : undefined;
  const toDay = toIso ? dayOf(toIso) : undefined;
  if (fromDay && fromDay === toDay && (fromIso !== dayStartIso(fromDay) || toIso !== dayEndIso(fromDay)))
    return { partial: [{ fromIso: fromIso!, toIso: toIso! }] };
  const partial: FilterDays['partial'] = [];
  let wholeFrom = fromDay;
  let wholeTo = toDay;
  if (fromIso && fromDay && fromIso !== dayStartIso(fromDay)) {
    partial.push({ fromIso, toIso: dayEndIso(fromDay) });
    wholeFrom = nextDay(fromDay);
  }
  if (toIso && toDay && toIso !== dayEndIso(toDay)) {
    partial.push({ fromIso: dayStartIso(toDay), toIso });
    wholeTo = previousDay(toDay);
  }
  const wholeDays = wholeFrom && wholeTo && wholeFrom > wholeTo ? undefined : { fromDay: wholeFrom, toDay: wholeTo };
  return { wholeDays, partial };
}
