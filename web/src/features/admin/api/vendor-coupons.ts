import { useMutation, useQuery } from '@tanstack/react-query';
import type { CancelCouponResponse, VendorCouponsResponse } from '@shared/api/wallet.js';
import { api } from '@/lib/api-client.js';
import { queryClient } from '@/lib/query-client.js';
import { setBalance } from '@/lib/session.js';

/** The vendor's coupons nobody redeemed or cancelled yet. */
const vendorCouponsKey = ['vendorCoupons'] as const;

export function useVendorCoupons(enabled: boolean) {
  return useQuery({ queryKey: vendorCouponsKey, queryFn: () => api<VendorCouponsResponse>('listVendorCoupons'), enabled });
}

/** A new paid coupon changes the list and the vendor's balance. */
export function afterVendorCoupon(balance: number | undefined): void {
  if (typeof balance === 'number') setBalance(balance);
  void queryClient.invalidateQueries({ queryKey: vendorCouponsKey });
}

export function useCancelCoupon() {
  return useMutation({
    mutationFn: (code: string) => api<CancelCouponResponse>('cancelCoupon', { params: { code } }),
    onSuccess: (answer) => afterVendorCoupon(answer.balance),
  });
}
