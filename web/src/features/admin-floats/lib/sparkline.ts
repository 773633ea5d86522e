/** Geometry of a float's 7-day balance chart (a step line of hourly closing balances): pure, so it is testable without a DOM. */

export const SPARKLINE = { width: 300, height: 56, pad: 3, days: 7 } as const;

export interface BalancePoint {
  at: string;
  balance: number;
}

export interface Sparkline {
  /** The SVG path: each hour's closing balance held until the next, the last one held until now. */
  path: string;
  /** The y of the admin's minimum balance, when it lies within the chart's range (a dashed line). */
  thresholdY: number | null;
  /** The latest balance's point (a dot: visible even when the week has a single observation). */
  last: { x: number; y: number };
  min: number;
  max: number;
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The chart of `points` (oldest first) over the last `days` to `now`: time runs left to right (a gap
 * with no observation stays flat, as the balance did), the lowest balance at the bottom, the highest at
 * the top. Points older than the window are left out; no point in it gives no path.
 */
export function sparkline(points: readonly BalancePoint[], now: Date, minBalance?: number): Sparkline | null {
  const end = now.getTime();
  const start = end - SPARKLINE.days * 86_400_000;
  const shown = points.map((p) => ({ t: Date.parse(p.at), balance: p.balance })).filter((p) => Number.isFinite(p.t) && p.t >= start && p.t <= end);
  if (shown.length === 0) return null;
  const balances = shown.map((p) => p.balance);
  const min = Math.min(...balances);
  const max = Math.max(...balances);
  const span = max - min;
  const inner = SPARKLINE.height - 2 * SPARKLINE.pad;
  // A flat week draws across the middle rather than along an edge.
  const y = (balance: number) => round(span === 0 ? SPARKLINE.height / 2 : SPARKLINE.pad + ((max - balance) / span) * inner);
  const x = (t: number) => round(((t - start) / (end - start)) * SPARKLINE.width);
  const steps = shown.map((p, i) => (i === 0 ? `M${x(p.t)} ${y(p.balance)}` : `H${x(p.t)} V${y(p.balance)}`));
  const path = `${steps.join(' ')} H${SPARKLINE.width}`;
  const thresholdY = minBalance !== undefined && span > 0 && minBalance >= min && minBalance <= max ? y(minBalance) : null;
  const latest = shown[shown.length - 1]!;
  return { path, thresholdY, last: { x: x(latest.t), y: y(latest.balance) }, min, max };
}
