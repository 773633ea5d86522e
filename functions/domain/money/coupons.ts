/**
 * Coupon rules: single-use codes owned by one user, from an unambiguous alphabet (no 0/O, 1/I/L),
 * drawn without modulo bias from a cryptographic random source. An admin's coupon creates money
 * (its redemption is money in); a coupon vendor's is paid from the vendor's wallet when it is
 * created, and until it is redeemed the vendor may cancel it and have the money back.
 */
import { COUPON_MAX_KOBO } from '../../../shared/constants.js';
import type { Kobo } from '../../../shared/money.js';

export const COUPON_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const COUPON_CODE_LENGTH = 16;

export interface Coupon {
  code: string;
  ownerUserId: string;
  ownerUserName: string;
  amountKobo: Kobo;
  used: boolean;
  createdAt: string;
  createdBy: string;
  createdByUserName?: string;
  usedAt?: string;
  /** The redemption's record, or the cancellation's (a cancelled coupon is used up too). */
  transactionId?: string;
  /** A vendor's coupon: who paid for it, and the debit that paid. */
  paidByUserId?: string;
  paymentTransactionId?: string;
  /** Cancelled by its vendor before anyone redeemed it: the money went back to the vendor. */
  cancelledAt?: string;
}

/** `randomBytes(n)` must be cryptographically random (node:crypto randomBytes). */
export function generateCouponCode(randomBytes: (size: number) => Uint8Array, length = COUPON_CODE_LENGTH): string {
  // Largest multiple of the alphabet size below 256: bytes above it are discarded (no bias).
  const limit = 256 - (256 % COUPON_ALPHABET.length);
  let code = '';
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= limit) continue;
      code += COUPON_ALPHABET[byte % COUPON_ALPHABET.length];
      if (code.length === length) break;
    }
  }
  return code;
}

/** What people type: any case, spaces or dashes between groups. */
export function normaliseCouponCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

export type CouponAmountCheck = { ok: true } | { ok: false; reason: 'invalid_amount' | 'above_maximum' };

export function checkCouponAmount(amountKobo: Kobo): CouponAmountCheck {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) return { ok: false, reason: 'invalid_amount' };
  if (amountKobo > COUPON_MAX_KOBO) return { ok: false, reason: 'above_maximum' };
  return { ok: true };
}

export type RedeemCheck = { ok: true; coupon: Coupon } | { ok: false; reason: 'not_found' | 'already_used' | 'not_owner' };

/** A coupon can be redeemed once, by its owner. */
export function checkRedeemable(coupon: Coupon | undefined, userId: string): RedeemCheck {
  if (!coupon) return { ok: false, reason: 'not_found' };
  if (coupon.used) return { ok: false, reason: 'already_used' };
  if (coupon.ownerUserId !== userId) return { ok: false, reason: 'not_owner' };
  return { ok: true, coupon };
}

export type CancelCheck =
  | { ok: true; coupon: Coupon & { paidByUserId: string; paymentTransactionId: string } }
  | { ok: false; reason: 'not_found' | 'not_yours' | 'already_used' | 'already_cancelled' };

/** Only the vendor who paid for a coupon may cancel it, once, and only while nobody redeemed it. */
export function checkCancellable(coupon: Coupon | undefined, vendorId: string): CancelCheck {
  if (!coupon) return { ok: false, reason: 'not_found' };
  if (coupon.paidByUserId !== vendorId || !coupon.paymentTransactionId) return { ok: false, reason: 'not_yours' };
  if (coupon.cancelledAt) return { ok: false, reason: 'already_cancelled' };
  if (coupon.used) return { ok: false, reason: 'already_used' };
  return { ok: true, coupon: { ...coupon, paidByUserId: coupon.paidByUserId, paymentTransactionId: coupon.paymentTransactionId } };
}
