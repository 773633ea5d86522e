/**
 * The buy-airtime form: the API's request (shared/api/purchases.ts) with the
 * amount limits of shared/pricing.ts, plus the optional contact to save; missing fields are asked
 * for before any format.
 */
import { z } from 'zod';
import { buyAirtimeRequest } from '@shared/api/purchases.js';
import { AIRTIME_NETWORK_IDS } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';
import { airtimeAmountRefusal, type AmountRefusal } from '@shared/pricing.js';
import { filledFirst } from '@/lib/forms.js';
import { koboToApiNaira } from '@/lib/money.js';

// Nothing bought for ₦0 either: it is below the minimum as much as ₦99 is.
const REFUSAL_MESSAGE: Record<AmountRefusal, string> = {
  invalid_amount: MSG.minimumAirtime,
  below_minimum: MSG.minimumAirtime,
  above_maximum: MSG.maximumAirtime,
};

const airtimeRules = buyAirtimeRequest.pick({ mobile_number: true }).extend({
  network: z.string().pipe(buyAirtimeRequest.shape.network),
  amount: buyAirtimeRequest.shape.amount.pipe(
    z.number().superRefine((kobo, ctx) => {
      const refusal = airtimeAmountRefusal(kobo);
      if (refusal) ctx.addIssue({ code: z.ZodIssueCode.custom, message: REFUSAL_MESSAGE[refusal] });
    }),
  ),
  addToContacts: z.boolean(),
  nickname: z.string().trim(),
});

export const airtimeForm = filledFirst(
  { network: MSG.selectNetwork, mobile_number: MSG.allFieldsRequired, amount: MSG.allFieldsRequired },
  airtimeRules.superRefine((values, ctx) => {
    if (values.addToContacts && !values.nickname) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['nickname'], message: MSG.nicknameRequired });
  }),
);

export type AirtimeFormValues = z.input<typeof airtimeForm>;
export type AirtimeForm = z.output<typeof airtimeForm>;

/** The order the spec lists the rules in, for the one warning shown. */
export const AIRTIME_FIELD_ORDER = ['network', 'mobile_number', 'amount', 'nickname'] as const;

export const DEFAULT_AIRTIME_NETWORK = String(AIRTIME_NETWORK_IDS.MTN);

export const EMPTY_AIRTIME_FORM: AirtimeFormValues = { network: DEFAULT_AIRTIME_NETWORK, mobile_number: '', amount: '', addToContacts: false, nickname: '' };

/** The amounts offered with one tap under the amount field (naira): the top-ups people buy most. */
export const AIRTIME_QUICK_AMOUNTS_NAIRA = [100, 200, 500, 1000, 2000] as const;

/** A quick amount's button: "₦1,000" (whole naira, no kobo). */
export function quickAmountLabel(naira: number): string {
  return `₦${naira.toLocaleString('en-NG')}`;
}

/** POST /buy/airtime's body. */
export type BuyAirtimeBody = z.input<typeof buyAirtimeRequest> & { amount: number; request_id: string };

/** What is sent: the amount back in naira, as the API takes it. */
export function buyAirtimeBody(values: AirtimeForm, requestId: string): BuyAirtimeBody {
  return { network: values.network, mobile_number: values.mobile_number, amount: koboToApiNaira(values.amount), request_id: requestId };
}
