import { useMutation } from '@tanstack/react-query';
import type { GenerateCouponResponse } from '@shared/api/wallet.js';
import { api } from '@/lib/api-client.js';
import type { GenerateCouponBody } from '../lib/coupon-form.js';

export function generateCoupon(body: GenerateCouponBody): Promise<GenerateCouponResponse> {
  return api<GenerateCouponResponse>('generateCoupon', { body });
}

export function useGenerateCoupon() {
  return useMutation({ mutationFn: generateCoupon });
}
