/**
 * Reconciliation rules without I/O: what a supplier charged us over a Lagos day, and where each
 * purchase lands when our record meets the supplier's.
 */
import type { Kobo } from '../../../shared/money.js';

/** The classes of the report, one per purchase (and per supplier charge we have no purchase for). */
export const RECONCILIATION_CLASSES = ['matched', 'supplier-only', 'ours-only', 'amount-mismatch', 'still-open'] as const;
export type ReconciliationClass = (typeof RECONCILIATION_CLASSES)[number];

/** What the supplier's float says it charged over a day: opening + recorded top-ups − closing. */
export function chargedOverDay(balances: { openingKobo: Kobo; topUpsKobo: Kobo; closingKobo: Kobo }): Kobo {
  return balances.openingKobo + balances.topUpsKobo - balances.closingKobo;
}

/** Our side of one submission, for the supplier it was submitted to. */
export type OurSide =
  /** Delivered by this supplier, at this cost. */
  | { kind: 'delivered'; costKobo: Kobo }
  /** Refunded or delivered by another supplier: this one should not have charged. */
  | { kind: 'not_delivered' }
  | { kind: 'open' }
  /** No purchase of ours: a charge the supplier's listing shows with a request id we never sent. */
  | { kind: 'none' };

/** The supplier's side: its re-query or its listing. */
export type TheirSide =
  | { kind: 'charged'; chargedKobo?: Kobo }
  | { kind: 'not_charged' }
  | { kind: 'open' }
  /** Never heard of it. */
  | { kind: 'unknown_to_them' }
  /** No usable answer (a timeout, an outage): decided on the next run or a re-query. */
  | { kind: 'no_answer' };

/** Where one purchase lands; the reason in words for the report. */
export function classify(ours: OurSide, theirs: TheirSide): { kind: ReconciliationClass; note: string } {
  if (ours.kind === 'open') return { kind: 'still-open', note: 'our purchase is not final yet' };
  if (theirs.kind === 'open') return { kind: 'still-open', note: 'the supplier has not settled it yet' };
  if (theirs.kind === 'no_answer') return { kind: 'still-open', note: 'the supplier did not answer its re-query' };
  const theyCharged = theirs.kind === 'charged';
  switch (ours.kind) {
    case 'none':
      return theyCharged ? { kind: 'supplier-only', note: 'charged by the supplier with no purchase of ours' } : { kind: 'matched', note: 'nothing charged' };
    case 'not_delivered':
      return theyCharged ? { kind: 'supplier-only', note: 'charged by the supplier, refunded by us' } : { kind: 'matched', note: 'not delivered, not charged' };
    case 'delivered':
      if (!theyCharged) {
        return {
          kind: 'ours-only',
          note: theirs.kind === 'unknown_to_them' ? 'delivered by our record, unknown to the supplier' : 'delivered by our record, not charged by the supplier',
        };
      }
      if (theirs.chargedKobo !== undefined && theirs.chargedKobo !== ours.costKobo)
        return { kind: 'amount-mismatch', note: 'the supplier charged another amount than our cost' };
      return { kind: 'matched', note: 'delivered and charged' };
  }
}

/** How many shards one supplier's day of submissions is spread over: each is read by a run of its own. */
export const RECONCILIATION_SHARDS = 8;

/** A submission's shard: a stable hash of its request id, so it can be found again by id alone. */
export function shardOf(requestId: string): number {
  let hash = 0;
  for (let i = 0; i < requestId.length; i += 1) hash = (hash * 31 + requestId.charCodeAt(i)) >>> 0;
  return hash % RECONCILIATION_SHARDS;
}

/** The Lagos day before the one `now` falls in: the day the after-midnight run reconciles. */
export function previousLagosDay(now: Date): string {
  return new Date(now.getTime() + 3_600_000 - 86_400_000).toISOString().slice(0, 10);
}

/** The Lagos day of an instant. */
export function lagosDay(at: Date | string): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(ms + 3_600_000).toISOString().slice(0, 10);
}

/** The first instant of a Lagos day (ISO, UTC). */
export function lagosDayStart(day: string): string {
  return new Date(`${day}T00:00:00.000+01:00`).toISOString();
}
