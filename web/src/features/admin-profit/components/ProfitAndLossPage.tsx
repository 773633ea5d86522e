import { useState } from 'react';
import { PNL_PERIODS, profitAndLossCsv, type PnlPeriod, type PnlPeriodTotal, type TieOutView } from '@shared/api/money-desk-pnl.js';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { showNaira } from '@/lib/money.js';
import { saveFile } from '@/lib/save-file.js';
import { Button, Input, ListCard, Select, TableHead, num } from '@/ui/index.js';
import { useProfitAndLoss, useTieOut } from '../api/profit-and-loss.js';
import { defaultRange, pnlBars, PNL_CHART } from '../lib/pnl-chart.js';
import '../admin-profit.css';

const PERIOD_OPTIONS = PNL_PERIODS.map((period) => ({ value: period, label: `By ${period}` }));
const FIGURES = [
  ['revenue', 'Revenue'],
  ['supplierCost', 'Supplier cost'],
  ['margin', 'Margin'],
  ['referralRewards', 'Referral rewards'],
  ['refunds', 'Refunds'],
  ['net', 'Net'],
] as const;

/** Profit and loss (admins): by day, week or month and by product, supplier and user type, with a chart, a CSV and the books' tie-out. */
export function ProfitAndLossPage() {
  const [period, setPeriod] = useState<PnlPeriod>('day');
  const [range, setRange] = useState(() => defaultRange('day', new Date()));
  const report = useProfitAndLoss({ period, ...range });
  const rows = report.data?.rows ?? [];

  const choosePeriod = (next: PnlPeriod) => {
    setPeriod(next);
    setRange(defaultRange(next, new Date()));
  };

  return (
    <section className="page" data-testid="profit-page">
      <header className="page-header">
        <h1>Profit and loss</h1>
        <p className="muted">
          What users paid, what suppliers charged, and what is left after referral rewards and refunds. Figures update within a few seconds.
        </p>
      </header>

      <div className="card pnl-picker">
        <Select label="Period" options={PERIOD_OPTIONS} value={period} onChange={(e) => choosePeriod(e.target.value as PnlPeriod)} data-testid="pnl-period" />
        <Input
          label="From"
          type="date"
          value={range.from}
          max={range.to}
          onChange={(e) => e.target.value && setRange({ ...range, from: e.target.value })}
          data-testid="pnl-from"
        />
        <Input
          label="To"
          type="date"
          value={range.to}
          min={range.from}
          onChange={(e) => e.target.value && setRange({ ...range, to: e.target.value })}
          data-testid="pnl-to"
        />
        <Button
          variant="secondary"
          disabled={!report.data}
          onClick={() => report.data && saveFile(profitAndLossCsv(report.data), `profit-and-loss-${period}-${range.from}-${range.to}.csv`, 'text/csv')}
          data-testid="pnl-csv"
        >
          Download CSV
        </Button>
      </div>

      {report.data ? (
        <div className="stat-grid" data-testid="pnl-totals">
          {FIGURES.map(([key, label]) => (
            <div className="stat" key={key} data-figure={key}>
              <span>{label}</span>
              <strong>{showNaira(report.data.total[key])}</strong>
            </div>
          ))}
        </div>
      ) : null}

      {report.data ? (
        <div className="card">
          <h2 className="card-title">Net per {period}</h2>
          <PnlChart periods={report.data.periods} />
        </div>
      ) : null}

      <ListCard
        pending={report.isPending}
        error={report.isError ? errorMessage(report.error, MSG.somethingWentWrong) : null}
        empty={rows.length === 0}
        loadingLabel="Loading the figures…"
        emptyText="Nothing sold in this range"
        emptyTestId="pnl-empty"
      >
        <div className="table-wrap">
          <table className="table" data-testid="pnl-table">
            <TableHead headings={['Period', 'Product', 'Supplier', 'User type', ...FIGURES.map(([, label]) => num(label))]} />
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.period}#${row.product}#${row.supplier}#${row.userType}`} data-testid="pnl-row" data-product={row.product}>
                  <td className="nowrap">{row.period}</td>
                  <td>{row.product}</td>
                  <td>{row.supplier}</td>
                  <td>{row.userType}</td>
                  {FIGURES.map(([key]) => (
                    <td className="num" key={key} data-figure={key}>
                      {showNaira(row[key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListCard>

      <TieOutCard />
    </section>
  );
}

function PnlChart({ periods }: { periods: readonly PnlPeriodTotal[] }) {
  const { bars, zeroY } = pnlBars(periods);
  return (
    <figure className="pnl-chart" data-testid="pnl-chart">
      <svg viewBox={`0 0 ${PNL_CHART.width} ${PNL_CHART.height}`} preserveAspectRatio="none" role="img" aria-label="Net per period" width="100%" height="140">
        <line x1={0} x2={PNL_CHART.width} y1={zeroY} y2={zeroY} className="pnl-zero" vectorEffect="non-scaling-stroke" />
        {bars.map((bar) => (
          <rect
            key={bar.period}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            className={bar.negative ? 'pnl-bar pnl-bar-loss' : 'pnl-bar'}
            aria-label={`${bar.period}: ${showNaira(bar.value)}`}
          >
            <title>{`${bar.period}: ${showNaira(bar.value)}`}</title>
          </rect>
        ))}
      </svg>
      <figcaption className="muted">
        {periods[0]?.period} – {periods[periods.length - 1]?.period} · net in naira, losses below the line
      </figcaption>
    </figure>
  );
}

function TieOutCard() {
  const [checkNow, setCheckNow] = useState(false);
  const tieOut = useTieOut(checkNow);
  const latest = tieOut.data?.now ?? tieOut.data?.recent[0];
  return (
    <div className="card" data-testid="tie-out">
      <h2 className="card-title">The books tie out</h2>
      <p className="muted">Every day the desk checks that all wallets plus the house account equal money in less money out.</p>
      {latest ? (
        <TieOutResult result={latest} fresh={Boolean(tieOut.data?.now)} />
      ) : tieOut.isPending ? (
        <p>Loading…</p>
      ) : (
        <p data-testid="tie-out-none">Not checked yet.</p>
      )}
      {tieOut.isError ? <p className="field-error">{errorMessage(tieOut.error, MSG.somethingWentWrong)}</p> : null}
      <Button
        variant="secondary"
        loading={checkNow && tieOut.isFetching}
        onClick={() => (checkNow ? tieOut.refetch() : setCheckNow(true))}
        data-testid="tie-out-check"
      >
        Check now
      </Button>
      {tieOut.data && tieOut.data.recent.length > 0 ? (
        <div className="table-wrap">
          <table className="table" data-testid="tie-out-history">
            <TableHead headings={['Day', 'Result', num('Difference')]} />
            <tbody>
              {tieOut.data.recent.map((check) => (
                <tr key={check.day}>
                  <td className="nowrap">{check.day}</td>
                  <td>{check.tiesOut ? 'ties out' : 'BROKEN'}</td>
                  <td className="num">{showNaira(check.difference)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

function TieOutResult({ result, fresh }: { result: TieOutView; fresh: boolean }) {
  return (
    <div
      className={result.tiesOut ? 'tie-out-result tie-out-ok' : 'tie-out-result tie-out-broken'}
      data-testid="tie-out-result"
      data-ties-out={String(result.tiesOut)}
      role="status"
    >
      <strong>{result.tiesOut ? 'The books tie out' : `The books do not tie out: ${showNaira(result.difference)} unexplained`}</strong>
      <span className="muted">
        {fresh ? 'Checked just now' : `Checked for ${result.day}`} · {result.wallets} wallets
      </span>
      <dl className="tie-out-figures">
        <dt>Wallets</dt>
        <dd>{showNaira(result.walletsTotal)}</dd>
        <dt>House account</dt>
        <dd>{showNaira(result.houseBalance)}</dd>
        <dt>Money in</dt>
        <dd>{showNaira(result.moneyIn)}</dd>
        <dt>Money out</dt>
        <dd>{showNaira(result.moneyOut)}</dd>
      </dl>
    </div>
  );
}
