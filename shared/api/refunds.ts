/**
 * An operator's refund of a transaction (POST /admin/refund/{id}, spec §6 "Refund"): the one rule
 * of when it is offered, read by the transaction details screen and enforced by the server alike.
 */
import { z } from 'zod';
import type { TransactionStatus, TransactionType } from '../constants.js';
import { MSG } from '../messages.js';

/**
 * Spec §6 offers a refund unless the status is refunded or failed or the type is transfer, wallet or
 * refund. Of the remaining types only purchases were paid for with something that may not have
 * arrived: referral, earning and upgrade records are credits or fees with no delivery to undo, and a
 * withdrawal is refunded by its payout's own re-query. So: purchases, not yet refunded or failed.
 */
export const REFUNDABLE_TYPES: readonly TransactionType[] = ['airtime', 'data', 'electricity', 'cable', 'exam'];
export const UNREFUNDABLE_STATUSES: readonly TransactionStatus[] = ['refunded', 'failed'];

export function isRefundOffered(transaction: { trans_Type: TransactionType; trans_Status: TransactionStatus }): boolean {
  return REFUNDABLE_TYPES.includes(transaction.trans_Type) && !UNREFUNDABLE_STATUSES.includes(transaction.trans_Status);
}

export const refundParams = z.object({
  id: z.string({ required_error: MSG.notFound }).trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'id is invalid'),
});

export interface RefundResponse {
  msg: string;
}
