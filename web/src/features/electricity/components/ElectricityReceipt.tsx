import type { TransactionView } from '@shared/api/transactions.js';
import { MSG } from '@shared/messages.js';
import { showNaira } from '@/lib/money.js';
import { CopyButton, ReceiptShare, Spinner, groupToken } from '@/ui/index.js';
import { isOpenPurchase } from '../api/electricity-receipt.js';

/** The purchase as it stands: the supplier's token once it came, else waiting, delivered or refunded. */
export function ElectricityReceipt({ purchase }: { purchase: TransactionView }) {
  const open = isOpenPurchase(purchase.trans_Status);
  return (
    <div data-testid="electricity-receipt" data-status={purchase.trans_Status}>
      {purchase.token ? (
        <div className="copy-row">
          <code className="code-box code-big" data-testid="electricity-token">
            {groupToken(purchase.token)}
          </code>
          <CopyButton text={purchase.token} toastMessage={MSG.copied} label="Copy token" />
        </div>
      ) : open ? (
        <p className="muted">
          <Spinner size="sm" /> Waiting for your token from the electricity company…
        </p>
      ) : purchase.trans_Status === 'success' ? (
        <p className="notice notice-success">Payment delivered. No token applies to this meter.</p>
      ) : (
        <p className="notice notice-warning" role="alert">
          The payment could not be completed; your wallet has been refunded.
          {purchase.refundReason ? (
            <>
              <br />
              <span data-testid="receipt-refund-reason">{purchase.refundReason}</span>
            </>
          ) : null}
        </p>
      )}
      <dl className="details">
        <div className="details-row">
          <dt>Status</dt>
          <dd>
            <span className={`badge badge-${purchase.trans_Status}`}>{purchase.trans_Status}</span>
          </dd>
        </div>
        {purchase.units ? (
          <div className="details-row">
            <dt>Units</dt>
            <dd data-testid="electricity-units">{purchase.units}</dd>
          </div>
        ) : null}
        {purchase.customerName ? (
          <div className="details-row">
            <dt>Customer</dt>
            <dd>{purchase.customerName}</dd>
          </div>
        ) : null}
        <div className="details-row">
          <dt>Meter</dt>
          <dd>
            {purchase.trans_Network} · {purchase.phone_number}
          </dd>
        </div>
        <div className="details-row">
          <dt>Token value</dt>
          <dd>{purchase.trans_volume}</dd>
        </div>
        <div className="details-row">
          <dt>Amount paid</dt>
          <dd>{showNaira(purchase.trans_amount)}</dd>
        </div>
        <div className="details-row">
          <dt>Balance after</dt>
          <dd>{showNaira(purchase.balance_After)}</dd>
        </div>
        <div className="details-row">
          <dt>Reference</dt>
          <dd>
            <code>{purchase._id}</code>
          </dd>
        </div>
      </dl>
      {open ? null : <ReceiptShare transaction={purchase} />}
    </div>
  );
}
