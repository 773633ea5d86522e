import type { DaySales } from '@shared/api/admin.js';
import { showNaira } from '@/lib/money.js';
import { CHART, salesBars, shortDay } from '../lib/sales-chart.js';

/** Sales per day for the last 30 days, as plain SVG bars (no chart library). */
export function SalesChart({ days }: { days: readonly DaySales[] }) {
  const bars = salesBars(days);
  const empty = days.every((d) => d.sales === 0);
  return (
    <figure className="sales-chart" aria-label="Sales per day, last 30 days">
      {empty ? (
        <p className="table-empty">No sales in the last 30 days.</p>
      ) : (
        <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} preserveAspectRatio="none" role="img" width="100%" height="160">
          {bars.map((bar) => (
            <rect key={bar.day} data-day={bar.day} x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={1} className="sales-bar">
              <title>{`${shortDay(bar.day)}: ${showNaira(bar.sales)}`}</title>
            </rect>
          ))}
        </svg>
      )}
      {days.length > 0 && (
        <figcaption className="sales-chart-axis muted">
          <span>{shortDay(days[0]!.day)}</span>
          <span>{shortDay(days[days.length - 1]!.day)}</span>
        </figcaption>
      )}
    </figure>
  );
}
