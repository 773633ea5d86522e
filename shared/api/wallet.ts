import { z } from 'zod';
import { MSG } from '../messages.js';
import { positiveNairaInKobo } from './common.js';

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
});
export interface GenerateCouponResponse {
  msg: string;
  /** The code at the top level: what existing clients show (the coupon object stays for ours). */
  couponCode: string;
  coupon: { code: string; owner: string; amount: number };
}
