/**
 * The float use cases: an observed balance (from a purchase answer or the balance poll), the poll's
 * refresh of the spend rates, the page's view, the admin's thresholds and top-ups. A crossing into
 * "low" tells every admin once: the level changes by a conditional write, so of two observers
 * seeing the same crossing only one wins it and alerts; the level must go back to "ok" (a top-up)
 * before the next fall is a new crossing.
 */
import type { Kobo } from '../../../shared/money.js';
import { crossingOf, hourOf, hoursLeft, levelOf, ratesAt, type FloatRates, type HourOfFloat } from './floats.js';
import type { FloatAlerts, FloatState, FloatStore, FloatTopUp } from './floats-port.js';

const HOUR_MS = 3_600_000;

export interface FloatDeps {
  floats: FloatStore;
  alerts: FloatAlerts;
  now(): Date;
}

export type Observed = 'stale' | 'ok' | 'became_low' | 'still_low' | 'recovered';

/** One observed balance: stored, then the float's level re-evaluated with the rates last computed. */
export async function observeBalance(supplier: string, balanceKobo: Kobo, at: string, deps: FloatDeps): Promise<Observed> {
  const state = await deps.floats.observe(supplier, balanceKobo, at);
  if (!state) return 'stale';
  return evaluate(state, state.rates ?? { lastHourKobo: 0, lastDayKobo: 0 }, deps);
}

async function evaluate(state: FloatState, rates: FloatRates, deps: FloatDeps): Promise<Observed> {
  const hours = hoursLeft(state.balanceKobo, rates);
  const next = levelOf(state.balanceKobo, hours, state.thresholds);
  const crossing = crossingOf(state.level, next);
  if (crossing === 'unchanged') return next === 'low' ? 'still_low' : 'ok';
  const at = deps.now().toISOString();
  if (!(await deps.floats.changeLevel(state.supplier, state.level, next, at))) return next === 'low' ? 'still_low' : 'ok';
  if (crossing === 'recovered') return 'recovered';
  await deps.alerts.lowFloat({ supplier: state.supplier, balanceKobo: state.balanceKobo, hoursLeft: hours, thresholds: state.thresholds, crossedAt: at });
  return 'became_low';
}

/** The hours of the last day and a little more (the rates read the last 25 clock hours at most). */
function lastDayHours(supplier: string, now: Date, floats: FloatStore): Promise<HourOfFloat[]> {
  return floats.hours(supplier, hourOf(new Date(now.getTime() - 25 * HOUR_MS)), hourOf(now));
}

/**
 * The balance poll's work for one supplier: the balance it read (when the call answered), then
 * fresh spend rates and the level evaluated with them (hours left can fall with no purchase at all).
 */
export async function refreshFloat(supplier: string, balanceKobo: Kobo | undefined, deps: FloatDeps): Promise<Observed | 'unknown'> {
  const now = deps.now();
  if (balanceKobo !== undefined) await deps.floats.observe(supplier, balanceKobo, now.toISOString());
  const [state] = await deps.floats.get([supplier]);
  if (!state) return 'unknown';
  const rates = ratesAt(await lastDayHours(supplier, now, deps.floats), now);
  await deps.floats.saveRates(supplier, rates);
  return evaluate(state, rates, deps);
}

/** One supplier on the floats page. */
export interface FloatView {
  supplier: string;
  known: boolean;
  balanceKobo: Kobo;
  observedAt: string | null;
  lastHourKobo: Kobo;
  lastDayKobo: Kobo;
  hoursLeft: number | null;
  level: 'ok' | 'low';
  lowSince: string | null;
  minBalanceKobo: Kobo;
  minHoursLeft: number;
  /** Closing balance of each hour of the last 7 days that saw an observation, oldest first (the chart). */
  history: { at: string; balanceKobo: Kobo }[];
  topUps: FloatTopUp[];
}

/** The page's view of each supplier in use, with its last 7 days. */
export async function floatsPage(
  suppliers: readonly string[],
  defaults: FloatState['thresholds'],
  deps: FloatDeps & { sevenDaysAgoDay: string; today: string },
): Promise<FloatView[]> {
  const now = deps.now();
  const states = new Map((await deps.floats.get(suppliers)).map((state) => [state.supplier, state]));
  return Promise.all(
    suppliers.map(async (supplier): Promise<FloatView> => {
      const state = states.get(supplier);
      const week = await deps.floats.hours(supplier, hourOf(new Date(now.getTime() - 7 * 24 * HOUR_MS)), hourOf(now));
      const dayStart = Date.parse(hourOf(new Date(now.getTime() - 25 * HOUR_MS)));
      const rates = ratesAt(
        week.filter((h) => Date.parse(h.hour) >= dayStart),
        now,
      );
      const thresholds = state?.thresholds ?? defaults;
      const balanceKobo = state?.balanceKobo ?? 0;
      return {
        supplier,
        known: state !== undefined,
        balanceKobo,
        observedAt: state?.observedAt ?? null,
        lastHourKobo: rates.lastHourKobo,
        lastDayKobo: rates.lastDayKobo,
        hoursLeft: state ? hoursLeft(balanceKobo, rates) : null,
        level: state?.level ?? 'ok',
        lowSince: state?.level === 'low' ? (state.lowSince ?? null) : null,
        minBalanceKobo: thresholds.minBalanceKobo,
        minHoursLeft: thresholds.minHoursLeft,
        history: week.map((h) => ({ at: h.hour, balanceKobo: h.closingKobo })),
        topUps: await deps.floats.topUps(supplier, deps.sevenDaysAgoDay, deps.today),
      };
    }),
  );
}
