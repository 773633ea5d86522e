/**
 * The price update form (at least one of price, reseller or api,
 * else "Please enter a valid value"), checked with the API's own schema; blank tiers stay as they
 * are and are left out of the body.
 */
import { z } from 'zod';
import { updatePriceRequest } from '@shared/api/catalogue.js';
import { MSG } from '@shared/messages.js';

const TIERS = ['price', 'reseller', 'api'] as const;

export interface PriceUpdateBody {
  newPrice: { price?: number; reseller?: number; api?: number };
  dataId: number;
}

export function priceForm(planId: number) {
  return z.object({ price: z.string().trim(), reseller: z.string().trim(), api: z.string().trim() }).transform((newPrice, ctx): PriceUpdateBody => {
    if (!updatePriceRequest.safeParse({ newPrice, dataId: planId }).success) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: MSG.enterValidValue, path: ['price'] });
      return z.NEVER;
    }
    const body: PriceUpdateBody = { newPrice: {}, dataId: planId };
    for (const tier of TIERS) if (newPrice[tier]) body.newPrice[tier] = Number(newPrice[tier]);
    return body;
  });
}
export type PriceFormValues = z.input<ReturnType<typeof priceForm>>;

export const EMPTY_PRICE_FORM: PriceFormValues = { price: '', reseller: '', api: '' };
