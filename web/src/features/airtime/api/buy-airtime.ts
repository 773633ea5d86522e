import { useMutation } from '@tanstack/react-query';
import type { PurchaseResponse } from '../../../../../shared/api/purchases.js';
import type { TransactionListResponse, TransactionView } from '../../../../../shared/api/transactions.js';
import { api } from '../../../lib/api-client.js';
import { queryClient, queryKeys } from '../../../lib/query-client.js';
import { setBalance } from '../../../lib/session.js';

export interface BuyAirtimeInput {
  network: number;
  mobile_number: string;
  amount: number;
  /** Idempotency key: a retried confirm never charges twice. */
  request_id: string;
}

export function buyAirtime(body: BuyAirtimeInput): Promise<PurchaseResponse> {
  return api<PurchaseResponse>('buyAirtime', { body });
}

function prependReceipt(receipt: TransactionView): void {
  queryClient.setQueriesData<TransactionListResponse>({ queryKey: queryKeys.transactions }, (old) => {
    if (!old || !Array.isArray(old.transactions)) return old;
    return { ...old, transactions: [receipt, ...old.transactions.filter((t) => t._id !== receipt._id)] };
  });
}

export function useBuyAirtime() {
  return useMutation({
    mutationFn: buyAirtime,
    onSuccess: ({ receipt }) => {
      if (!receipt) return;
      if (typeof receipt.balance_After === 'number') setBalance(receipt.balance_After);
      prependReceipt(receipt);
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
    },
  });
}
