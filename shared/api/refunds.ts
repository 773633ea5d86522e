/**
 * An operator's refund of a transaction (POST /admin/refund/{id}): the one rule
 * of when it is offered, read by the transaction details screen and enforced by the server alike.
 */
import { z } from 'zod';
import type { TransactionStatus, TransactionType } from '../constants.js';
import { MSG } from '../messages.js';
import { plainText } from './text.js';
import { PRODUCT_TYPES } from '../products.js';

/**
 * A refund is offered unless the status is refunded or failed or the type is transfer, wallet or
 * refund. Of the remaining types only purchases were paid for with something that may not have
 * arrived: referral, earning and upgrade records are credits or fees with no delivery to undo, and a
 * withdrawal is refunded by its payout's own re-query. So: purchases, not yet refunded or failed.
 */
export const REFUNDABLE_TYPES: readonly TransactionType[] = PRODUCT_TYPES;
export const UNREFUNDABLE_STATUSES: readonly TransactionStatus[] = ['refunded', 'failed'];

export function isRefundOffered(transaction: { trans_Type: TransactionType; trans_Status: TransactionStatus }): boolean {
  return REFUNDABLE_TYPES.includes(transaction.trans_Type) && !UNREFUNDABLE_STATUSES.includes(transaction.trans_Status);
}

/**
 * Whether an operator is offered the refund of this transaction: an agent only while the
 * purchase is not delivered (`success`); an admin also after, with a reason (`needsReason`).
 */
export function refundOfferFor(
  transaction: { trans_Type: TransactionType; trans_Status: TransactionStatus },
  role: 'admin' | 'agent',
): { offered: false } | { offered: true; needsReason: boolean } {
  if (!isRefundOffered(transaction)) return { offered: false };
  const delivered = transaction.trans_Status === 'success';
  if (delivered && role !== 'admin') return { offered: false };
  return { offered: true, needsReason: delivered };
}

export const refundParams = z.object({
  id: z
    .string({ required_error: MSG.notFound })
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'id is invalid'),
});

/** The longest reason kept with a refund of a delivered purchase (it goes into the audit entry). */
export const REFUND_REASON_MAX_CHARS = 300;

/**
 * The refund's body: a reason, required (by the server) only to refund a delivered (`success`)
 * purchase, which only an admin may do. An empty or missing body is no reason.
 */
export const refundRequest = z.preprocess(
  (body) => (body === null || body === undefined || body === '' ? {} : body),
  z.object({
    reason: plainText('Reason', { invalid_type_error: 'reason is invalid' })
      .pipe(z.string().max(REFUND_REASON_MAX_CHARS, `The reason may be at most ${REFUND_REASON_MAX_CHARS} characters`))
      .optional()
      .transform((reason) => reason || undefined),
  }),
);

export interface RefundResponse {
  msg: string;
}
