import type { DaySales } from '@shared/api/admin.js';
import { showNaira } from '@/lib/money.js';
import { bestDay, CHART, dayTicks, salesBars, shortDay, shortNaira, valueTicks } from '../lib/sales-chart.js';

/**
 * Sales per day for the last 30 days, as plain SVG bars (no chart library), with a value axis
 * (round naira ticks and their grid lines), a time axis (every 7th day back from today) and each
 * bar's exact value on hover and for screen readers. Axis labels are HTML beside the SVG, so the
 * stretched drawing never distorts the text.
 */
export function SalesChart({ days }: { days: readonly DaySales[] }) {
  const bars = salesBars(days);
  const ticks = valueTicks(days);
  const top = ticks[ticks.length - 1]!;
  const best = bestDay(days);
  const slot = days.length ? 100 / days.length : 0;
  return (
    <figure className="sales-chart" aria-label="Sales per day, last 30 days" data-testid="sales-chart">
      {best ? null : <p className="table-empty">No sales in the last 30 days.</p>}
      <div className="sales-chart-plot">
        <div className="sales-chart-y" aria-hidden="true">
          {ticks.map((tick) => (
            <span key={tick} className="sales-chart-y-tick" data-testid="chart-y-tick" style={{ bottom: `${(tick / top) * 100}%` }}>
              {shortNaira(tick)}
            </span>
          ))}
        </div>
        <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} preserveAspectRatio="none" role="img" aria-label="Sales per day" width="100%" height="160">
          {ticks.map((tick) => (
            <line
              key={tick}
              x1={0}
              x2={CHART.width}
              y1={CHART.height - (tick / top) * CHART.height}
              y2={CHART.height - (tick / top) * CHART.height}
              className="sales-grid"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {bars.map((bar) => (
            <rect
              key={bar.day}
              data-day={bar.day}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              rx={1}
              className="sales-bar"
              aria-label={`${shortDay(bar.day)}: ${showNaira(bar.sales)}`}
            >
              <title>{`${shortDay(bar.day)}: ${showNaira(bar.sales)}`}</title>
            </rect>
          ))}
        </svg>
      </div>
      {days.length > 0 && (
        <div className="sales-chart-x muted" aria-hidden="true">
          {dayTicks(days).map((tick) => (
            <span key={tick.day} className="sales-chart-x-tick" data-testid="chart-x-tick" style={{ left: `${(tick.index + 0.5) * slot}%` }}>
              {shortDay(tick.day)}
            </span>
          ))}
        </div>
      )}
      {best ? (
        <figcaption className="sales-chart-caption muted" data-testid="chart-peak">
          Best day: {shortDay(best.day)}, {showNaira(best.sales)} · axis in naira per day
        </figcaption>
      ) : null}
    </figure>
  );
}
