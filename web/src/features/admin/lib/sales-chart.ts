/** Geometry of the sales-per-day bar chart: pure, so the scale rules are testable without a DOM. */
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

/** One bar per day, scaled to the best day; a day without sales (or a net reversal) has no height. */
export function salesBars(days: readonly DaySales[]): Bar[] {
  const top = Math.max(0, ...days.map((d) => d.sales));
  const slot = days.length ? CHART.width / days.length : 0;
  return days.map((d, i) => {
    const height = top > 0 ? (Math.max(0, d.sales) / top) * CHART.height : 0;
    return { day: d.day, sales: d.sales, x: i * slot, y: CHART.height - height, width: Math.max(1, slot - CHART.gap), height };
  });
}

/** "25 Nov" from "2026-11-25". */
export function shortDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date!)).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}
