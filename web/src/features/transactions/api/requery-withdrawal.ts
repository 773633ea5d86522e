import { useMutation } from '@tanstack/react-query';
import type { ReQueryWithdrawalResponse } from '@shared/api/withdrawals.js';
import { api } from '@/lib/api-client.js';
import { refreshTransactionsAndBalance } from './refresh.js';

/** POST /admin/reQueryWithdrawal {transactionId}: an admin asks the payout provider for a withdrawal's final word. */
export function reQueryWithdrawal(transactionId: string): Promise<ReQueryWithdrawalResponse> {
  return api<ReQueryWithdrawalResponse>('reQueryWithdrawal', { body: { transactionId } });
}

/** Checks a withdrawal's status, then refreshes the transactions list (and the balances shown). */
export function useReQueryWithdrawal() {
  return useMutation({
    mutationFn: reQueryWithdrawal,
    onSuccess: refreshTransactionsAndBalance,
  });
}
