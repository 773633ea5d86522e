import { describe, expect, it } from 'vitest';
import { CHART, salesBars, shortDay } from './sales-chart.js';

const day = (n: number, sales: number) => ({ day: `2026-11-${String(n).padStart(2, '0')}`, sales, profit: 0, count: 0 });

describe('sales chart geometry', () => {
  it('scales bars to the best day, which fills the chart height', () => {
    const bars = salesBars([day(1, 50), day(2, 200), day(3, 100)]);
    expect(bars.map((b) => b.height)).toEqual([CHART.height / 4, CHART.height, CHART.height / 2]);
    expect(bars[1]!.y).toBe(0);
    expect(bars[2]!.x).toBeCloseTo((2 * CHART.width) / 3);
  });

  it('rejection: no sales, or a day net of reversals below zero, draws no height', () => {
    expect(salesBars([day(1, 0), day(2, 0)]).every((b) => b.height === 0)).toBe(true);
    expect(salesBars([day(1, -10), day(2, 10)])[0]!.height).toBe(0);
  });

  it('labels a day briefly', () => {
    expect(shortDay('2026-11-25')).toBe('25 Nov');
  });
});
