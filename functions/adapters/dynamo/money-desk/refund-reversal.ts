/**
 * Settle as delivered's one write (domain/money-desk/settle-as-delivered.ts), through the ledger's
 * balance change (`writeWalletChange`): the wallet's debit (conditional on its seq and on the
 * balance covering it), the debit's record (its derived id: at most once), and with them
 *  1. the purchase: refunded → success by the supplier, only while it is the refunded purchase read
 *     (its refund, no reversal yet, its counters as read);
 *  2. the discrepancy's resolution, only while it has none but a flag.
 * All or nothing: a refused condition says which, and nothing moved.
 */
import type { RefundReversal, RefundReversalOutcome, RefundReversalPort } from '../../../domain/money-desk/settle-as-delivered.js';
import { keys } from '../keys.js';
import { tableName } from '../client.js';
import { countersAsRead } from '../transactions/listing-aggregates.js';
import { writeWalletChange } from '../wallet/ledger.js';
import { resolutionUpdate } from './reconciliation.js';

function purchaseUpdate({ purchase, draft, supplier, profitKobo, now }: RefundReversal) {
  const asRead = countersAsRead(purchase);
  const at = now.toISOString();
  return {
    Update: {
      TableName: tableName(),
      Key: keys.transaction(purchase.id),
      UpdateExpression:
        'SET trans_Status = :success, supplier = :supplier, profitKobo = :profit, refundReversalId = :reversalId, settledAt = :now, updatedAt = :now',
      ConditionExpression: `trans_Status = :refunded AND refundTransactionId = :refundId AND attribute_not_exists(refundReversalId) AND ${asRead.condition}`,
      ExpressionAttributeValues: {
        ':success': 'success',
        ':supplier': supplier,
        ':profit': profitKobo,
        ':reversalId': draft.id,
        ':now': at,
        ':refunded': 'refunded',
        ':refundId': purchase.refundTransactionId,
        ...asRead.values,
      },
    },
  };
}

export const dynamoRefundReversals: RefundReversalPort = {
  async reverseRefund(reversal: RefundReversal): Promise<RefundReversalOutcome> {
    const { discrepancy, resolution } = reversal;
    const outcome = await writeWalletChange({
      direction: 'debit',
      draft: reversal.draft,
      extraItems: () => [purchaseUpdate(reversal), { Update: resolutionUpdate(discrepancy.day, discrepancy.supplier, discrepancy.requestId, resolution) }],
    });
    switch (outcome.kind) {
      case 'written':
        return { kind: 'reversed', debit: outcome.record };
      case 'record_exists':
        return { kind: 'already_reversed' };
      case 'insufficient_balance':
        return { kind: 'insufficient_balance', balanceKobo: outcome.balanceKobo };
      case 'extra_condition_failed':
        return outcome.index === 0 ? { kind: 'purchase_changed' } : { kind: 'already_resolved' };
    }
  },
};
