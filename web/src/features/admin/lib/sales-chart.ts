/** Geometry of the sales-per-day bar chart: pure, so the scale and axis rules are testable without a DOM. */
import type { DaySales } from '@shared/api/admin.js';

export interface Bar {
  day: string;
  sales: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export const CHART = { width: 300, height: 120, gap: 2 } as const;

/** Intervals the value axis is cut into (at most; fewer when the round step covers the top sooner). */
const VALUE_INTERVALS = 4;

/** The smallest "round" number (1, 2, 2.5 or 5 × a power of ten) at least `raw`. */
export function roundStep(raw: number): number {
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw - 1e-9);
  return step ?? 10 * power;
}

/**
 * The value axis (naira): round ticks from 0 up to the first at or above the best day; the chart's
 * top is the last tick, so every bar reads against a labelled line. No sales: 0 and 1 only.
 */
export function valueTicks(days: readonly DaySales[]): number[] {
  const top = Math.max(0, ...days.map((d) => d.sales));
  const step = roundStep(top / VALUE_INTERVALS);
  const ticks = [0];
  while (ticks[ticks.length - 1]! < top) ticks.push(Number((ticks.length * step).toFixed(2)));
  return ticks.length > 1 ? ticks : [0, step];
}

/** One bar per day, scaled to the value axis' top tick; a day without sales (or a net reversal) has no height. */
export function salesBars(days: readonly DaySales[]): Bar[] {
  const ticks = valueTicks(days);
  const top = ticks[ticks.length - 1]!;
  const slot = days.length ? CHART.width / days.length : 0;
  return days.map((d, i) => {
    const height = top > 0 ? (Math.max(0, d.sales) / top) * CHART.height : 0;
    return { day: d.day, sales: d.sales, x: i * slot, y: CHART.height - height, width: Math.max(1, slot - CHART.gap), height };
  });
}

/** The days the time axis names: every `every`-th day counted back from the last (today), and the first. */
export function dayTicks(days: readonly DaySales[], every = 7): { day: string; index: number }[] {
  const picked = days.map((d, index) => ({ day: d.day, index })).filter(({ index }) => (days.length - 1 - index) % every === 0);
  if (days.length > 0 && picked[0]?.index !== 0 && picked[0]!.index >= every / 2) picked.unshift({ day: days[0]!.day, index: 0 });
  return picked;
}

/** The best day (the first of equals); undefined when nothing sold. */
export function bestDay(days: readonly DaySales[]): DaySales | undefined {
  return days.reduce<DaySales | undefined>((best, d) => (d.sales > (best?.sales ?? 0) ? d : best), undefined);
}

/** "₦12k", "₦1.5m": short amounts for axis labels (the bars' own labels give the exact figure). */
export function shortNaira(value: number): string {
  const units: [number, string][] = [
    [1e9, 'bn'],
    [1e6, 'm'],
    [1e3, 'k'],
  ];
  for (const [size, suffix] of units) {
    if (Math.abs(value) >= size) return `₦${Number((value / size).toFixed(1)).toLocaleString('en-NG')}${suffix}`;
  }
  return `₦${Number(value.toFixed(2)).toLocaleString('en-NG')}`;
}

/** "25 Nov" from "2026-11-25". */
export function shortDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date!)).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}
