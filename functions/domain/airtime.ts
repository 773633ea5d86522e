/** Airtime pricing (spec §5, §9): minimum ₦100, charge 98% for resellers and 99% otherwise. */
import { AIRTIME_CHARGE_BPS, AIRTIME_COST_BPS, AIRTIME_MAX_KOBO, AIRTIME_MIN_KOBO, type UserType } from '../../shared/constants.js';
import { applyRate, type BasisPoints, type Kobo } from '../../shared/money.js';

export interface AirtimePrice {
  faceValueKobo: Kobo;
  /** What the user's wallet is debited. */
  chargeKobo: Kobo;
  /** What the supplier charges us. */
  costKobo: Kobo;
  /** Recorded when the purchase succeeds. */
  profitKobo: Kobo;
}

export type AirtimePriceResult = { ok: true; price: AirtimePrice } | { ok: false; reason: 'invalid_amount' | 'below_minimum' | 'above_maximum' };

export function priceAirtime(faceValueKobo: Kobo, userType: UserType, costBps: BasisPoints = AIRTIME_COST_BPS): AirtimePriceResult {
  if (!Number.isSafeInteger(faceValueKobo) || faceValueKobo <= 0) return { ok: false, reason: 'invalid_amount' };
  if (faceValueKobo < AIRTIME_MIN_KOBO) return { ok: false, reason: 'below_minimum' };
  if (faceValueKobo > AIRTIME_MAX_KOBO) return { ok: false, reason: 'above_maximum' };
  const chargeKobo = applyRate(faceValueKobo, AIRTIME_CHARGE_BPS[userType]);
  const costKobo = applyRate(faceValueKobo, costBps);
  return { ok: true, price: { faceValueKobo, chargeKobo, costKobo, profitKobo: chargeKobo - costKobo } };
}
