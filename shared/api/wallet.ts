import { z } from 'zod';
import { COUPON_VENDOR_MSG, MSG } from '../messages.js';
import { positiveNairaInKobo, requestId } from './common.js';

export const fundWithCouponRequest = z.object({
  userName: z.string().trim().optional(),
  coupon: z.string({ required_error: MSG.enterCouponCode }).trim().min(1, MSG.enterCouponCode).max(64),
});
export interface FundWithCouponResponse {
  msg: string;
  /** Naira credited. */
  amount: number;
  receipt: { balance_After: number };
}

export const generateCouponRequest = z.object({
  // No user name is longer; a longer one would reach a DynamoDB key and fail there.
  userAccount: z.string({ required_error: MSG.enterUsername }).trim().min(1, MSG.enterUsername).max(30, MSG.userNotFound),
  amount: positiveNairaInKobo,
  /** Optional idempotency key for a coupon vendor's paid coupon: a retry never pays twice. */
  request_id: requestId,
});
export interface GenerateCouponResponse {
  msg: string;
  /** The code at the top level: what existing clients show (the coupon object stays for ours). */
  couponCode: string;
  coupon: { code: string; owner: string; amount: number };
  /** A coupon vendor's balance after paying for it (naira); absent for an admin's coupon. */
  balance?: number;
}

/** POST /admin/coupon/{code}/cancel: the vendor's unredeemed coupon, its money back to the vendor. */
export const couponCodeParams = z.object({
  code: z.string({ required_error: COUPON_VENDOR_MSG.invalidCode }).trim().min(1, COUPON_VENDOR_MSG.invalidCode).max(64, COUPON_VENDOR_MSG.invalidCode),
});
export interface CancelCouponResponse {
  msg: string;
  /** The vendor's balance after the money came back (naira). */
  balance: number;
  coupon: { code: string; owner: string; amount: number };
}

/** GET /admin/coupons: the caller's paid coupons nobody has redeemed or cancelled, newest first. */
export interface VendorCouponsResponse {
  coupons: Array<{ code: string; owner: string; amount: number; createdAt: string }>;
}
