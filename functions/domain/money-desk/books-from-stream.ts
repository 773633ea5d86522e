/**
 * The money desk's bookkeeping of supplier calls, read from the purchases' own changes (the table's
 * stream) instead of written beside each call (decision 135 (docs/decisions/0135-*)):
 *  - a submission: a supplier newly named in a purchase's `submittedTo` — by the claim (the first
 *    supplier, at `submittedAt`) or by a hand-over after a definite failure (the next one, at the
 *    hand-over's `updatedAt`). Both are written before the call, so every supplier that may have been
 *    asked is listed under its day, whatever the purchase became (delivered elsewhere, refunded, open);
 *  - a float observation: the balance a supplier's answer carried, read from the answers a change
 *    appended to the record (a delivery's, appended by its settlement), at the answer's own time.
 * A batch's observations are folded per supplier: the latest (the float's state) and each clock
 * hour's first and last (its opening and closing), so a batch writes each float item once.
 */
import type { Kobo } from '../../../shared/money.js';
import type { SupplierAttempt, TransactionRecord } from '../transactions/transactions.js';
import { hourOf } from './floats.js';
import type { Submission } from './reconciliation-port.js';
import { submittedServiceOf } from './reconciliation-run.js';

export interface PurchaseChange {
  before: TransactionRecord | undefined;
  after: TransactionRecord;
}

/** The supplier a purchase is claimed for when no supplier is configured (domain/purchases/fulfilment.ts): nobody was asked. */
const NO_SUPPLIER = 'NONE';

/** The submissions a change records: one per supplier it newly names (none for a change that names nobody new). */
export function submissionsOf(change: PurchaseChange): Submission[] {
  const { before, after } = change;
  const named = after.submittedTo ?? [];
  const earlier = new Set(before?.submittedTo ?? []);
  const added = named.filter((supplier) => !earlier.has(supplier) && supplier !== NO_SUPPLIER);
  if (added.length === 0) return [];
  // The claim names the first supplier at `submittedAt`; a hand-over names the next one at its `updatedAt`.
  const claimed = earlier.size === 0;
  return added.flatMap((supplier, n): Submission[] => {
    const submittedAt = claimed && n === 0 ? after.submittedAt : (after.updatedAt ?? after.submittedAt);
    if (!submittedAt) return [];
    return [{ supplier, requestId: after.id, placedAt: after.createdAt, submittedAt, service: submittedServiceOf(after) }];
  });
}

/** One balance a supplier's answer carried. */
export interface FloatObservation {
  supplier: string;
  balanceKobo: Kobo;
  at: string;
}

/** Reads the balance an answer carried, if it carried one (adapters know each supplier's answer). */
export type BalanceOfAnswer = (attempt: SupplierAttempt) => Kobo | undefined;

/**
 * The balances a change's newly appended answers carried: submissions' answers only (a re-query's
 * answer may repeat the balance at the time of the purchase, older than what is known).
 */
export function observationsOf(change: PurchaseChange, balanceOf: BalanceOfAnswer): FloatObservation[] {
  const known = change.before?.attempts?.length ?? 0;
  const appended = (change.after.attempts ?? []).slice(known);
  return appended.flatMap((attempt): FloatObservation[] => {
    if (attempt.kind !== 'submit') return [];
    const balanceKobo = balanceOf(attempt);
    return balanceKobo === undefined ? [] : [{ supplier: attempt.supplier, balanceKobo, at: attempt.at }];
  });
}

/** One clock hour of a supplier's float as a batch saw it: its first and last observation. */
export interface HourSeen {
  hour: string;
  first: FloatObservation;
  last: FloatObservation;
}

/** A batch's observations of one supplier: the latest, and each hour's first and last. */
export interface FloatSeen {
  supplier: string;
  latest: FloatObservation;
  hours: HourSeen[];
}

/** Folds a batch's observations per supplier (ties in time: the later in the batch wins as the last). */
export function foldObservations(observations: readonly FloatObservation[]): FloatSeen[] {
  const bySupplier = new Map<string, { latest: FloatObservation; hours: Map<string, HourSeen> }>();
  for (const seen of observations) {
    const hour = hourOf(seen.at);
    const supplier = bySupplier.get(seen.supplier) ?? { latest: seen, hours: new Map<string, HourSeen>() };
    if (seen.at >= supplier.latest.at) supplier.latest = seen;
    const known = supplier.hours.get(hour);
    supplier.hours.set(hour, {
      hour,
      first: known && known.first.at <= seen.at ? known.first : seen,
      last: known && known.last.at > seen.at ? known.last : seen,
    });
    bySupplier.set(seen.supplier, supplier);
  }
  return [...bySupplier].map(([supplier, { latest, hours }]) => ({ supplier, latest, hours: [...hours.values()] }));
}

/** A batch's bookkeeping: every submission it records and each supplier's float as its answers saw it. */
export function booksOf(changes: readonly PurchaseChange[], balanceOf: BalanceOfAnswer): { submissions: Submission[]; floats: FloatSeen[] } {
  return {
    submissions: changes.flatMap(submissionsOf),
    floats: foldObservations(changes.flatMap((change) => observationsOf(change, balanceOf))),
  };
}
