/**
 * The money side of a coupon vendor's coupons: the vendor's debit that pays for one when it is
 * created, and the credit that gives it back when the vendor cancels it unredeemed. Both are
 * `wallet` records on the coupon item ("wallet money into a coupon" and back), so the owner's
 * redemption — also `wallet` — closes the pair: Σ balances + Σ open paid coupons never changes.
 */
import type { UserType } from '../../../shared/constants.js';
import { formatNaira } from '../../../shared/money.js';
import type { Coupon } from './coupons.js';
import { couponCancelIdFor, couponPaymentIdFor, couponPaymentIdForRequest } from '../ids.js';
import type { TransactionDraft } from '../transactions/transactions.js';

export interface CouponPayer {
  userId: string;
  userName: string;
  userType: UserType;
}

function couponRecord(coupon: Coupon, payer: CouponPayer, now: Date) {
  const nowIso = now.toISOString();
  return {
    userId: payer.userId,
    trans_UserName: payer.userName,
    userType: payer.userType,
    trans_Type: 'wallet' as const,
    trans_Status: 'success' as const,
    // How clients show it: the item is "coupon", the other party the coupon's owner.
    trans_Network: 'coupon',
    phone_number: '',
    counterparty: { userId: coupon.ownerUserId, userName: coupon.ownerUserName },
    couponCode: coupon.code,
    amountKobo: coupon.amountKobo,
    volume: formatNaira(coupon.amountKobo),
    createdAt: nowIso,
    updatedAt: nowIso,
  };
}

/**
 * A vendor's coupon, paid for: the coupon names its payer and the debit, whose id is derived from
 * the vendor's request_id when there is one (a retry finds the first payment), else from the code.
 */
export function paidCoupon(coupon: Coupon, payer: CouponPayer, requestId?: string): Coupon {
  const paymentTransactionId = requestId ? couponPaymentIdForRequest(payer.userId, requestId) : couponPaymentIdFor(coupon.code);
  return { ...coupon, paidByUserId: payer.userId, paymentTransactionId };
}

export function couponPaymentDraft(coupon: Coupon, payer: CouponPayer, now: Date): TransactionDraft {
  if (!coupon.paymentTransactionId) throw new Error(`coupon ${coupon.code} is not a paid coupon`);
  return {
    ...couponRecord(coupon, payer, now),
    id: coupon.paymentTransactionId,
    description: `Coupon ${coupon.code} for ${coupon.ownerUserName}`,
    // Not the code (a retry draws another): the same key for another owner is another request.
    requestFingerprint: `coupon-payment:${coupon.ownerUserId}`,
  };
}

export function couponCancelDraft(coupon: Coupon, payer: CouponPayer, now: Date): TransactionDraft {
  return {
    ...couponRecord(coupon, payer, now),
    id: couponCancelIdFor(coupon.code),
    description: `Coupon ${coupon.code} for ${coupon.ownerUserName} cancelled: money back`,
    relatedTransactionId: coupon.paymentTransactionId ?? couponPaymentIdFor(coupon.code),
    requestFingerprint: `coupon-cancel:${coupon.code}`,
  };
}
