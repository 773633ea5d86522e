/**
 * Coupon rules: single-use codes owned by one user, from an unambiguous alphabet (no 0/O, 1/I/L),
 * drawn without modulo bias from a cryptographic random source.
 */
import { COUPON_MAX_KOBO } from '../../shared/constants.js';
import type { Kobo } from '../../shared/money.js';

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
  transactionId?: string;
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
