import type { TransactionView } from '@shared/api/transactions.js';
import { RECEIPT_MSG } from '@shared/messages.js';
import { isOpenStatus } from '@/lib/follow-transaction.js';
import { showNaira } from '@/lib/money.js';
import { DetailRow } from '../ConfirmModal.js';
import { Spinner } from '../Spinner.js';
import { ReceiptShare } from './ReceiptShare.js';
import { statusWord } from './receipt-text.js';

/**
 * The outcome of a purchase as it stands (airtime, data): waiting while the supplier works,
 * pending with what that means, delivered, or refunded with its reason. Once final it can be shared.
 */
export function PurchaseOutcome({ purchase }: { purchase: TransactionView }) {
  const status = purchase.trans_Status;
  if (status === 'processing')
    return (
      <p className="muted" data-testid="receipt-outcome">
        <Spinner size="sm" /> {RECEIPT_MSG.processing}
      </p>
    );
  if (status === 'pending')
    return (
      <p className="notice notice-info" data-testid="receipt-outcome">
        {RECEIPT_MSG.pending}
      </p>
    );
  if (status === 'success')
    return (
      <p className="notice notice-success" data-testid="receipt-outcome">
        {RECEIPT_MSG.delivered}
      </p>
    );
  return (
    <p className="notice notice-warning" role="alert" data-testid="receipt-outcome">
      {RECEIPT_MSG.refunded}
      {purchase.refundReason ? (
        <>
          <br />
          <span data-testid="receipt-refund-reason">{purchase.refundReason}</span>
        </>
      ) : null}
    </p>
  );
}

/** The receipt of an airtime or data purchase: outcome, what was bought, the money, the reference. */
export function PurchaseReceipt({ purchase }: { purchase: TransactionView }) {
  return (
    <div data-testid="purchase-receipt" data-status={purchase.trans_Status}>
      <PurchaseOutcome purchase={purchase} />
      <dl className="details">
        <DetailRow label="Status">
          <span className={`badge badge-${purchase.trans_Status}`}>{statusWord(purchase.trans_Status)}</span>
        </DetailRow>
        <DetailRow label="Item">{purchase.trans_Network}</DetailRow>
        <DetailRow label="Phone number">{purchase.phone_number}</DetailRow>
        {purchase.trans_volume ? <DetailRow label="Value">{purchase.trans_volume}</DetailRow> : null}
        <DetailRow label="Amount paid">{showNaira(purchase.trans_amount)}</DetailRow>
        <DetailRow label="Reference">
          <code>{purchase._id}</code>
        </DetailRow>
      </dl>
      {isOpenStatus(purchase.trans_Status) ? null : <ReceiptShare transaction={purchase} />}
    </div>
  );
}
