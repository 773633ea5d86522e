import { useMutation } from '@tanstack/react-query';
import type { FundWithCouponResponse } from '@shared/api/wallet.js';
import { api } from '@/lib/api-client.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';
import { addToBalance, setBalance } from '@/lib/session.js';

export function fundWithCoupon(body: { userName: string; coupon: string }): Promise<FundWithCouponResponse> {
  return api<FundWithCouponResponse>('fundWithCoupon', { body });
}

export function useFundWithCoupon() {
  return useMutation({
    mutationFn: fundWithCoupon,
    onSuccess: (answer) => {
      // The receipt's balance is exact even if something else moved the wallet meanwhile;
      // without one, the credited amount is added (spec §4).
      if (typeof answer.receipt?.balance_After === 'number') setBalance(answer.receipt.balance_After);
      else if (typeof answer.amount === 'number') addToBalance(answer.amount);
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
    },
  });
}
