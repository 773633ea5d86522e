import type { TransactionView } from '@shared/api/transactions.js';
import { showNaira } from '@/lib/money.js';
import { PinList, Spinner } from '@/ui/index.js';
import { isOpenPurchase } from '../api/bills.js';

/** A cable or exam purchase as it stands: name, bouquet and new due date, or the PINs with Copy and Share; waiting, or refunded. */
export function BillReceipt({ purchase }: { purchase: TransactionView }) {
  const open = isOpenPurchase(purchase.trans_Status);
  const pins = purchase.pins ?? [];
  const cable = purchase.trans_Type === 'cable';
  return (
    <div data-testid="bill-receipt" data-status={purchase.trans_Status}>
      {pins.length ? (
        <PinList title={purchase.exam ?? purchase.trans_Network} pins={pins} testId="bill-pins" />
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
