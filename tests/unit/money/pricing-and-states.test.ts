import { describe, expect, it } from 'vitest';
import { AIRTIME_MAX_KOBO } from '../../../shared/constants.js';
import { priceAirtime } from '../../../functions/domain/products/airtime.js';
import { canTransition, decideOutcome, isFinal, isOpen } from '../../../functions/domain/purchases/purchase-state.js';

describe('airtime pricing', () => {
  it('resellers pay 98% of face value, smart earners and api users 99%; cost is 97%', () => {
    expect(priceAirtime(100_00, 'reseller')).toEqual({ ok: true, price: { faceValueKobo: 100_00, chargeKobo: 98_00, costKobo: 97_00, profitKobo: 1_00 } });
    expect(priceAirtime(100_00, 'smart earner')).toMatchObject({ ok: true, price: { chargeKobo: 99_00, profitKobo: 2_00 } });
    expect(priceAirtime(100_00, 'api user')).toMatchObject({ ok: true, price: { chargeKobo: 99_00 } });
  });
  it('percentages round half up to the kobo', () => {
    // 99% of ₦100.50 = 9949.5 kobo → 9950
    expect(priceAirtime(100_50, 'smart earner')).toMatchObject({ ok: true, price: { chargeKobo: 99_50 } });
  });
  it('below ₦100 is below_minimum; above the maximum is above_maximum; ₦100 and the maximum are accepted', () => {
    expect(priceAirtime(99_99, 'reseller')).toEqual({ ok: false, reason: 'below_minimum' });
    expect(priceAirtime(100_00, 'reseller').ok).toBe(true);
    expect(priceAirtime(AIRTIME_MAX_KOBO, 'reseller').ok).toBe(true);
    expect(priceAirtime(AIRTIME_MAX_KOBO + 1, 'reseller')).toEqual({ ok: false, reason: 'above_maximum' });
  });
  it('non-integer or non-positive kobo is invalid_amount', () => {
    expect(priceAirtime(0, 'reseller')).toEqual({ ok: false, reason: 'invalid_amount' });
    expect(priceAirtime(100.5, 'reseller')).toEqual({ ok: false, reason: 'invalid_amount' });
  });
});

describe('purchase state machine', () => {
  it('processing may become success, pending, refunded or failed', () => {
    for (const to of ['success', 'pending', 'refunded', 'failed'] as const) expect(canTransition('processing', to)).toBe(true);
  });
  it('pending may become success, refunded or failed, but not processing again', () => {
    for (const to of ['success', 'refunded', 'failed'] as const) expect(canTransition('pending', to)).toBe(true);
    expect(canTransition('pending', 'processing')).toBe(false);
  });
  it('final statuses never change', () => {
    for (const from of ['success', 'refunded', 'failed'] as const) {
      expect(isFinal(from)).toBe(true);
      for (const to of ['success', 'pending', 'refunded', 'failed', 'processing'] as const) expect(canTransition(from, to)).toBe(false);
    }
    expect(isOpen('processing') && isOpen('pending')).toBe(true);
  });
  it('delivered settles success; only a definite failure refunds; ambiguous goes or stays pending', () => {
    expect(decideOutcome('processing', 'delivered')).toEqual({ kind: 'settle_success' });
    expect(decideOutcome('pending', 'delivered')).toEqual({ kind: 'settle_success' });
    expect(decideOutcome('processing', 'failed')).toEqual({ kind: 'refund' });
    expect(decideOutcome('pending', 'failed')).toEqual({ kind: 'refund' });
    expect(decideOutcome('processing', 'ambiguous')).toEqual({ kind: 'mark_pending' });
    expect(decideOutcome('pending', 'ambiguous')).toEqual({ kind: 'stay_pending' });
  });
  it('a verdict on a final purchase changes nothing', () => {
    expect(decideOutcome('success', 'failed')).toEqual({ kind: 'already_final' });
    expect(decideOutcome('refunded', 'delivered')).toEqual({ kind: 'already_final' });
  });
});
