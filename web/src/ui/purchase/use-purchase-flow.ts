/**
 * One purchase, the same way for every product: the page reviews what it sells (the body to send,
 * the charge and the rows to confirm), the user confirms, the purchase is sent once (its request_id
 * kept across retries, so a confirm sent twice never charges twice), and the receipt then follows
 * the transaction live until it is delivered or refunded. Done goes to the dashboard.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PurchaseResponse } from '@shared/api/purchases.js';
import type { TransactionView } from '@shared/api/transactions.js';
import { MSG } from '@shared/messages.js';
import { errorMessage, refusedForGood } from '@/lib/api-client.js';
import { isOpenStatus, useFollowedTransaction } from '@/lib/follow-transaction.js';
import { newRequestId } from '@/lib/ids.js';
import { apiNairaToKobo } from '@/lib/money.js';
import { applyPurchaseReceipt } from '@/lib/purchase-receipt.js';
import { useSession } from '@/lib/session.js';
import type { PurchaseSummary } from '../ConfirmModal.js';
import { notify, purchaseToastId } from '../notify.js';

/** What a page puts before the user: the body (given its request_id), the charge and the rows to confirm. */
export interface PurchaseReview<Body> extends PurchaseSummary {
  body: (requestId: string) => Body;
  /** What the page does once the purchase is taken: clear its form, save a contact, start over. */
  onAccepted?: () => void;
}

export interface PurchaseFlowOptions<Body> {
  /** Sends the purchase (POST /buy/…). */
  send: (body: Body) => Promise<PurchaseResponse>;
  /** Said when the answer brings no receipt to follow (the purchase goes on under Transactions). */
  processingMsg: string;
  /** Also say the answer's message while the receipt follows (taken away once the receipt is final). */
  announce?: boolean;
}

export function usePurchaseFlow<Body>({ send, processingMsg, announce = false }: PurchaseFlowOptions<Body>) {
  const navigate = useNavigate();
  const session = useSession();
  const buy = useMutation({ mutationFn: send, onSuccess: ({ receipt }) => applyPurchaseReceipt(receipt) });
  const [pending, setPending] = useState<(PurchaseReview<Body> & { sent: Body }) | null>(null);
  const [accepted, setAccepted] = useState<TransactionView | null>(null);
  const followed = useFollowedTransaction(accepted);
  // "…is being processed" must not outlive the processing: once the receipt says Delivered or Refunded, it goes.
  const followedId = followed.data?._id;
  const settled = followed.data !== undefined && !isOpenStatus(followed.data.trans_Status);
  useEffect(() => {
    if (followedId && settled) notify.dismiss(purchaseToastId(followedId));
  }, [followedId, settled]);

  // One request_id per reviewed purchase: Confirm pressed again after a lost answer is the same purchase.
  const review = (purchase: PurchaseReview<Body>) => setPending({ ...purchase, sent: purchase.body(newRequestId()) });

  const confirm = () => {
    if (!pending) return;
    const purchase = pending;
    buy.mutate(purchase.sent, {
      onSuccess: (answer) => {
        setPending(null);
        purchase.onAccepted?.();
        if (answer?.receipt && announce) notify.purchaseTaken(answer.msg ?? processingMsg, answer.receipt._id);
        if (answer?.receipt) setAccepted(answer.receipt);
        else {
          notify.success(answer?.msg ?? processingMsg);
          navigate('/profile');
        }
      },
      onError: (error) => {
        if (refusedForGood(error)) setPending(null);
        notify.error(errorMessage(error, MSG.purchaseFallback));
      },
    });
  };

  return {
    balanceKobo: apiNairaToKobo(session?.user.balance ?? 0),
    pending: pending as PurchaseSummary | null,
    busy: buy.isPending,
    review,
    cancel: () => setPending(null),
    confirm,
    receipt: followed.data ?? accepted,
    done: () => {
      if (accepted) notify.dismiss(purchaseToastId(accepted._id));
      setAccepted(null);
      navigate('/profile');
    },
  };
}

/** The flow as the dialogs read it, whatever its body. */
export type PurchaseFlowState = Omit<ReturnType<typeof usePurchaseFlow>, 'review'>;
