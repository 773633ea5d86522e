/** Airtime pricing (spec §5, §9): minimum ₦100, charge 98% for resellers and 99% otherwise. */
import { AIRTIME_COST_BPS, type UserType } from '../../shared/constants.js';
import { applyRate, type BasisPoints, type Kobo } from '../../shared/money.js';
import { airtimeAmountRefusal, airtimeChargeKobo, type AmountRefusal } from '../../shared/pricing.js';

export interface AirtimePrice {
  faceValueKobo: Kobo;
  /** What the user's wallet is debited. */
  chargeKobo: Kobo;
  /** What the supplier charges us. */
  costKobo: Kobo;
  /** Recorded when the purchase succeeds. */
  profitKobo: Kobo;
}

export type AirtimePriceResult = { ok: true; price: AirtimePrice } | { ok: false; reason: AmountRefusal };

export function priceAirtime(faceValueKobo: Kobo, userType: UserType, costBps: BasisPoints = AIRTIME_COST_BPS): AirtimePriceResult {
  const refusal = airtimeAmountRefusal(faceValueKobo);
  if (refusal) return { ok: false, reason: refusal };
  // The web previews the same charge (shared/pricing.ts).
  const chargeKobo = airtimeChargeKobo(faceValueKobo, userType);
  const costKobo = applyRate(faceValueKobo, costBps);
  return { ok: true, price: { faceValueKobo, chargeKobo, costKobo, profitKobo: chargeKobo - costKobo } };
}
