/**
 * The price update form (spec §5 "Admin price update": at least one of price, reseller or api,
 * else "Please enter a valid value"), checked with the API's own schema.
 */
import { updatePriceRequest } from '@shared/api/catalogue.js';
import { MSG } from '@shared/messages.js';

export interface PriceFormValues {
  price: string;
  reseller: string;
  api: string;
}

export interface PriceUpdateBody {
  newPrice: { price?: number; reseller?: number; api?: number };
  dataId: number;
}

export const EMPTY_PRICE_FORM: PriceFormValues = { price: '', reseller: '', api: '' };

/** The request: blank tiers stay unchanged and are left out. */
export function priceUpdateBody(values: PriceFormValues, planId: number): PriceUpdateBody {
  const newPrice: PriceUpdateBody['newPrice'] = {};
  for (const tier of ['price', 'reseller', 'api'] as const) {
    const value = values[tier].trim();
    if (value !== '') newPrice[tier] = Number(value);
  }
  return { newPrice, dataId: planId };
}

/** "Please enter a valid value" unless at least one tier has a valid new price and none is wrong. */
export function priceUpdateProblem(values: PriceFormValues, planId: number): string | null {
  const newPrice = { price: values.price.trim(), reseller: values.reseller.trim(), api: values.api.trim() };
  const parsed = updatePriceRequest.safeParse({ newPrice, dataId: planId });
  return parsed.success ? null : MSG.enterValidValue;
}
