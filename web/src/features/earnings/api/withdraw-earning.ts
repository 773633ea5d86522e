import { useMutation } from '@tanstack/react-query';
import type { WithdrawEarningResponse } from '@shared/api/earnings.js';
import { api } from '@/lib/api-client.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';
import { setBalance } from '@/lib/session.js';
import { referralsKey } from './referrals.js';

/** POST /auth/withdrawEarning: moves the earning balance to the wallet. */
export function withdrawEarning(): Promise<WithdrawEarningResponse> {
  return api<WithdrawEarningResponse>('withdrawEarning', { body: {} });
}

export function useWithdrawEarning() {
  return useMutation({
    mutationFn: withdrawEarning,
    onSuccess: (answer) => {
      if (typeof answer.balance === 'number') setBalance(answer.balance);
      void queryClient.invalidateQueries({ queryKey: referralsKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
    },
  });
}
