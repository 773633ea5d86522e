import { useMutation } from '@tanstack/react-query';
import type { WithdrawResponse } from '@shared/api/withdrawals.js';
import { api } from '@/lib/api-client.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';
import { setBalance } from '@/lib/session.js';
import type { WithdrawBody } from '../lib/withdraw-form.js';

/** POST /withdraw; the request_id makes a retried confirm never withdraw twice. */
export function withdraw(body: WithdrawBody): Promise<WithdrawResponse> {
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
