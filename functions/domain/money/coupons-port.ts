/** Port to stored coupons. */
import type { UserType } from '../../../shared/constants.js';
import type { Kobo } from '../../../shared/money.js';
import type { InWriteAudit } from '../back-office/audit.js';
import type { Coupon } from './coupons.js';
import type { TransactionDraft, TransactionRecord } from '../transactions/transactions.js';

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

export type PaidCouponWrite =
  | { kind: 'created'; record: TransactionRecord }
  /** The payment's id (the vendor's request_id) was paid before, for the same request: its coupon. */
  | { kind: 'replayed'; coupon: Coupon; record: TransactionRecord }
  | { kind: 'code_taken' }
  | { kind: 'insufficient_balance'; balanceKobo: Kobo }
  | { kind: 'exists_with_different_details' };

export type CancelResult =
  | { kind: 'cancelled'; coupon: Coupon; record: TransactionRecord }
  | { kind: 'not_found' | 'not_yours' | 'already_used' | 'already_cancelled' };

/** What issuing a coupon changed: the coupon, and for a vendor's the debit that paid for it. */
export interface CouponIssueChange {
  coupon: Coupon;
  payment?: TransactionRecord;
}

/** What cancelling a coupon changed: the coupon as it was, and the credit back to its vendor. */
export interface CouponCancelChange {
  coupon: Coupon;
  record: TransactionRecord;
}

/** Each write below puts the operator's audit entry in the same transaction when `audit` is given. */
export interface CouponStore {
  /** Stores a new coupon; false if the code already exists. */
  create(coupon: Coupon, audit?: InWriteAudit<CouponIssueChange>): Promise<boolean>;
  get(code: string): Promise<Coupon | undefined>;
  /** Marks the coupon used, credits the owner and records it, in one atomic write. */
  redeem(code: string, redeemer: Redeemer, now: Date): Promise<RedeemResult>;
  /** A vendor's coupon: stored together with the vendor's debit that pays for it, in one atomic write. */
  createPaid(coupon: Coupon, payment: TransactionDraft, audit?: InWriteAudit<CouponIssueChange>): Promise<PaidCouponWrite>;
  /** Marks an unredeemed coupon used up and gives its vendor the money back, in one atomic write. */
  cancel(code: string, vendor: Redeemer, now: Date, audit?: InWriteAudit<CouponCancelChange>): Promise<CancelResult>;
  /** A vendor's coupons nobody has redeemed or cancelled yet, newest first. */
  listOpenPaidBy(vendorId: string): Promise<Coupon[]>;
}
