import { useMutation } from '@tanstack/react-query';
import type { WithdrawResponse } from '@shared/api/withdrawals.js';
import { api } from '@/lib/api-client.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';
import { setBalance } from '@/lib/session.js';

export interface WithdrawInput {
  bankName: string;
  bankCode: string;
  accountNumber: string;
  bankAccountName: string;
  accountName: string;
  amount: number;
  /** Idempotency key: a retried confirm never withdraws twice. */
  request_id: string;
}

/** POST /withdraw. */
export function withdraw(body: WithdrawInput): Promise<WithdrawResponse> {
  return api<WithdrawResponse>('withdraw', { body });
}

export function useWithdraw() {
  return useMutation({
    mutationFn: withdraw,
    onSuccess: (answer) => {
      if (typeof answer.balance === 'number') setBalance(answer.balance);
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
    },
  });
}
