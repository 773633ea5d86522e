/** Geometry of the P&L chart (net per period, above or below a zero line): pure, so it is testable without a DOM. */
import type { PnlPeriodTotal } from '@shared/api/money-desk-pnl.js';

export const PNL_CHART = { width: 300, height: 120, gap: 2 } as const;

export interface PnlBar {
  period: string;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
  negative: boolean;
}

/** One bar per period for `pick` (net by default), scaled so the largest magnitude fills its side of the zero line. */
export function pnlBars(periods: readonly PnlPeriodTotal[], pick: (p: PnlPeriodTotal) => number = (p) => p.net): { bars: PnlBar[]; zeroY: number } {
  const values = periods.map(pick);
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const span = top - bottom || 1;
  const zeroY = (top / span) * PNL_CHART.height;
  const slot = periods.length ? PNL_CHART.width / periods.length : 0;
  const bars = periods.map((p, i) => {
    const value = values[i]!;
    const height = (Math.abs(value) / span) * PNL_CHART.height;
    return {
      period: p.period,
      value,
      x: i * slot,
      y: value >= 0 ? zeroY - height : zeroY,
      width: Math.max(1, slot - PNL_CHART.gap),
      height,
      negative: value < 0,
    };
  });
  return { bars, zeroY };
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The range a period picker shows by default: the last 30 days, the last 12 weeks or the last 12 months, to today (Lagos). */
export function defaultRange(period: 'day' | 'week' | 'month', now: Date): { from: string; to: string } {
  const today = isoDay(now.getTime() + 60 * 60 * 1000);
  const back = period === 'day' ? 29 : period === 'week' ? 7 * 12 - 1 : 365 - 1;
  return { from: isoDay(Date.parse(`${today}T00:00:00Z`) - back * DAY_MS), to: today };
}
