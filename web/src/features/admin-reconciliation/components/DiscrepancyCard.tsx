import { useId, useState } from 'react';
import type { DiscrepancyView } from '@shared/api/money-desk-floats.js';
import { errorMessage } from '@/lib/api-client.js';
import { showNaira } from '@/lib/money.js';
import { Button, ConfirmModal, DetailRow, notify } from '@/ui/index.js';
import { useRequeryDiscrepancy, useResolveDiscrepancy, useSettleDiscrepancy } from '../api/reconciliation.js';
import { CLASS_HINTS, CLASS_LABELS } from '../lib/reconciliation.js';
import { ReasonDialog } from './ReasonDialog.js';

const BADGE: Record<DiscrepancyView['kind'], string> = {
  'supplier-only': 'badge-failed',
  'ours-only': 'badge-failed',
  'amount-mismatch': 'badge-pending',
  'still-open': 'badge-processing',
};

const money = (naira: number | null) => (naira === null ? '—' : showNaira(naira));
const when = (iso: string) => new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

function resolutionText(resolution: NonNullable<DiscrepancyView['resolution']>): string {
  const by = `by ${resolution.by} on ${when(resolution.at)}: ${resolution.reason}`;
  if (resolution.action === 'settled')
    return `Settled as delivered${resolution.debited === undefined ? '' : `, ${showNaira(resolution.debited)} taken back from the wallet`} ${by}`;
  if (resolution.action === 'flagged')
    return `Flagged: the wallet was ${resolution.shortfall === undefined ? 'short' : `${showNaira(resolution.shortfall)} short`} when settling, nothing taken ${by}`;
  return `Resolved ${by}`;
}

/** Still needs an operator: no action yet, or only a flag (settling found the wallet short; it may be settled or resolved later). */
const stillOpen = (item: DiscrepancyView) => item.resolution === null || item.resolution.action === 'flagged';

/**
 * "Settle as delivered" applies to a supplier-only purchase of ours that we refunded (they charged and
 * delivered it): not to a charge with no purchase of ours, nor to one delivered after all (the server refuses both).
 */
const settleable = (item: DiscrepancyView) => item.kind === 'supplier-only' && item.ourStatus === 'refunded';

type Ask = 'requery' | 'resolve' | 'settle' | null;

/** One discrepancy: what each side says, how it was resolved, and the actions on it while open (each confirmed first). */
export function DiscrepancyCard({ item }: { item: DiscrepancyView }) {
  const [ask, setAsk] = useState<Ask>(null);
  const formId = useId();
  const requery = useRequeryDiscrepancy();
  const resolve = useResolveDiscrepancy();
  const settle = useSettleDiscrepancy();
  const key = { day: item.day, supplier: item.supplier, requestId: item.requestId };
  const open = (next: Exclude<Ask, null>) => {
    requery.reset();
    resolve.reset();
    settle.reset();
    setAsk(next);
  };
  const close = () => setAsk(null);

  const confirmRequery = () =>
    requery.mutate(key, {
      onSuccess: (answer) => {
        notify.success(answer.msg);
        close();
      },
    });
  const confirmResolve = (reason: string) =>
    resolve.mutate(
      { ...key, reason },
      {
        onSuccess: (answer) => {
          notify.success(answer.msg);
          close();
        },
      },
    );
  const confirmSettle = (reason: string) =>
    settle.mutate(
      { ...key, reason },
      {
        onSuccess: (answer) => {
          if (answer.outcome === 'settled-as-delivered') notify.success(answer.msg);
          else notify.error(answer.msg);
          close();
        },
      },
    );

  return (
    <article
      className="card recon-item"
      data-testid="discrepancy"
      data-class={item.kind}
      data-request-id={item.requestId}
      data-resolved={String(!stillOpen(item))}
    >
      <header className="recon-item-head">
        <span className={`badge ${BADGE[item.kind]}`}>{CLASS_LABELS[item.kind]}</span>
        <span className="muted">{item.supplier}</span>
      </header>
      <p className="recon-id" title="Request id">
        {item.requestId}
      </p>
      <p className="muted recon-note">{item.note || CLASS_HINTS[item.kind]}</p>
      <dl className="details">
        <DetailRow label="Our status">{item.ourStatus ?? '—'}</DetailRow>
        <DetailRow label="Our cost">{money(item.ourCost)}</DetailRow>
        <DetailRow label="Their charge">{money(item.theirCharge)}</DetailRow>
        <DetailRow label="User">{item.userName ?? '—'}</DetailRow>
        <DetailRow label="Resolution" testId="discrepancy-resolution">
          {item.resolution ? resolutionText(item.resolution) : 'Open'}
        </DetailRow>
      </dl>
      {stillOpen(item) ? (
        <div className="action-row">
          <Button variant="secondary" className="btn-sm" onClick={() => open('requery')} data-testid="requery-button">
            Re-query now
          </Button>
          <Button variant="secondary" className="btn-sm" onClick={() => open('resolve')} data-testid="resolve-button">
            Mark resolved
          </Button>
          {settleable(item) ? (
            <Button variant="secondary" className="btn-sm" onClick={() => open('settle')} data-testid="settle-button">
              Settle as delivered
            </Button>
          ) : null}
        </div>
      ) : null}

      <ConfirmModal
        open={ask === 'requery'}
        title="Re-query now?"
        busy={requery.isPending}
        onCancel={close}
        onConfirm={confirmRequery}
        confirmLabel="Re-query now"
        confirmTestId="confirm-requery"
      >
        <p>
          Asks {item.supplier} about <span className="recon-id">{item.requestId}</span> again now. If both sides now agree, it leaves the list.
        </p>
        {requery.isError ? (
          <p className="notice notice-warning" role="alert" data-testid="action-error">
            {errorMessage(requery.error, 'The re-query failed; try again')}
          </p>
        ) : null}
      </ConfirmModal>

      {ask === 'resolve' ? (
        <ReasonDialog
          title="Mark resolved"
          formId={`resolve${formId}`}
          submitLabel="Mark resolved"
          saving={resolve.isPending}
          error={resolve.isError ? errorMessage(resolve.error, 'It could not be marked resolved; try again') : null}
          onSubmit={confirmResolve}
          onClose={close}
        >
          <p>
            {CLASS_LABELS[item.kind]} at {item.supplier}: <span className="recon-id">{item.requestId}</span>. Nothing moves: the item is closed with your
            reason.
          </p>
        </ReasonDialog>
      ) : null}

      {ask === 'settle' ? (
        <ReasonDialog
          title="Settle as delivered"
          formId={`settle${formId}`}
          submitLabel="Settle as delivered"
          saving={settle.isPending}
          error={settle.isError ? errorMessage(settle.error, 'It could not be settled; try again') : null}
          onSubmit={confirmSettle}
          onClose={close}
        >
          <p>
            {item.supplier} says it delivered <span className="recon-id">{item.requestId}</span>, which we refunded
            {item.userName ? ` to ${item.userName}` : ''}. Settling records it as delivered and takes the refund back from the customer's wallet, once. A wallet
            that cannot cover it is debited nothing and the item is flagged.
          </p>
        </ReasonDialog>
      ) : null}
    </article>
  );
}
