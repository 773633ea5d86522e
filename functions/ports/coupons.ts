/** Port to stored coupons. */
import type { UserType } from '../../shared/constants.js';
import type { Coupon } from '../domain/coupons.js';
import type { TransactionRecord } from '../domain/transactions.js';

export type RedeemResult =
  | { kind: 'redeemed'; coupon: Coupon; record: TransactionRecord }
  | { kind: 'not_found' }
  | { kind: 'already_used' }
  | { kind: 'not_owner' };

export interface Redeemer {
  userId: string;
  userName: string;
  userType: UserType;
}

export interface CouponStore {
  /** Stores a new coupon; false if the code already exists. */
  create(coupon: Coupon): Promise<boolean>;
  get(code: string): Promise<Coupon | undefined>;
  /** Marks the coupon used, credits the owner and records it, in one atomic write. */
  redeem(code: string, redeemer: Redeemer, now: Date): Promise<RedeemResult>;
}
