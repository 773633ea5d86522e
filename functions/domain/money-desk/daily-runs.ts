/**
 * The reconciliation the schedule asks for by itself once a Lagos day has turned: the day before, once
 * per supplier (a claim only one caller wins), and only for a day the platform watched that supplier's
 * float by its end. A day that ended before the first balance we ever saw of the account (a new stack's
 * or a fresh local cloud's "yesterday") has no balances to reconcile against and no purchase of ours;
 * each such run read and wrote a few dozen pages for nothing. Every supplier in use has its balance
 * read on each schedule, so a day the platform ran is a watched day; an admin can run any day by hand.
 */
import type { FloatStore } from './floats-port.js';
import { lagosDayStart, previousLagosDay } from './reconciliation.js';

const DAY_MS = 86_400_000;

export interface DailyRunDeps {
  floats: Pick<FloatStore, 'hourBefore'>;
  /** True for the one caller that claims the supplier's day; false once claimed. */
  claim(supplier: string, day: string, at: string): Promise<boolean>;
  /** Queues the run; answers its id. */
  request(supplier: string, day: string): Promise<string>;
}

/** Whether the supplier's float had been observed by the end of the Lagos day. */
export async function floatWatchedBy(supplier: string, day: string, floats: DailyRunDeps['floats']): Promise<boolean> {
  const nextDayStart = new Date(Date.parse(lagosDayStart(day)) + DAY_MS).toISOString();
  return (await floats.hourBefore(supplier, nextDayStart)) !== undefined;
}

/** The runs requested now: the previous Lagos day of each watched supplier not claimed before. */
export async function requestDailyRuns(
  suppliers: readonly string[],
  now: Date,
  deps: DailyRunDeps,
): Promise<{ supplier: string; day: string; runId: string }[]> {
  const day = previousLagosDay(now);
  const requested: { supplier: string; day: string; runId: string }[] = [];
  for (const supplier of suppliers) {
    if (!(await floatWatchedBy(supplier, day, deps.floats))) continue;
    if (await deps.claim(supplier, day, now.toISOString())) requested.push({ supplier, day, runId: await deps.request(supplier, day) });
  }
  return requested;
}
