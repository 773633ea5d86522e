/**
 * A supplier's float (the prepaid balance we keep at each supplier account), as rules without I/O:
 * what its balance observations say about spend and hours left, when it crosses the admin's
 * threshold, and whether it can cover a purchase.
 *
 * Balances are observed, never computed: from a purchase answer that carries one (MSORG
 * `balance_after`) and from the scheduled balance call. The store keeps the latest observation and
 * one closing balance per clock hour; spend is read from the fall of those closings, so a
 * day of 100,000 purchases is 24 items, not 100,000.
 */
import type { Kobo } from '../../../shared/money.js';

const HOUR_MS = 3_600_000;

/** The admin's thresholds for one supplier: below either, the float is low. */
export interface FloatThresholds {
  minBalanceKobo: Kobo;
  /** Hours left at the current rate; 0 switches this test off. */
  minHoursLeft: number;
}

/** One clock hour of a supplier's balance: its first and last observation within the hour. */
export interface HourOfFloat {
  /** The hour's start (ISO, UTC, minutes zero). */
  hour: string;
  openingKobo: Kobo;
  closingKobo: Kobo;
}

/** The start of the clock hour an instant falls in (ISO). */
export function hourOf(at: Date | string): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(Math.floor(ms / HOUR_MS) * HOUR_MS).toISOString();
}

/**
 * What the balance fell by over the hours given (oldest first): each hour from the previous hour's
 * closing (its own opening for the first) to its own closing, a rise (a top-up) counting as no
 * spend rather than as a negative one. A top-up within an hour of spend hides that hour's spend:
 * the page's rate is an estimate; the reconciliation counts recorded top-ups exactly.
 */
export function spendOver(hours: readonly HourOfFloat[]): Kobo {
  let spent = 0;
  let previous: Kobo | undefined;
  for (const hour of hours) {
    const start = previous ?? hour.openingKobo;
    spent += Math.max(0, start - hour.closingKobo);
    previous = hour.closingKobo;
  }
  return spent;
}

export interface FloatRates {
  /** Spend over the last hour, as a rate per hour (the current hour and the one before it, scaled to 60 minutes). */
  lastHourKobo: Kobo;
  /** Spend over the last 24 hours. */
  lastDayKobo: Kobo;
}

/** Spend over the last hour and day, from the hours of the last day (oldest first). */
export function ratesAt(hours: readonly HourOfFloat[], now: Date): FloatRates {
  const nowMs = now.getTime();
  const recentStart = Date.parse(hourOf(new Date(nowMs - HOUR_MS)));
  const dayStart = Date.parse(hourOf(new Date(nowMs - 24 * HOUR_MS)));
  const recent = hours.filter((h) => Date.parse(h.hour) >= recentStart);
  const day = hours.filter((h) => Date.parse(h.hour) >= dayStart);
  const elapsedHours = Math.max(1, (nowMs - recentStart) / HOUR_MS);
  return { lastHourKobo: Math.round(spendOver(recent) / elapsedHours), lastDayKobo: spendOver(day) };
}

/**
 * Hours the balance lasts at the current rate: the last hour's, else the last day's average; null
 * when nothing was spent (it lasts as long as nobody buys).
 */
export function hoursLeft(balanceKobo: Kobo, rates: FloatRates): number | null {
  const perHour = rates.lastHourKobo > 0 ? rates.lastHourKobo : rates.lastDayKobo / 24;
  if (!(perHour > 0)) return null;
  return Math.max(0, balanceKobo) / perHour;
}

export type FloatLevel = 'ok' | 'low';

/** Low when the balance is under its minimum, or the hours left under theirs. */
export function levelOf(balanceKobo: Kobo, hours: number | null, thresholds: FloatThresholds): FloatLevel {
  if (balanceKobo < thresholds.minBalanceKobo) return 'low';
  if (thresholds.minHoursLeft > 0 && hours !== null && hours < thresholds.minHoursLeft) return 'low';
  return 'ok';
}

/**
 * A crossing: the float became low (every admin is told, once: the store's conditional change of
 * level lets one observer win it), recovered (nobody is told; the next fall is a new crossing), or
 * stayed where it was.
 */
export type Crossing = 'became_low' | 'recovered' | 'unchanged';

export function crossingOf(previous: FloatLevel | undefined, next: FloatLevel): Crossing {
  if (next === (previous ?? 'ok')) return 'unchanged';
  return next === 'low' ? 'became_low' : 'recovered';
}

/** A supplier's balance as last observed. */
export interface KnownFloat {
  balanceKobo: Kobo;
  observedAt: string;
}

/**
 * Whether a supplier's known float can pay for a purchase costing `costKobo`. An unknown float
 * covers it: we never refuse a supplier on ignorance; its own answer decides then.
 */
export function canCover(known: KnownFloat | undefined, costKobo: Kobo): boolean {
  return known === undefined || known.balanceKobo >= costKobo;
}
