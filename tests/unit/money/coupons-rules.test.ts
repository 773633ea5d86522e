import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COUPON_MAX_KOBO } from '../../../shared/constants.js';
import { couponCancelDraft, couponPaymentDraft, paidCoupon } from '../../../functions/domain/money/coupon-payments.js';
import {
  checkCancellable,
  checkCouponAmount,
  checkRedeemable,
  COUPON_ALPHABET,
  generateCouponCode,
  normaliseCouponCode,
  type Coupon,
} from '../../../functions/domain/money/coupons.js';
import { couponPaymentIdFor, couponPaymentIdForRequest } from '../../../functions/domain/ids.js';

describe('coupon codes', () => {
  it('are 16 characters of an alphabet without 0/O, 1/I/L', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateCouponCode((n) => randomBytes(n));
      expect(code).toMatch(new RegExp(`^[${COUPON_ALPHABET}]{16}$`));
    }
    expect(COUPON_ALPHABET).not.toMatch(/[01OIL]/);
  });
  it('discard random bytes that would bias the alphabet', () => {
    // 248..255 are above the largest multiple of 31 (248) and must be skipped.
    const bytes = [255, 250, 248, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    let offset = 0;
    const code = generateCouponCode((n) => {
      const out = Uint8Array.from({ length: n }, (_, i) => bytes[(offset + i) % bytes.length]!);
      offset += n;
      return out;
    }, 4);
    expect(code).toBe(COUPON_ALPHABET.slice(0, 4));
  });
  it('are read case-insensitively, ignoring spaces and dashes', () => {
    expect(normaliseCouponCode(' abcd-efgh ijkm ')).toBe('ABCDEFGHIJKM');
  });
});

describe('coupon rules', () => {
  const coupon: Coupon = { code: 'X', ownerUserId: 'u1', ownerUserName: 'ada', amountKobo: 100, used: false, createdAt: '', createdBy: 'admin' };
  it('the owner may redeem an unused coupon', () => {
    expect(checkRedeemable(coupon, 'u1')).toEqual({ ok: true, coupon });
  });
  it("unknown, used, or someone else's coupons are refused with a named reason", () => {
    expect(checkRedeemable(undefined, 'u1')).toEqual({ ok: false, reason: 'not_found' });
    expect(checkRedeemable({ ...coupon, used: true }, 'u1')).toEqual({ ok: false, reason: 'already_used' });
    expect(checkRedeemable(coupon, 'u2')).toEqual({ ok: false, reason: 'not_owner' });
  });
  it('amounts must be positive whole kobo up to the maximum', () => {
    expect(checkCouponAmount(COUPON_MAX_KOBO)).toEqual({ ok: true });
    expect(checkCouponAmount(COUPON_MAX_KOBO + 1)).toEqual({ ok: false, reason: 'above_maximum' });
    expect(checkCouponAmount(0)).toEqual({ ok: false, reason: 'invalid_amount' });
  });
});

describe("a coupon vendor's coupon", () => {
  const owner = { userId: 'u1', userName: 'ada', userType: 'smart earner' as const };
  const vendor = { userId: 'v1', userName: 'vend', userType: 'reseller' as const };
  const base: Coupon = {
    code: 'ABCD',
    ownerUserId: owner.userId,
    ownerUserName: owner.userName,
    amountKobo: 500_00,
    used: false,
    createdAt: '',
    createdBy: vendor.userId,
  };
  const paid = paidCoupon(base, vendor);

  it('is paid by one debit of the vendor: its amount, a `wallet` record whose id derives from the code', () => {
    const draft = couponPaymentDraft(paid, vendor, new Date('2026-01-01T00:00:00Z'));
    expect(paid).toMatchObject({ paidByUserId: 'v1', paymentTransactionId: couponPaymentIdFor('ABCD') });
    expect(draft).toMatchObject({
      id: couponPaymentIdFor('ABCD'),
      userId: 'v1',
      amountKobo: 500_00,
      trans_Type: 'wallet',
      trans_Network: 'coupon',
      counterparty: { userName: 'ada' },
    });
    expect(couponCancelDraft(paid, vendor, new Date())).toMatchObject({ userId: 'v1', amountKobo: 500_00, relatedTransactionId: draft.id });
    expect(couponCancelDraft(paid, vendor, new Date()).id).not.toBe(draft.id);
  });

  it("with the vendor's request_id the payment's id comes from the key, not the code, so a retry that draws another code finds it", () => {
    expect(paidCoupon(base, vendor, 'req-00000001').paymentTransactionId).toBe(couponPaymentIdForRequest('v1', 'req-00000001'));
    expect(paidCoupon({ ...base, code: 'EFGH' }, vendor, 'req-00000001').paymentTransactionId).toBe(
      paidCoupon(base, vendor, 'req-00000001').paymentTransactionId,
    );
  });

  it('its vendor may cancel it while nobody redeemed it', () => {
    expect(checkCancellable(paid, 'v1')).toMatchObject({ ok: true, coupon: { code: 'ABCD' } });
  });

  it('nobody else may cancel it, an admin coupon cannot be cancelled, and a used or cancelled one is refused with a named reason', () => {
    expect(checkCancellable(undefined, 'v1')).toEqual({ ok: false, reason: 'not_found' });
    expect(checkCancellable(paid, 'u1')).toEqual({ ok: false, reason: 'not_yours' });
    expect(checkCancellable(base, 'v1')).toEqual({ ok: false, reason: 'not_yours' });
    expect(checkCancellable({ ...paid, used: true }, 'v1')).toEqual({ ok: false, reason: 'already_used' });
    expect(checkCancellable({ ...paid, used: true, cancelledAt: 'then' }, 'v1')).toEqual({ ok: false, reason: 'already_cancelled' });
  });
});
