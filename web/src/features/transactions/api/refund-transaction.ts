import { useMutation } from '@tanstack/react-query';
import type { RefundResponse } from '@shared/api/refunds.js';
import { api } from '@/lib/api-client.js';
import { refreshTransactionsAndBalance } from './refresh.js';

/** POST /admin/refund/{id}: an admin or agent gives a purchase's money back; a delivered one needs an admin's reason. */
export function refundTransaction({ id, reason }: { id: string; reason?: string }): Promise<RefundResponse> {
  return api<RefundResponse>('refundTransaction', { params: { id }, body: reason ? { reason } : {} });
}

/** Refunds, then refreshes the transactions list (the purchase shows `refunded`, its refund appears) and the balances shown. */
export function useRefundTransaction() {
  return useMutation({
    mutationFn: refundTransaction,
    onSuccess: refreshTransactionsAndBalance,
  });
}
