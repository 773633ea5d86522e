/**
 * The price a user pays for a data plan follows their type (spec §6): reseller → resellerPrice,
 * api user → apiPrice, everybody else → my_price (the smart earner price). One rule for the
 * server (which charges it, in kobo), the web's price preview and the public price list (naira):
 * the function only picks a tier, so it works on either unit.
 */
import type { UserType } from './constants.js';

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
