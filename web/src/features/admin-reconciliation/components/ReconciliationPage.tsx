import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RECONCILIATION_CLASS_NAMES, type ReconciliationHeadView } from '@shared/api/money-desk-floats.js';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { showNaira } from '@/lib/money.js';
import { saveFile } from '@/lib/save-file.js';
import { Button, ConfirmModal, Input, Select, Spinner, notify } from '@/ui/index.js';
import { useFloats } from '@/lib/floats-api.js';
import { downloadReconciliation, useReconciliation, useRunReconciliation } from '../api/reconciliation.js';
import { CLASS_LABELS, isDay, lagosToday, lagosYesterday, ofSupplier, openFirst, runsFinished, type RequestedRun } from '../lib/reconciliation.js';
import { DiscrepancyCard } from './DiscrepancyCard.js';
import '../admin-reconciliation.css';

/** A run still going after this long: the page stops waiting and says so (the run goes on; a reload shows it). */
const RUN_WAIT_MS = 3 * 60_000;

const money = (naira: number | null) => (naira === null ? '—' : showNaira(naira));

/** Reconciliation (admins): a supplier's Lagos day, what it charged against what we delivered, each discrepancy and the actions on it. */
export function ReconciliationPage() {
  const [params, setParams] = useSearchParams();
  const now = new Date();
  const today = lagosToday(now);
  const asked = params.get('day');
  const day = isDay(asked) && asked <= today ? asked : lagosYesterday(now);
  const supplier = params.get('supplier') ?? '';
  const choose = (next: { day?: string; supplier?: string }) => {
    const merged = { day, supplier, ...next };
    setParams(merged.supplier ? { day: merged.day, supplier: merged.supplier } : { day: merged.day }, { replace: true });
  };

  // The run this page asked for, while it goes on: the report is polled until its heads are that run and complete.
  const [running, setRunning] = useState<{ day: string; runs: RequestedRun[]; since: number } | null>(null);
  const [askRun, setAskRun] = useState(false);
  const [slowRun, setSlowRun] = useState(false);
  const waiting = running !== null && running.day === day;
  const report = useReconciliation(day, waiting);
  const run = useRunReconciliation();
  const floats = useFloats();

  // Each answer while waiting: done, or given up on (the time of that answer, so an unchanged report still counts).
  const answeredAt = report.dataUpdatedAt;
  useEffect(() => {
    if (!running) return;
    if (runsFinished(report.data, running.runs)) {
      setRunning(null);
      notify.success(`Reconciliation of ${running.day} finished`);
    } else if (answeredAt - running.since > RUN_WAIT_MS) {
      setRunning(null);
      setSlowRun(true);
    }
  }, [report.data, answeredAt, running]);

  // The suppliers in use, any the day's report has, and the one in the address (before either answers).
  const names = [
    ...new Set([
      ...(floats.data?.floats.map((f) => f.supplier) ?? []),
      ...(report.data?.suppliers.map((s) => s.supplier) ?? []),
      ...(supplier ? [supplier] : []),
    ]),
  ].sort();
  const supplierOptions = [{ value: '', label: 'All suppliers' }, ...names.map((name) => ({ value: name, label: name }))];
  const shown = report.data ? ofSupplier(report.data, supplier) : undefined;
  const items = shown ? openFirst(shown.discrepancies) : [];

  const startRun = () =>
    run.mutate(
      { day, supplier: supplier || undefined },
      {
        onSuccess: (answer) => {
          setSlowRun(false);
          setRunning({ day: answer.day, runs: answer.runs, since: Date.now() });
          setAskRun(false);
          notify.success(answer.msg);
        },
      },
    );

  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const file = await downloadReconciliation(day);
      saveFile(file.text, file.fileName ?? `reconciliation-${day}.csv`, 'text/csv');
    } catch (error) {
      notify.error(errorMessage(error, 'The CSV could not be downloaded'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="page" data-testid="reconciliation-page">
      <header className="page-header">
        <h1>Reconciliation</h1>
        <p className="muted">
          What each supplier charged on a Lagos day against what we delivered, and every purchase the two sides disagree on. Each day runs by itself after
          midnight; run any past day again here.
        </p>
      </header>

      <div className="card recon-picker">
        <Select
          label="Supplier"
          options={supplierOptions}
          value={supplier}
          onChange={(e) => choose({ supplier: e.target.value })}
          data-testid="recon-supplier"
        />
        <Input
          label="Day (Lagos)"
          type="date"
          value={day}
          max={today}
          onChange={(e) => isDay(e.target.value) && choose({ day: e.target.value })}
          data-testid="recon-day"
        />
        <Button
          onClick={() => {
            run.reset();
            setAskRun(true);
          }}
          loading={waiting}
          data-testid="recon-run"
        >
          {waiting ? 'Running…' : 'Run now'}
        </Button>
        <Button variant="secondary" onClick={download} loading={downloading} data-testid="recon-csv">
          Download CSV
        </Button>
      </div>

      {waiting ? (
        <p className="notice notice-info recon-running" role="status" data-testid="recon-running">
          <Spinner size="sm" /> Reconciling {supplier || 'every supplier'} for {day}, page by page. The report below updates when it is done.
        </p>
      ) : null}
      {slowRun ? (
        <p className="notice notice-warning" role="status">
          The run is taking longer than usual. It goes on by itself: reload the page in a few minutes.
        </p>
      ) : null}

      {report.isError ? (
        <p className="notice notice-warning" role="alert">
          {errorMessage(report.error, MSG.somethingWentWrong)}
        </p>
      ) : null}
      {report.isPending ? <Spinner label="Loading the report…" /> : null}
      {shown && shown.suppliers.length === 0 ? (
        <p className="card" data-testid="recon-not-run">
          {supplier || 'No supplier'} has no reconciliation for {day} yet. Press <strong>Run now</strong>.
        </p>
      ) : null}
      {shown?.suppliers.map((head) => (
        <ReportHead key={head.supplier} head={head} />
      ))}

      <h2 className="recon-list-title">Discrepancies</h2>
      {!shown ? null : items.length === 0 ? (
        <p className="card recon-empty" data-testid="recon-empty">
          {shown.suppliers.length > 0 ? 'No discrepancies: everything matched.' : 'Nothing to list until the day is reconciled.'}
        </p>
      ) : (
        <div className="recon-items" data-testid="discrepancies">
          {items.map((item) => (
            <DiscrepancyCard key={`${item.supplier}#${item.requestId}`} item={item} />
          ))}
        </div>
      )}

      <ConfirmModal
        open={askRun}
        title="Run the reconciliation now?"
        busy={run.isPending}
        onCancel={() => setAskRun(false)}
        onConfirm={startRun}
        confirmLabel="Run now"
        confirmTestId="confirm-run"
      >
        <p>
          Reconciles {supplier || 'every supplier in use'} for {day} again: each purchase is checked with the supplier. The new run replaces the day's counts;
          resolutions already made are kept.
        </p>
        {run.isError ? (
          <p className="notice notice-warning" role="alert" data-testid="action-error">
            {errorMessage(run.error, 'The run could not be started; try again')}
          </p>
        ) : null}
      </ConfirmModal>
    </section>
  );
}

const FIGURES = [
  ['opening', 'Opening balance'],
  ['topUps', 'Top-ups'],
  ['closing', 'Closing balance'],
  ['charged', 'Charged'],
  ['deliveredCost', 'Our delivered cost'],
  ['difference', 'Difference'],
] as const;

/** One supplier's day: the balances, charged against our delivered cost, and the count of each class. */
function ReportHead({ head }: { head: ReconciliationHeadView }) {
  return (
    <section className="card recon-head" data-testid="recon-head" data-supplier={head.supplier} data-complete={String(head.complete)}>
      <h2 className="card-title">
        {head.supplier} · {head.day} {head.complete ? null : <span className="badge badge-pending">Running</span>}
      </h2>
      <div className="stat-grid">
        {FIGURES.map(([key, label]) => (
          <div className="stat" key={key} data-figure={key}>
            <span>{label}</span>
            <strong>{money(head[key])}</strong>
          </div>
        ))}
      </div>
      <ul className="recon-counts" aria-label="Purchases by class">
        {RECONCILIATION_CLASS_NAMES.map((name) => (
          <li key={name} data-class={name} data-count={head.counts[name]} className={name !== 'matched' && head.counts[name] > 0 ? 'recon-count-bad' : ''}>
            <span>{CLASS_LABELS[name]}</span> <strong>{head.counts[name]}</strong>
          </li>
        ))}
      </ul>
      <p className="muted recon-when">
        Charged = opening + top-ups − closing. Run started {new Date(head.startedAt).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' })}
        {head.complete ? '' : '; still running'}.
      </p>
    </section>
  );
}
