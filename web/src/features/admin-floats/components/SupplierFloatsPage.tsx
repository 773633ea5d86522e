import { useState, type FormEvent } from 'react';
import type { FloatView } from '@shared/api/money-desk-floats.js';
import { errorMessage } from '@/lib/api-client.js';
import { showNaira } from '@/lib/money.js';
import { Button, Input, Spinner, notify } from '@/ui/index.js';
import { useFloats } from '@/lib/floats-api.js';
import { useRecordTopUp, useSaveThresholds } from '../api/floats.js';
import { FloatChart } from './FloatChart.js';
import '../admin-floats.css';

/** Today in Lagos (UTC+1), the default date of a top-up. */
const lagosToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

const hoursText = (hours: number | null) => (hours === null ? 'No recent spend' : `${hours.toFixed(1)} h`);

function ThresholdsForm({ float }: { float: FloatView }) {
  const save = useSaveThresholds();
  const [minBalance, setMinBalance] = useState(String(float.minBalance));
  const [minHoursLeft, setMinHoursLeft] = useState(String(float.minHoursLeft));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { supplier: float.supplier, minBalance, minHoursLeft: Number(minHoursLeft) },
      {
        onSuccess: () => notify.success(`Thresholds of ${float.supplier} saved`),
        onError: (error) => notify.error(errorMessage(error, 'The thresholds could not be saved')),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={`${float.supplier} thresholds`}>
      <Input label="Minimum balance (₦)" inputMode="decimal" value={minBalance} onChange={(e) => setMinBalance(e.target.value)} />
      <Input label="Minimum hours left (0: off)" inputMode="decimal" value={minHoursLeft} onChange={(e) => setMinHoursLeft(e.target.value)} />
      <Button type="submit" disabled={save.isPending}>
        Save thresholds
      </Button>
    </form>
  );
}

function TopUpForm({ supplier }: { supplier: string }) {
  const record = useRecordTopUp();
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(lagosToday);
  const [reference, setReference] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate(
      { supplier, amount, date, reference },
      {
        onSuccess: (answer) => {
          notify.success(answer.balanceRead ? `Top-up recorded; ${supplier}'s balance read` : `Top-up recorded; ${supplier}'s balance could not be read yet`);
          setAmount('');
          setReference('');
        },
        onError: (error) => notify.error(errorMessage(error, 'The top-up could not be recorded')),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={`${supplier} top-up`}>
      <Input label="Top-up amount (₦)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} required />
      <Input label="Date" type="date" value={date} max={lagosToday()} onChange={(e) => setDate(e.target.value)} required />
      <Input label="Bank reference" value={reference} onChange={(e) => setReference(e.target.value)} required />
      <Button type="submit" disabled={record.isPending}>
        Record top-up
      </Button>
    </form>
  );
}

function FloatCard({ float }: { float: FloatView }) {
  return (
    <article className="card float-card" data-testid={`float-${float.supplier}`} data-level={float.level}>
      <h2>
        {float.supplier} {float.level === 'low' ? <strong className="badge badge-failed">Low</strong> : null}
      </h2>
      <dl>
        <dt>Balance</dt>
        <dd data-testid="float-balance">{float.known ? showNaira(float.balance) : 'Not read yet'}</dd>
        <dt>Spent in the last hour</dt>
        <dd>{showNaira(float.spentLastHour)}</dd>
        <dt>Spent in the last day</dt>
        <dd>{showNaira(float.spentLastDay)}</dd>
        <dt>Hours left at that rate</dt>
        <dd>{hoursText(float.hoursLeft)}</dd>
      </dl>
      <FloatChart float={float} />
      <ThresholdsForm float={float} />
      <TopUpForm supplier={float.supplier} />
    </article>
  );
}

/** Supplier floats (admins): each supplier account's balance, its spend and hours left, its thresholds, and recorded top-ups. */
export function SupplierFloatsPage() {
  const floats = useFloats();
  return (
    <section className="page" data-testid="floats-page">
      <header className="page-header">
        <h1>Supplier floats</h1>
        <p className="muted">A supplier whose float cannot cover a purchase is skipped for the next one until it is topped up.</p>
      </header>
      {floats.isPending ? <Spinner /> : null}
      {floats.error ? <p role="alert">{errorMessage(floats.error, 'The floats could not be loaded')}</p> : null}
      <div className="floats-grid">
        {floats.data?.floats.map((float) => (
          <FloatCard key={float.supplier} float={float} />
        ))}
      </div>
    </section>
  );
}
