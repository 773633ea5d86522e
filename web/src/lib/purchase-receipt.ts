import type { TransactionListResponse, TransactionView } from '@shared/api/transactions.js';
import { queryClient, queryKeys } from './query-client.js';
import { setBalance } from './session.js';

/**
 * What every accepted purchase (airtime, data) does with its receipt: the balance becomes
 * the receipt's balance_After and the receipt goes first in the transactions already loaded.
 */
export function applyPurchaseReceipt(receipt: TransactionView | undefined | null): void {
  if (!receipt) return;
  if (typeof receipt.balance_After === 'number') setBalance(receipt.balance_After);
  queryClient.setQueriesData<TransactionListResponse>({ queryKey: queryKeys.transactions }, (old) => {
    if (!old || !Array.isArray(old.transactions)) return old;
    return { ...old, transactions: [receipt, ...old.transactions.filter((t) => t._id !== receipt._id)] };
  });
  void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
}
