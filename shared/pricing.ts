/**
 * What a user pays, one rule per product for the server (which charges it) and the web (which
 * previews it before the purchase is sent), so the preview can never disagree with the debit.
 *
 * Data: the price follows the user's type: reseller → resellerPrice, api user →
 * apiPrice, everybody else → my_price (the smart earner price). The function only picks a tier, so
 * it works on kobo (the server) and on naira (the web's preview and the public price list).
 *
 * Airtime and electricity: limits and charge in kobo.
 */
import {
  AIRTIME_CHARGE_BPS,
  AIRTIME_MAX_KOBO,
  AIRTIME_MIN_KOBO,
  ELECTRICITY_FEE_KOBO,
  ELECTRICITY_MAX_KOBO,
  ELECTRICITY_MIN_KOBO,
  type UserType,
} from './constants.js';
import { applyRate, type Kobo } from './money.js';

/** The three tiered prices, named as the session's plans and the price list rows name them. */
export interface TieredPrices<Amount = number> {
  my_price: Amount;
  resellerPrice: Amount;
  apiPrice: Amount;
}

export type PriceTier = keyof TieredPrices;

export const PRICE_TIER_OF: Record<UserType, PriceTier> = {
  reseller: 'resellerPrice',
  'api user': 'apiPrice',
  'smart earner': 'my_price',
};

/** Which price field applies to a user type; unknown types pay the smart earner price. */
export function priceTierFor(userType: UserType | string | null | undefined): PriceTier {
  return (userType && PRICE_TIER_OF[userType as UserType]) || 'my_price';
}

/** The price a user of `userType` pays for a plan with these tiered prices. */
export function priceForUserType<Amount>(prices: TieredPrices<Amount>, userType: UserType | string | null | undefined): Amount {
  return prices[priceTierFor(userType)];
}

/** Why an amount cannot be bought; the server answers with it, the web words it (shared/messages.ts). */
export type AmountRefusal = 'invalid_amount' | 'below_minimum' | 'above_maximum';

function refusalOf(amountKobo: Kobo, minimumKobo: Kobo, maximumKobo: Kobo): AmountRefusal | null {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) return 'invalid_amount';
  if (amountKobo < minimumKobo) return 'below_minimum';
  if (amountKobo > maximumKobo) return 'above_maximum';
  return null;
}

/** Airtime of this face value may be bought (₦100 up to ₦50,000), or why not. */
export function airtimeAmountRefusal(faceValueKobo: Kobo): AmountRefusal | null {
  return refusalOf(faceValueKobo, AIRTIME_MIN_KOBO, AIRTIME_MAX_KOBO);
}

/** What the wallet pays for airtime: 98% of the face value for a reseller, 99% otherwise, rounded half up to the kobo. */
export function airtimeChargeKobo(faceValueKobo: Kobo, userType: UserType | string | null | undefined): Kobo {
  return applyRate(faceValueKobo, AIRTIME_CHARGE_BPS[userType as UserType] ?? AIRTIME_CHARGE_BPS['smart earner']);
}

/** The smallest amount a meter can be bought for: ours, or the disco's when it said more. */
export function electricityMinimumKobo(discoMinimumKobo?: Kobo): Kobo {
  return discoMinimumKobo !== undefined && Number.isSafeInteger(discoMinimumKobo) && discoMinimumKobo > ELECTRICITY_MIN_KOBO
    ? discoMinimumKobo
    : ELECTRICITY_MIN_KOBO;
}

/** A token of this value may be bought (the meter's minimum up to ₦500,000), or why not. */
export function electricityAmountRefusal(amountKobo: Kobo, minimumKobo: Kobo = ELECTRICITY_MIN_KOBO): AmountRefusal | null {
  return refusalOf(amountKobo, minimumKobo, ELECTRICITY_MAX_KOBO);
}

/** What the wallet pays for a token: its value plus the fee (₦50). */
export function electricityChargeKobo(amountKobo: Kobo, feeKobo: Kobo = ELECTRICITY_FEE_KOBO): Kobo {
  return amountKobo + feeKobo;
}
