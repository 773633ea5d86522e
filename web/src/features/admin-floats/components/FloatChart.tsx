import type { FloatView } from '@shared/api/money-desk-floats.js';
import { showNaira } from '@/lib/money.js';
import { SPARKLINE, sparkline } from '../lib/sparkline.js';

/** A supplier's balance over the last 7 days, from its hourly closing balances (the admin's minimum balance dashed where it falls within). */
export function FloatChart({ float, now = new Date() }: { float: FloatView; now?: Date }) {
  const line = sparkline(float.history, now, float.minBalance);
  if (!line) {
    return (
      <p className="muted float-chart-empty" data-testid="float-chart-empty">
        No balance seen in the last 7 days.
      </p>
    );
  }
  const label = `${float.supplier}'s balance over the last 7 days: from ${showNaira(line.min)} to ${showNaira(line.max)}`;
  return (
    <figure className="float-chart" data-testid="float-chart">
      <svg
        viewBox={`0 0 ${SPARKLINE.width} ${SPARKLINE.height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
        width="100%"
        height={SPARKLINE.height}
      >
        <title>{label}</title>
        {line.thresholdY === null ? null : (
          <line
            x1={0}
            x2={SPARKLINE.width}
            y1={line.thresholdY}
            y2={line.thresholdY}
            className="float-chart-threshold"
            vectorEffect="non-scaling-stroke"
            data-testid="float-chart-threshold"
          />
        )}
        <line
          x1={0}
          x2={SPARKLINE.width}
          y1={SPARKLINE.height - 0.5}
          y2={SPARKLINE.height - 0.5}
          className="float-chart-axis"
          vectorEffect="non-scaling-stroke"
        />
        <path d={line.path} className="float-chart-line" vectorEffect="non-scaling-stroke" />
      </svg>
      {/* The latest balance as a dot over the stretched drawing, so it stays round at any width. */}
      <span className="float-chart-dot" style={{ left: `${(line.last.x / SPARKLINE.width) * 100}%`, top: line.last.y }} aria-hidden="true" />
      <figcaption className="muted">
        {line.min === line.max ? `Last 7 days · ${showNaira(line.min)} throughout` : `Last 7 days · low ${showNaira(line.min)} · high ${showNaira(line.max)}`}
      </figcaption>
    </figure>
  );
}
