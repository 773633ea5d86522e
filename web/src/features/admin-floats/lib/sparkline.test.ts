import { describe, expect, it } from 'vitest';
import { SPARKLINE, sparkline } from './sparkline.js';

const NOW = new Date('2026-12-02T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

describe('a float balance sparkline', () => {
  it('draws time left to right over 7 days, the highest balance at the top and the last balance held until now', () => {
    const line = sparkline(
      [
        { at: hoursAgo(7 * 24), balance: 1000 },
        { at: hoursAgo(84), balance: 400 },
      ],
      NOW,
    )!;
    expect(line.path).toBe(`M0 ${SPARKLINE.pad} H150 V${SPARKLINE.height - SPARKLINE.pad} H${SPARKLINE.width}`);
    expect([line.min, line.max]).toEqual([400, 1000]);
    expect(line.last).toEqual({ x: 150, y: SPARKLINE.height - SPARKLINE.pad });
  });

  it('draws a flat week across the middle, and leaves out points older than the window', () => {
    const line = sparkline(
      [
        { at: hoursAgo(200), balance: 5 },
        { at: hoursAgo(24), balance: 700 },
        { at: hoursAgo(1), balance: 700 },
      ],
      NOW,
    )!;
    // 24 h ago is 6/7 of the way across; both points at mid-height.
    expect(line.path).toBe('M257.1 28 H298.2 V28 H300');
    expect(line.min).toBe(700);
  });

  it('has no line without a balance in the last 7 days', () => {
    expect(sparkline([], NOW)).toBeNull();
    expect(sparkline([{ at: hoursAgo(24 * 8), balance: 1 }], NOW)).toBeNull();
  });

  it('marks the minimum balance only when it lies within the chart', () => {
    const points = [
      { at: hoursAgo(48), balance: 1000 },
      { at: hoursAgo(24), balance: 0 },
    ];
    expect(sparkline(points, NOW, 500)?.thresholdY).toBe(SPARKLINE.height / 2);
    expect(sparkline(points, NOW, 50_000)?.thresholdY).toBeNull();
  });
});
