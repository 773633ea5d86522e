/**
 * The purchase state machine. A purchase starts `processing`; the supplier's answer moves it to
 * `success` (delivered), `pending` (ambiguous: re-queried later) or `refunded` (definite failure,
 * money back). `failed` is the other final "money back" status. Only definite failure refunds;
 * final statuses never change.
 */
import { OPEN_STATUSES, type TransactionStatus } from '../../../shared/constants.js';

export type SupplierOutcome = 'delivered' | 'failed' | 'ambiguous';

const ALLOWED: Record<TransactionStatus, readonly TransactionStatus[]> = {
  processing: ['success', 'pending', 'refunded', 'failed'],
  pending: ['success', 'refunded', 'failed'],
  success: [],
  refunded: [],
  failed: [],
};

export function isOpen(status: TransactionStatus): boolean {
  return OPEN_STATUSES.includes(status);
}

export function isFinal(status: TransactionStatus): boolean {
  return !isOpen(status);
}

export function canTransition(from: TransactionStatus, to: TransactionStatus): boolean {
  return ALLOWED[from].includes(to);
}

export type OutcomeDecision = { kind: 'settle_success' } | { kind: 'refund' } | { kind: 'mark_pending' } | { kind: 'stay_pending' } | { kind: 'already_final' };

/** What a supplier outcome does to a purchase in `status`. */
export function decideOutcome(status: TransactionStatus, outcome: SupplierOutcome): OutcomeDecision {
  if (isFinal(status)) return { kind: 'already_final' };
  switch (outcome) {
    case 'delivered':
      return { kind: 'settle_success' };
    case 'failed':
      return { kind: 'refund' };
    case 'ambiguous':
      return status === 'processing' ? { kind: 'mark_pending' } : { kind: 'stay_pending' };
  }
}
