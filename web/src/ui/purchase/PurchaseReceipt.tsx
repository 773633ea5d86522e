import type { ReactNode } from 'react';
import type { TransactionView } from '@shared/api/transactions.js';
import { MSG, RECEIPT_MSG } from '@shared/messages.js';
import { isProductType, type ProductType } from '@shared/products.js';
import { isOpenStatus } from '@/lib/follow-transaction.js';
import { showNaira } from '@/lib/money.js';
import { dayText } from '@/lib/dates.js';
import { partyLabels } from '@/lib/transaction-labels.js';
import { DetailRow } from '../ConfirmModal.js';
import { CopyButton } from '../CopyButton.js';
import { PinList } from '../PinList.js';
import { ReceiptShare } from '../receipt/ReceiptShare.js';
import { statusWord } from '../receipt/receipt-text.js';
import { Spinner } from '../Spinner.js';
import { TokenText } from '../TokenText.js';

/** What a product's receipt says while the supplier works, and once delivered with nothing more to show. */
const OUTCOME_WORDS: Record<ProductType, { waiting: string; delivered: string }> = {
  airtime: { waiting: RECEIPT_MSG.processing, delivered: RECEIPT_MSG.delivered },
  data: { waiting: RECEIPT_MSG.processing, delivered: RECEIPT_MSG.delivered },
  electricity: { waiting: 'Waiting for your token from the electricity company…', delivered: 'Payment delivered. No token applies to this meter.' },
  cable: { waiting: 'Waiting for the provider to confirm…', delivered: 'Subscription paid.' },
  exam: { waiting: 'Waiting for your PINs…', delivered: RECEIPT_MSG.delivered },
  epin: { waiting: 'Generating your recharge card PINs…', delivered: RECEIPT_MSG.delivered },
  service: { waiting: 'Waiting for the provider to confirm…', delivered: RECEIPT_MSG.delivered },
};

/**
 * The outcome as it stands: what the supplier delivered (an electricity token, exam PINs), else
 * waiting while it works, pending with what that means, delivered, or refunded with its reason.
 */
export function PurchaseOutcome({ purchase }: { purchase: TransactionView }) {
  const words = OUTCOME_WORDS[isProductType(purchase.trans_Type) ? purchase.trans_Type : 'airtime'];
  if (purchase.token)
    return (
      <div className="copy-row">
        <TokenText token={purchase.token} testId="electricity-token" big />
        <CopyButton text={purchase.token} toastMessage={MSG.copied} label="Copy token" />
      </div>
    );
  if (purchase.pins?.length) return <PinList title={purchase.exam ?? purchase.trans_Network} pins={purchase.pins} testId="bill-pins" />;
  const outcome = (className: string, text: ReactNode, role?: 'alert') => (
    <p className={className} role={role} data-testid="receipt-outcome">
      {text}
    </p>
  );
  switch (purchase.trans_Status) {
    case 'processing':
      return outcome(
        'muted',
        <>
          <Spinner size="sm" /> {words.waiting}
        </>,
      );
    case 'pending':
      return outcome('notice notice-info', RECEIPT_MSG.pending);
    case 'success':
      return outcome('notice notice-success', words.delivered);
    default:
      return outcome(
        'notice notice-warning',
        <>
          {RECEIPT_MSG.refunded}
          {purchase.refundReason ? (
            <>
              <br />
              <span data-testid="receipt-refund-reason">{purchase.refundReason}</span>
            </>
          ) : null}
        </>,
        'alert',
      );
  }
}

/**
 * The receipt of any product's purchase: the outcome, then what was bought and for whom (named as
 * its product names them), the money and the reference; once final, Share, Download and WhatsApp.
 */
export function PurchaseReceipt({ purchase, testId = 'purchase-receipt' }: { purchase: TransactionView; testId?: string }) {
  const party = partyLabels(purchase);
  const refunded = purchase.trans_Status === 'refunded';
  // Only the rows this purchase has.
  return (
    <div data-testid={testId} data-status={purchase.trans_Status}>
      <PurchaseOutcome purchase={purchase} />
      <dl className="details">
        <DetailRow label="Status">
          <span className={`badge badge-${purchase.trans_Status}`}>{statusWord(purchase.trans_Status)}</span>
        </DetailRow>
        <DetailRow label={party.provider}>{purchase.trans_Network}</DetailRow>
        <DetailRow label={party.target}>{purchase.phone_number}</DetailRow>
        {purchase.customerName ? (
          <DetailRow label="Customer" testId="bill-customer">
            {purchase.customerName}
          </DetailRow>
        ) : null}
        {purchase.bouquet ? (
          <DetailRow label="Bouquet" testId="bill-bouquet">
            {`${purchase.cableName} · ${purchase.bouquet}${purchase.subscriptionType ? ` (${purchase.subscriptionType})` : ''}`}
          </DetailRow>
        ) : null}
        {!refunded && purchase.dueDate ? (
          <DetailRow label="New due date" testId="bill-due-date">
            <span className="nowrap">{dayText(purchase.dueDate)}</span>
          </DetailRow>
        ) : null}
        {purchase.units ? (
          <DetailRow label="Units" testId="electricity-units">
            {purchase.units}
          </DetailRow>
        ) : null}
        {purchase.trans_volume ? <DetailRow label="Value">{purchase.trans_volume}</DetailRow> : null}
        <DetailRow label="Amount paid">{showNaira(purchase.trans_amount)}</DetailRow>
        {refunded ? null : <DetailRow label="Balance after">{showNaira(purchase.balance_After)}</DetailRow>}
        <DetailRow label="Reference">
          <code>{purchase._id}</code>
        </DetailRow>
      </dl>
      {isOpenStatus(purchase.trans_Status) ? null : <ReceiptShare transaction={purchase} />}
    </div>
  );
}
