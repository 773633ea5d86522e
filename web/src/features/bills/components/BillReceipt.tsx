import type { TransactionView } from '@shared/api/transactions.js';
import { MSG } from '@shared/messages.js';
import { showNaira } from '@/lib/money.js';
import { Button, CopyButton, Spinner, copyText, notify } from '@/ui/index.js';
import { isOpenPurchase } from '../api/bills.js';

/** The PINs as one text (one per line, with serials), for Copy and Share. */
export function pinsText(purchase: TransactionView): string {
  return (purchase.pins ?? []).map((p) => (p.serial ? `Serial ${p.serial} PIN ${p.pin}` : `PIN ${p.pin}`)).join('\n');
}

async function share(purchase: TransactionView): Promise<void> {
  const text = `${purchase.exam ?? purchase.trans_Network}\n${pinsText(purchase)}`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: purchase.exam ?? 'Exam PINs', text });
      return;
    } catch {
      // Dismissed or refused: copying is the fallback below.
    }
  }
  await copyText(text);
  notify.success(MSG.copied);
}

/** A cable or exam purchase as it stands: name, bouquet and new due date, or the PINs with Copy and Share; waiting, or refunded. */
export function BillReceipt({ purchase }: { purchase: TransactionView }) {
  const open = isOpenPurchase(purchase.trans_Status);
  const pins = purchase.pins ?? [];
  const cable = purchase.trans_Type === 'cable';
  return (
    <div data-testid="bill-receipt" data-status={purchase.trans_Status}>
      {pins.length ? (
        <div className="form" data-testid="bill-pins">
          {pins.map((p) => (
            <div className="copy-row" key={p.pin}>
              <code className="code-box code-big">{p.pin}</code>
              {p.serial ? <small className="muted">Serial {p.serial}</small> : null}
            </div>
          ))}
          <div className="form-row">
            <CopyButton text={pinsText(purchase)} toastMessage={MSG.copied} label="Copy" />
            <Button variant="ghost" onClick={() => void share(purchase)}>
              Share
            </Button>
          </div>
        </div>
      ) : open ? (
        <p className="muted">
          <Spinner size="sm" /> {cable ? 'Waiting for the provider to confirm…' : 'Waiting for your PINs…'}
        </p>
      ) : purchase.trans_Status === 'success' ? (
        <p className="notice notice-success">{cable ? 'Subscription paid.' : 'Delivered.'}</p>
      ) : (
        <p className="notice notice-warning" role="alert">
          The payment could not be completed; your wallet has been refunded.
        </p>
      )}
      <dl className="details">
        <div className="details-row">
          <dt>Status</dt>
          <dd>
            <span className={`badge badge-${purchase.trans_Status}`}>{purchase.trans_Status}</span>
          </dd>
        </div>
        {purchase.customerName ? (
          <div className="details-row">
            <dt>Name</dt>
            <dd data-testid="bill-customer">{purchase.customerName}</dd>
          </div>
        ) : null}
        {cable ? (
          <>
            <div className="details-row">
              <dt>Bouquet</dt>
              <dd data-testid="bill-bouquet">
                {purchase.cableName} · {purchase.bouquet}
                {purchase.subscriptionType ? ` (${purchase.subscriptionType})` : ''}
              </dd>
            </div>
            <div className="details-row">
              <dt>Smartcard / IUC</dt>
              <dd>{purchase.smartCardNo}</dd>
            </div>
            {purchase.dueDate && purchase.trans_Status !== 'refunded' ? (
              <div className="details-row">
                <dt>New due date</dt>
                <dd data-testid="bill-due-date">{purchase.dueDate}</dd>
              </div>
            ) : null}
          </>
        ) : (
          <div className="details-row">
            <dt>Exam</dt>
            <dd>
              {purchase.quantity} × {purchase.exam}
              {purchase.profileId ? ` · profile ${purchase.profileId}` : ''}
            </dd>
          </div>
        )}
        <div className="details-row">
          <dt>Amount paid</dt>
          <dd>{showNaira(purchase.trans_amount)}</dd>
        </div>
        <div className="details-row">
          <dt>Reference</dt>
          <dd>
            <code>{purchase._id}</code>
          </dd>
        </div>
      </dl>
    </div>
  );
}
