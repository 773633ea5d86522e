import { describe, expect, it } from 'vitest';
import { defaultRange, pnlBars, PNL_CHART } from './pnl-chart.js';

const point = (period: string, net: number) => ({ period, net, revenue: 0, supplierCost: 0, margin: 0, referralRewards: 0, refunds: 0, count: 0 });

describe('the P&L chart', () => {
  it('draws gains above and losses below one zero line, the largest magnitude filling the height', () => {
    const { bars, zeroY } = pnlBars([point('a', 30), point('b', -10)]);
    expect(zeroY).toBe(PNL_CHART.height * 0.75);
    expect(bars[0]).toMatchObject({ negative: false, y: 0, height: 90 });
    expect(bars[1]).toMatchObject({ negative: true, y: 90, height: 30 });
  });

  it('rejection: no figures draws flat bars, never NaN', () => {
    const { bars } = pnlBars([point('a', 0)]);
    expect(bars[0]!.height).toBe(0);
    expect(Number.isNaN(bars[0]!.y)).toBe(false);
  });

  it('the default range ends today in Lagos', () => {
    expect(defaultRange('day', new Date('2026-03-10T23:30:00Z'))).toEqual({ from: '2026-02-10', to: '2026-03-11' });
  });
});
