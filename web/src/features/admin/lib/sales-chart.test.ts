import { describe, expect, it } from 'vitest';
import { bestDay, CHART, dayTicks, roundStep, salesBars, shortDay, shortNaira, valueTicks } from './sales-chart.js';

const day = (n: number, sales: number) => ({ day: `2026-11-${String(n).padStart(2, '0')}`, sales, profit: 0, count: 0 });

describe('sales chart geometry', () => {
  it('scales bars to the value axis top (the first round tick at or above the best day)', () => {
    const bars = salesBars([day(1, 50), day(2, 200), day(3, 100)]);
    expect(valueTicks([day(1, 50), day(2, 200), day(3, 100)])).toEqual([0, 50, 100, 150, 200]);
    expect(bars.map((b) => b.height)).toEqual([CHART.height / 4, CHART.height, CHART.height / 2]);
    expect(bars[1]!.y).toBe(0);
    expect(bars[2]!.x).toBeCloseTo((2 * CHART.width) / 3);
    // A best day between ticks: the top is the next round tick, so the best bar stops below it.
    expect(valueTicks([day(1, 1234)])).toEqual([0, 500, 1000, 1500]);
    expect(salesBars([day(1, 1234)])[0]!.height).toBeCloseTo((1234 / 1500) * CHART.height);
  });

  it('rejection: no sales, or a day net of reversals below zero, draws no height; the axis still has two ticks', () => {
    expect(salesBars([day(1, 0), day(2, 0)]).every((b) => b.height === 0)).toBe(true);
    expect(salesBars([day(1, -10), day(2, 10)])[0]!.height).toBe(0);
    expect(valueTicks([day(1, 0)])).toEqual([0, 1]);
  });

  it('round steps are 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([0.3, 1, 1.2, 2.2, 3, 7, 12, 260].map(roundStep)).toEqual([0.5, 1, 2, 2.5, 5, 10, 20, 500]);
  });

  it('names every 7th day back from today, and the first day when it is far enough from the next', () => {
    const month = Array.from({ length: 30 }, (_, i) => day(i + 1, 0));
    expect(dayTicks(month).map((t) => t.index)).toEqual([1, 8, 15, 22, 29]);
    expect(dayTicks(month.slice(0, 26)).map((t) => t.index)).toEqual([0, 4, 11, 18, 25]);
  });

  it('labels a day and an amount briefly; finds the best day', () => {
    expect(shortDay('2026-11-25')).toBe('25 Nov');
    expect([0, 950, 12_500, 1_500_000].map(shortNaira)).toEqual(['₦0', '₦950', '₦12.5k', '₦1.5m']);
    expect(bestDay([day(1, 5), day(2, 9), day(3, 9)])?.day).toBe('2026-11-02');
    expect(bestDay([day(1, 0)])).toBeUndefined();
  });
});
