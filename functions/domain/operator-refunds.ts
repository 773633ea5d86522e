/**
 * An operator's refund of a purchase (POST /admin/refund/{id}, spec §6 "Refund"): admins and agents
 * give the money back for a purchase the customer did not get.
 *
 * It goes through the ledger's one refund path (`Ledger.refundPurchase`): the credit, the `refund`
 * record whose id is derived from the purchase's, and the purchase's move to `refunded` are one
 * conditional write. The settlement path (fulfilment, sweeper, supplier pushes) uses the same path
 * and id, so an operator's refund and a supplier's failure can never both pay, and repeated or
 * concurrent refunds pay once. A supplier that later says "delivered" finds the purchase final and
 * changes nothing (settlement logs it for operators).
 *
 * The refund's audit entry (who, the purchase's status and the wallet's balance before and after)
 * is put in that same write: a refund without its entry, or an entry without its refund, cannot exist.
 */
import { isRefundOffered } from '../../shared/api/refunds.js';
import type { Ledger, RefundChange } from '../ports/ledger.js';
import { inWriteAudit, type AuditChange, type AuditedRequest } from './audit.js';
import type { TransactionStore } from '../ports/transactions.js';
import type { Logger } from './settlement.js';
import type { TransactionRecord } from './transactions.js';

/** A purchase settles at most once, so one retry would do; a few guard against a bug looping forever. */
const MAX_ATTEMPTS = 3;

export interface OperatorRefundDeps {
  transactions: Pick<TransactionStore, 'get'>;
  ledger: Pick<Ledger, 'refundPurchase'>;
  log: Logger;
  now(): Date;
  /** The audit entry's id. */
  newId(): string;
}

export interface Operator {
  userName: string;
  role: 'admin' | 'agent';
  /** The operator's request, as its audit entry keeps it. */
  request: AuditedRequest;
}

/** A refund's entry: the purchase's status and the customer's balance, before and after. */
export function refundAuditChange({ purchase, refund }: RefundChange): AuditChange {
  return {
    before: { trans_Status: purchase.trans_Status, userName: refund.trans_UserName, balanceKobo: refund.balanceBeforeKobo },
    after: { trans_Status: 'refunded', userName: refund.trans_UserName, balanceKobo: refund.balanceAfterKobo, refundId: refund.id, amountKobo: refund.amountKobo },
  };
}

export type OperatorRefundResult =
  | { kind: 'refunded'; purchase: TransactionRecord; refund: TransactionRecord }
  | { kind: 'not_found' }
  /** Refunded before: by an operator, by a settlement, or by the concurrent call that won. */
  | { kind: 'already_refunded' }
  | { kind: 'failed' }
  | { kind: 'type_not_refundable' };

export async function refundAsOperator(transactionId: string, operator: Operator, deps: OperatorRefundDeps): Promise<OperatorRefundResult> {
  const found = await deps.transactions.get(transactionId);
  if (!found) return { kind: 'not_found' };
  if (found.trans_Status === 'refunded') return { kind: 'already_refunded' };
  if (found.trans_Status === 'failed') return { kind: 'failed' };
  if (!isRefundOffered(found)) return { kind: 'type_not_refundable' };

  // A delivered purchase is refunded too (spec §6): the operator's word stands where the supplier's reversal otherwise would.
  const reason = `operator_refund:${operator.role}:${operator.userName}`;
  const audit = inWriteAudit(operator.request, deps.now(), deps.newId(), refundAuditChange);
  for (let attempt = 1; ; attempt++) {
    const result = await deps.ledger.refundPurchase(transactionId, { reason, now: deps.now(), afterSuccess: true, audit });
    switch (result.kind) {
      case 'not_found':
        return { kind: 'not_found' };
      case 'already_refunded':
        return { kind: 'already_refunded' };
      case 'not_refundable':
        // Settled as delivered between the ledger's read and its write: refundable still, so once more.
        if (result.purchase.trans_Status === 'success' && attempt < MAX_ATTEMPTS) continue;
        return { kind: 'failed' };
      case 'refunded':
        deps.log.info('operator refunded a purchase', { transactionId, by: operator.userName, role: operator.role, amountKobo: result.refund.amountKobo });
        return { kind: 'refunded', purchase: result.purchase, refund: result.refund };
    }
  }
}
