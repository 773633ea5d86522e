import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FundWithCouponResponse, fundWithCouponRequest } from '@shared/api/wallet.js';
import { api } from '@/lib/api-client.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';
import { addToBalance, setBalance } from '@/lib/session.js';

/** POST /fundWallet/coupon. */
export function fundWithCoupon(body: z.input<typeof fundWithCouponRequest>): Promise<FundWithCouponResponse> {
  return api<FundWithCouponResponse>('fundWithCoupon', { body });
}

export function useFundWithCoupon() {
  return useMutation({
    mutationFn: fundWithCoupon,
    onSuccess: (answer) => {
      // The receipt's balance is exact even if something else moved the wallet meanwhile;
      // without one, the credited amount is added.
      if (typeof answer.receipt?.balance_After === 'number') setBalance(answer.receipt.balance_After);
      else if (typeof answer.amount === 'number') addToBalance(answer.amount);
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
    },
  });
}
