import { useState, type ChangeEvent, type ReactNode } from 'react';
import { REFUND_REASON_MAX_CHARS, refundOfferFor } from '@shared/api/refunds.js';
import { isMaskedPin, REVEAL_REASON_MAX_CHARS, type TransactionView } from '@shared/api/transactions.js';
import { OPEN_STATUSES } from '@shared/constants.js';
import { errorMessage } from '@/lib/api-client.js';
import { dayText } from '@/lib/dates.js';
import { showNaira } from '@/lib/money.js';
import { MSG } from '@shared/messages.js';
import { Button, CopyButton, DetailList, Input, Modal, PinList, ReceiptShare, TokenText, notify } from '@/ui/index.js';
import { useRefundTransaction } from '../api/refund-transaction.js';
import { useRevealPins } from '../api/reveal-pins.js';
import { useReQueryWithdrawal } from '../api/requery-withdrawal.js';
import { formatDateTime, partyLabels, typeLabel } from './format.js';
import { StatusBadge } from './StatusBadge.js';

/** A question asked about one transaction (are you sure, and why): which one it is open for, and the reason typed. */
function useReasonAsk() {
  const [openFor, setOpenFor] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  return {
    reason,
    /** The reason input's props. */
    field: { value: reason, onChange: (event: ChangeEvent<HTMLInputElement>) => setReason(event.target.value) },
    isFor: (id: string) => openFor === id,
    /** Opens it for `id`, with no reason typed yet. */
    start: (id: string) => {
      setReason('');
      setOpenFor(id);
    },
    stop: () => setOpenFor(null),
  };
}

/**
 * One transaction's details. An admin viewing an open (processing or pending) withdrawal can
 * "Check status": the payout provider is re-queried and the list refreshed. Admins and
 * agents can Refund a purchase that is not refunded or failed, after confirming it here; a delivered
 * (`success`) purchase only an admin, who must give a reason. A customer's PINs come
 * masked to everyone but the buyer: an admin may "Reveal PINs", giving a reason kept in the audit log.
 */
export function TransactionDetailsModal({
  transaction,
  showProfit,
  canCheckStatus = false,
  canRefund = false,
  onClose,
}: {
  transaction: TransactionView | null;
  showProfit: boolean;
  /** The viewer is an admin. */
  canCheckStatus?: boolean;
  /** The viewer is an admin or an agent. */
  canRefund?: boolean;
  onClose: () => void;
}) {
  const t = transaction;
  const reQuery = useReQueryWithdrawal();
  const checkable = canCheckStatus && t !== null && t.isWithdrawal === true && OPEN_STATUSES.includes(t.trans_Status);
  const checkStatus = () =>
    t &&
    reQuery.mutate(t._id, {
      onSuccess: (answer) => notify.success(answer.msg),
      onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
    });
  const refund = useRefundTransaction();
  // Which transaction the "are you sure" is for: another one opened later asks again.
  const refundAsk = useReasonAsk();
  // canCheckStatus is given to admins only; every other operator refunds as an agent.
  const offer = canRefund && t !== null ? refundOfferFor(t, canCheckStatus ? 'admin' : 'agent') : { offered: false as const };
  const refundable = offer.offered && t !== null;
  const needsReason = offer.offered && offer.needsReason;
  const confirming = refundable && refundAsk.isFor(t._id);
  const confirmRefund = () =>
    t &&
    refund.mutate(
      { id: t._id, reason: needsReason ? refundAsk.reason.trim() : undefined },
      {
        onSuccess: (answer) => {
          notify.success(answer.msg);
          refundAsk.stop();
        },
        onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
      },
    );
  // The reveal: which transaction's reason is being asked for, and the PINs an admin revealed (this transaction's only).
  const reveal = useRevealPins();
  const revealAsk = useReasonAsk();
  const [revealed, setRevealed] = useState<{ id: string; pins: NonNullable<TransactionView['pins']> } | null>(null);
  const shownPins = t && revealed?.id === t._id ? revealed.pins : t?.pins;
  const revealable = canCheckStatus && t !== null && (t.pins ?? []).some((p) => isMaskedPin(p.pin)) && revealed?.id !== t._id;
  const askingReason = revealable && revealAsk.isFor(t._id) && !confirming;
  const confirmReveal = () =>
    t &&
    reveal.mutate(
      { id: t._id, reason: revealAsk.reason.trim() },
      {
        onSuccess: (answer) => {
          setRevealed({ id: answer.transactionId, pins: answer.pins });
          revealAsk.stop();
        },
        onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
      },
    );
  const close = () => {
    refundAsk.stop();
    revealAsk.stop();
    onClose();
  };
  const rows: Array<[string, ReactNode]> = t
    ? [
        ['Transaction id', <code key="id">{t._id}</code>],
        ['Status', <StatusBadge key="status" status={t.trans_Status} />],
        // Why the money came back, in words: only on a refunded transaction.
        ...(t.trans_Status === 'refunded'
          ? ([
              [
                'Refund reason',
                <span key="reason" data-testid="details-refund-reason">
                  {t.refundReason ?? '—'}
                </span>,
              ],
            ] as Array<[string, ReactNode]>)
          : []),
        ['Type', typeLabel(t)],
        // What the item and the number are for this product: "Disco" and "Meter number" for electricity.
        [partyLabels(t).provider, t.trans_Network || '—'],
        [partyLabels(t).target, t.phone_number || '—'],
        ['Description', t.description || '—'],
        ['Value', t.trans_volume || '—'],
        // Electricity: the supplier's token and units, only when it gave them.
        ...(t.token
          ? ([
              [
                'Token',
                <span key="token" className="copy-row">
                  <TokenText token={t.token} testId="details-token" />
                  <CopyButton text={t.token} toastMessage={MSG.copied} />
                </span>,
              ],
            ] as Array<[string, ReactNode]>)
          : []),
        ...(t.units ? ([['Units', t.units]] as Array<[string, ReactNode]>) : []),
        // Cable TV and exam PINs: what was bought, and the PINs with Copy and Share.
        ...(t.bouquet ? ([['Bouquet', `${t.cableName ?? ''} ${t.bouquet}`.trim()]] as Array<[string, ReactNode]>) : []),
        ...(t.dueDate && t.trans_Status === 'success'
          ? ([
              [
                'New due date',
                <span key="due" className="nowrap">
                  {dayText(t.dueDate)}
                </span>,
              ],
            ] as Array<[string, ReactNode]>)
          : []),
        ...(shownPins?.length
          ? ([['PINs', <PinList key="pins" title={t.exam ?? t.trans_Network} pins={shownPins} testId="details-pins" />]] as Array<[string, ReactNode]>)
          : []),
        ...(t.customerName ? ([['Customer', t.customerName]] as Array<[string, ReactNode]>) : []),
        ['Amount', showNaira(t.trans_amount)],
        ...(showProfit ? ([['Profit', showNaira(t.trans_profit)]] as Array<[string, ReactNode]>) : []),
        ['Balance before', showNaira(t.balance_Before)],
        ['Balance after', showNaira(t.balance_After)],
        ['User', t.trans_UserName],
        ['Date', formatDateTime(t.createdAt)],
        ['Last update', formatDateTime(t.updatedAt)],
        ['Reference', t.apiResponseId || '—'],
        ['Response', t.apiResponse || '—'],
        ...(t.relatedTransactionId ? ([['Refund of', <code key="rel">{t.relatedTransactionId}</code>]] as Array<[string, ReactNode]>) : []),
        ...(t.paymentLink
          ? ([
              [
                'Payment link',
                <a key="link" href={t.paymentLink} target="_blank" rel="noreferrer">
                  Open
                </a>,
              ],
            ] as Array<[string, ReactNode]>)
          : []),
      ]
    : [];
  return (
    <Modal
      open={t !== null}
      title="Transaction details"
      onClose={refund.isPending ? undefined : close}
      footer={
        confirming ? (
          <>
            <p className="notice notice-warning" data-testid="refund-confirmation">
              Refund {showNaira(t.trans_amount)} to {t.trans_UserName}?{needsReason ? ' The supplier delivered this purchase.' : ''}
            </p>
            {needsReason ? (
              <Input label="Reason (kept in the audit log)" maxLength={REFUND_REASON_MAX_CHARS} {...refundAsk.field} data-testid="refund-reason" />
            ) : null}
            <Button variant="ghost" onClick={refundAsk.stop} disabled={refund.isPending}>
              Cancel
            </Button>
            <Button onClick={confirmRefund} loading={refund.isPending} disabled={needsReason && refundAsk.reason.trim() === ''} data-testid="confirm-refund">
              Confirm refund
            </Button>
          </>
        ) : askingReason ? (
          <>
            <Input
              label="Why must you see the PINs? (kept in the audit log)"
              maxLength={REVEAL_REASON_MAX_CHARS}
              {...revealAsk.field}
              data-testid="reveal-reason"
            />
            <Button variant="ghost" onClick={revealAsk.stop} disabled={reveal.isPending}>
              Cancel
            </Button>
            <Button onClick={confirmReveal} loading={reveal.isPending} disabled={revealAsk.reason.trim() === ''} data-testid="confirm-reveal">
              Reveal
            </Button>
          </>
        ) : (
          <>
            {revealable ? (
              <Button variant="secondary" onClick={() => revealAsk.start(t._id)} data-testid="reveal-pins-button">
                Reveal PINs
              </Button>
            ) : null}
            {refundable ? (
              <Button variant="secondary" onClick={() => refundAsk.start(t._id)} data-testid="refund-button">
                Refund
              </Button>
            ) : null}
            {checkable ? (
              <Button variant="secondary" loading={reQuery.isPending} onClick={checkStatus}>
                Check status
              </Button>
            ) : null}
            <Button onClick={close}>Close</Button>
          </>
        )
      }
    >
      <DetailList rows={rows} testId="transaction-details" />
      {t && !OPEN_STATUSES.includes(t.trans_Status) ? <ReceiptShare transaction={t} /> : null}
    </Modal>
  );
}
