/**
 * The electricity screen's two forms: the meter, checked as the
 * API checks it (shared/api/purchases.ts), then the amount, within the limits of
 * shared/pricing.ts for the validated meter.
 */
import { z } from 'zod';
import { buyElectricityRequest, validateMeterRequest } from '@shared/api/purchases.js';
import { DEFAULT_ELECTRICITY_METER_ID, DEFAULT_METER_TYPE, ELECTRICITY_COMPANIES, ELECTRICITY_MIN_KOBO, METER_TYPES } from '@shared/constants.js';
import { ELECTRICITY_MSG, MSG, meterMinimumMessage } from '@shared/messages.js';
import { formatNaira, type Kobo } from '@shared/money.js';
import { electricityAmountRefusal, electricityMinimumKobo } from '@shared/pricing.js';
import { apiNairaToKobo, koboToApiNaira } from '@/lib/money.js';

/** Company, type and number: the API's own meter rules (spaces and dashes typed inside a number are dropped). */
export const meterForm = validateMeterRequest;
export type MeterFormValues = z.input<typeof meterForm>;
export type MeterForm = z.output<typeof meterForm>;
export const METER_FIELD_ORDER = ['meterId', 'meterType', 'meterNumber'] as const;

/** Ikeja (18) first: the spec's default company; prepaid is the default type. */
export const EMPTY_METER_FORM = { meterId: String(DEFAULT_ELECTRICITY_METER_ID), meterType: DEFAULT_METER_TYPE, meterNumber: '' } satisfies MeterFormValues;

export const COMPANY_OPTIONS = ELECTRICITY_COMPANIES.map((company) => ({ value: String(company.meterId), label: `${company.name} Electric` }));
export const METER_TYPE_OPTIONS = METER_TYPES.map((type) => ({ value: type, label: type === 'prepaid' ? 'Prepaid' : 'Postpaid' }));

/** The smallest amount for the validated meter (naira from the server), never below ours. */
export function meterMinimumKobo(minAmountNaira: number | undefined): Kobo {
  return electricityMinimumKobo(typeof minAmountNaira === 'number' && Number.isFinite(minAmountNaira) ? apiNairaToKobo(minAmountNaira) : undefined);
}

/** The amount form for a meter whose minimum is `minAmountNaira`. */
export function electricityAmountForm(minAmountNaira: number | undefined) {
  const minimum = meterMinimumKobo(minAmountNaira);
  const messages = {
    invalid_amount: MSG.enterValidAmount,
    below_minimum: minimum === ELECTRICITY_MIN_KOBO ? ELECTRICITY_MSG.minimumElectricity : meterMinimumMessage(formatNaira(minimum)),
    above_maximum: ELECTRICITY_MSG.maximumElectricity,
  };
  return z.object({
    amount: buyElectricityRequest.shape.amount.pipe(
      z.number().superRefine((kobo, ctx) => {
        const refusal = electricityAmountRefusal(kobo, minimum);
        if (refusal) ctx.addIssue({ code: z.ZodIssueCode.custom, message: messages[refusal] });
      }),
    ),
  });
}
export type AmountFormValues = z.input<ReturnType<typeof electricityAmountForm>>;

/** POST /buy/electricity's body. */
export type BuyElectricityBody = z.input<typeof buyElectricityRequest> & { amount: number; meterId: number; meterNumber: string; request_id: string };

/** What is sent for the validated meter: the token value back in naira, as the API takes it. */
export function buyElectricityBody(meter: MeterForm, amountKobo: Kobo, requestId: string): BuyElectricityBody {
  return { amount: koboToApiNaira(amountKobo), meterId: meter.meterId, meterNumber: meter.meterNumber, meterType: meter.meterType, request_id: requestId };
}
