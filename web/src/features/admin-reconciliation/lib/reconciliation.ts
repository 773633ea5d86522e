/** The reconciliation page's rules, pure so they are testable without a DOM: Lagos days, class names, when a run is done. */
import { isCalendarDay } from '@shared/api/common.js';
import type { DiscrepancyView, ReconciliationClassName, ReconciliationResponse } from '@shared/api/money-desk-floats.js';

const DAY_MS = 86_400_000;
/** Lagos is UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET_MS = 3_600_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today in Lagos: the latest day a run may be asked for. */
export const lagosToday = (now: Date): string => isoDay(now.getTime() + LAGOS_OFFSET_MS);

/** Yesterday in Lagos: the day the page opens on, the last whole day (as the server's default). */
export const lagosYesterday = (now: Date): string => isoDay(now.getTime() + LAGOS_OFFSET_MS - DAY_MS);

/** A day as the date input and the server take it (YYYY-MM-DD, a real calendar day). */
export function isDay(value: string | null | undefined): value is string {
  return isCalendarDay(value);
}

/** Each class as the page names it, in the order the page lists them. */
export const CLASS_LABELS: Record<ReconciliationClassName, string> = {
  matched: 'Matched',
  'supplier-only': 'Supplier only',
  'ours-only': 'Ours only',
  'amount-mismatch': 'Amount mismatch',
  'still-open': 'Still open',
};

/** What each discrepancy class means to the operator (the item's hint). */
export const CLASS_HINTS: Record<Exclude<ReconciliationClassName, 'matched'>, string> = {
  'supplier-only': 'They charged for it; we refunded it or have no such purchase.',
  'ours-only': 'We recorded it delivered; they have no record or no charge.',
  'amount-mismatch': 'Both sides have it, at different amounts.',
  'still-open': 'Not final on one side, or the supplier did not answer.',
};

/** A run the page asked for: which supplier, and the run's id (ULIDs, which sort by the time they were made). */
export interface RequestedRun {
  supplier: string;
  runId: string;
}

/**
 * Whether every run asked for has finished: its supplier's head is that run or a later one (another
 * admin's run meanwhile replaces it, and it is as fresh), and all its pages are done.
 */
export function runsFinished(report: ReconciliationResponse | undefined, runs: readonly RequestedRun[]): boolean {
  if (!report) return false;
  return runs.every((run) => {
    const head = report.suppliers.find((s) => s.supplier === run.supplier);
    return head !== undefined && head.runId >= run.runId && head.complete;
  });
}

/** The heads and discrepancies of one supplier, or of all when `supplier` is blank. */
export function ofSupplier(report: ReconciliationResponse, supplier: string): ReconciliationResponse {
  if (!supplier) return report;
  return {
    day: report.day,
    suppliers: report.suppliers.filter((head) => head.supplier === supplier),
    discrepancies: report.discrepancies.filter((item) => item.supplier === supplier),
  };
}

/** Open discrepancies first (what still needs an operator), each group in the server's order. */
export function openFirst(items: readonly DiscrepancyView[]): DiscrepancyView[] {
  return [...items.filter((item) => !item.resolution), ...items.filter((item) => item.resolution)];
}
