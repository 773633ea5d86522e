/** What the reconciliation needs from the outside. Adapters: adapters/dynamo/money-desk/reconciliation.ts, the reconciliation queue, the supplier gateways. */
import type { Kobo } from '../../../shared/money.js';
import type { ReconciliationClass } from './reconciliation.js';

/** One submission of a purchase to a supplier, kept under the supplier's Lagos day (derived from the purchase's changes on the table's stream: books-from-stream.ts). */
export interface Submission {
  supplier: string;
  /** Our transaction id, the supplier's request_id. */
  requestId: string;
  placedAt?: string;
  submittedAt: string;
  service: 'airtime' | 'data' | 'electricity' | 'bill' | 'epin';
  supplierReference?: string;
}

/** A supplier's day as a run found it: what its float says it charged, and our cost of what it delivered. */
export interface ReportHead {
  supplier: string;
  day: string;
  runId: string;
  startedAt: string;
  openingKobo: Kobo | null;
  closingKobo: Kobo | null;
  topUpsKobo: Kobo;
  /** opening + top-ups − closing; null when the float was not observed on both sides of the day. */
  chargedKobo: Kobo | null;
  /** Our supplier cost of what we recorded as delivered by this supplier (summed by the pages). */
  deliveredCostKobo: Kobo;
  counts: Record<ReconciliationClass, number>;
  /** Pages still to do: the run is complete at zero. */
  pagesPending: number;
}

export interface Discrepancy {
  supplier: string;
  day: string;
  runId: string;
  requestId: string;
  kind: Exclude<ReconciliationClass, 'matched'>;
  note: string;
  ourStatus: string | null;
  ourCostKobo: Kobo | null;
  theirChargeKobo: Kobo | null;
  userName: string | null;
  amountKobo: Kobo | null;
  checkedAt: string;
  resolution?: DiscrepancyResolution;
}

/** An admin's action on a discrepancy: who, when, why, and what came of it. */
export interface DiscrepancyResolution {
  reason: string;
  by: string;
  at: string;
  /** `flagged` is not final: the item may still be settled or resolved (a later action replaces it). */
  action: 'resolved' | 'settled' | 'flagged';
  outcome?: 'settled-as-delivered' | 'flagged-wallet-short';
  /** Settled: what was taken back from the customer's wallet. */
  debitedKobo?: Kobo;
  /** Flagged: what the customer's wallet lacked. */
  shortfallKobo?: Kobo;
  /** Settled: the wallet debit that took the refund back. */
  reversalId?: string;
}

/** One page's findings, added to its run's head once (a page redelivered adds nothing). */
export interface PageFindings {
  counts: Partial<Record<ReconciliationClass, number>>;
  deliveredCostKobo: Kobo;
  /** Pages this page adds (its next page) less itself. */
  pagesDelta: number;
}

export interface ReconciliationStore {
  submissionsPage(supplier: string, day: string, shard: number, cursor: string | undefined, limit: number): Promise<{ items: Submission[]; next?: string }>;
  startRun(head: ReportHead): Promise<void>;
  head(day: string, supplier: string): Promise<ReportHead | undefined>;
  /** Adds a page's findings to the run's head, once per page key, and only while the run is the head's. */
  addPage(day: string, supplier: string, runId: string, pageKey: string, findings: PageFindings): Promise<'added' | 'done_before' | 'run_replaced'>;
  /** Writes a discrepancy found by a run; a resolution already recorded on it is kept. */
  putDiscrepancy(discrepancy: Discrepancy): Promise<void>;
  /** Drops a former discrepancy a later check found matched (its resolution, if any, goes with it). */
  dropDiscrepancy(day: string, supplier: string, requestId: string): Promise<void>;
  report(day: string): Promise<{ heads: ReportHead[]; discrepancies: Discrepancy[] }>;
  discrepancy(day: string, supplier: string, requestId: string): Promise<Discrepancy | undefined>;
  /** Records an action on an open (or only flagged) discrepancy; false when it was already resolved or settled. */
  resolve(day: string, supplier: string, requestId: string, resolution: DiscrepancyResolution): Promise<boolean>;
}

/** The work of a run, one message per page: a shard of our submissions, or a page of the supplier's own listing. */
export type ReconciliationWork =
  | { kind: 'start'; supplier: string; day: string; runId: string }
  | { kind: 'shard'; supplier: string; day: string; runId: string; shard: number; cursor?: string }
  | { kind: 'listing'; supplier: string; day: string; runId: string; cursor?: string };

export interface ReconciliationQueue {
  send(work: readonly ReconciliationWork[]): Promise<void>;
}

/** One charge in a supplier's own listing of a day. */
export interface SupplierCharge {
  requestId: string | null;
  supplierReference: string;
  status: 'charged' | 'not_charged' | 'open';
  chargedKobo?: Kobo;
  at: string;
}
