import { useMutation } from '@tanstack/react-query';
import type { GenerateCouponResponse } from '@shared/api/wallet.js';
import { api } from '@/lib/api-client.js';

export function generateCoupon(body: { userAccount: string; amount: number }): Promise<GenerateCouponResponse> {
  return api<GenerateCouponResponse>('generateCoupon', { body });
}

export function useGenerateCoupon() {
  return useMutation({ mutationFn: generateCoupon });
}
