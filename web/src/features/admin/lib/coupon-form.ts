/**
 * Coupon generation's two steps: the owner's user name, validated
 * first, then the amount, as the API reads them (shared/api/wallet.ts), up to the largest coupon.
 */
import { z } from 'zod';
import { generateCouponRequest } from '@shared/api/wallet.js';
import { COUPON_MAX_KOBO } from '@shared/constants.js';
import { formatNaira, type Kobo } from '@shared/money.js';
import { koboToApiNaira } from '@/lib/money.js';

export const couponOwnerForm = generateCouponRequest.pick({ userAccount: true });
export type CouponOwnerFormValues = z.input<typeof couponOwnerForm>;

export const couponAmountForm = z.object({
  amount: generateCouponRequest.shape.amount.pipe(z.number().max(COUPON_MAX_KOBO, `The largest coupon is ${formatNaira(COUPON_MAX_KOBO)}`)),
});
export type CouponAmountFormValues = z.input<typeof couponAmountForm>;

/** POST /admin/generateCoupon's body: the amount back in naira, as the API takes it. */
export type GenerateCouponBody = z.input<typeof generateCouponRequest> & { amount: number };

/** `requestId`: a coupon vendor's retry of the same submission never pays twice. */
export function generateCouponBody(userAccount: string, amountKobo: Kobo, requestId?: string): GenerateCouponBody {
  return { userAccount, amount: koboToApiNaira(amountKobo), ...(requestId ? { request_id: requestId } : {}) };
}
