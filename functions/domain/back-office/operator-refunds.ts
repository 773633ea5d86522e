/**
 * An operator's refund of a purchase (POST /admin/refund/{id}): admins and agents
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
import { isRefundOffered } from '../../../shared/api/refunds.js';
import { NO_REFUND_REASON } from '../../../shared/messages.js';
import type { Ledger, RefundChange } from '../wallet/ledger-port.js';
import { inWriteAudit, type AuditChange, type AuditedRequest } from './audit.js';
import type { TransactionStore } from '../transactions/transactions-port.js';
import type { Logger } from '../logger.js';
import type { TransactionRecord } from '../transactions/transactions.js';

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
  /** Why, as typed; kept in the audit entry and shown on the transaction ("no reason given" when none). */
  reason?: string;
}

/** A refund's entry: the purchase's status and the customer's balance, before and after. */
export function refundAuditChange({ purchase, refund }: RefundChange, reason?: string): AuditChange {
  return {
    before: { trans_Status: purchase.trans_Status, userName: refund.trans_UserName, balanceKobo: refund.balanceBeforeKobo },
    after: {
      trans_Status: 'refunded',
      userName: refund.trans_UserName,
      balanceKobo: refund.balanceAfterKobo,
      refundId: refund.id,
      amountKobo: refund.amountKobo,
      ...(reason ? { reason } : {}),
    },
  };
}

export type OperatorRefundResult =
  | { kind: 'refunded'; purchase: TransactionRecord; refund: TransactionRecord }
  | { kind: 'not_found' }
  /** Refunded before: by an operator, by a settlement, or by the concurrent call that won. */
  | { kind: 'already_refunded' }
  | { kind: 'failed' }
  | { kind: 'type_not_refundable' }
  /** The supplier delivered it: an agent may not give the money back. */
  | { kind: 'delivered_admin_only' };

/**
 * Who may refund a delivered purchase: an admin. The spec's refund has no body and the original
 * admin screen sends none, so an admin's refund without a reason is accepted and recorded as
 * "no reason given" (our own screen still asks for one). An agent is refused by name.
 */
function deliveredRefusal(operator: Operator): OperatorRefundResult | undefined {
  if (operator.role !== 'admin') return { kind: 'delivered_admin_only' };
  return undefined;
}

export async function refundAsOperator(transactionId: string, operator: Operator, deps: OperatorRefundDeps): Promise<OperatorRefundResult> {
  const found = await deps.transactions.get(transactionId);
  if (!found) return { kind: 'not_found' };
  if (found.trans_Status === 'refunded') return { kind: 'already_refunded' };
  if (found.trans_Status === 'failed') return { kind: 'failed' };
  if (!isRefundOffered(found)) return { kind: 'type_not_refundable' };

  // A delivered purchase is refunded only by an admin: the operator's word stands where the
  // supplier's reversal otherwise would, so it must be an accountable one (the audit entry names them).
  const delivered = found.trans_Status === 'success' ? deliveredRefusal(operator) : undefined;
  if (delivered) return delivered;
  const mayRefundDelivered = deliveredRefusal(operator) === undefined;
  const reason = `operator_refund:${operator.role}:${operator.userName}`;
  const words = operator.reason?.trim() || NO_REFUND_REASON;
  const audit = inWriteAudit(operator.request, deps.now(), deps.newId(), (change: RefundChange) => refundAuditChange(change, words));
  for (let attempt = 1; ; attempt++) {
    // Without the right to refund a delivered purchase, the write itself refuses one that was delivered meanwhile.
    // The operator's words are the refund's words on the transaction (its apiResponse), in place of the supplier's.
    const result = await deps.ledger.refundPurchase(transactionId, {
      reason,
      supplierMessage: words,
      now: deps.now(),
      afterSuccess: mayRefundDelivered,
      audit,
    });
    switch (result.kind) {
      case 'not_found':
        return { kind: 'not_found' };
      case 'already_refunded':
        return { kind: 'already_refunded' };
      case 'not_refundable':
        // Settled as delivered between the ledger's read and its write: refundable still by an admin, so once more.
        if (result.purchase.trans_Status === 'success') {
          const refused = deliveredRefusal(operator);
          if (refused) return refused;
          if (attempt < MAX_ATTEMPTS) continue;
        }
        return { kind: 'failed' };
      case 'refunded':
        deps.log.info('operator refunded a purchase', { transactionId, by: operator.userName, role: operator.role, amountKobo: result.refund.amountKobo });
        return { kind: 'refunded', purchase: result.purchase, refund: result.refund };
    }
  }
}
