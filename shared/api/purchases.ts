import { z } from 'zod';
import {
  AIRTIME_NETWORK_IDS,
  DATA_NETWORK_IDS,
  METER_NUMBER_MAX_DIGITS,
  METER_NUMBER_MIN_DIGITS,
  electricityCompany,
  isMeterType,
  type MeterType,
} from '../constants.js';
import { ELECTRICITY_MSG, MSG } from '../messages.js';
import { nairaInKobo, numberOrNaN, phoneNumber, requestId } from './common.js';
import type { TransactionView } from './transactions.js';

const airtimeNetworkIds = Object.values(AIRTIME_NETWORK_IDS);

export const buyAirtimeRequest = z.object({
  network: z
    .preprocess(numberOrNaN, z.number({ invalid_type_error: MSG.invalidNetwork, required_error: MSG.selectNetwork }).int(MSG.invalidNetwork))
    .refine((id) => airtimeNetworkIds.includes(id), MSG.invalidNetwork),
  mobile_number: phoneNumber,
  amount: nairaInKobo({ required: MSG.allFieldsRequired }),
  request_id: requestId,
});
export type BuyAirtimeRequest = z.infer<typeof buyAirtimeRequest>;

export interface PurchaseResponse {
  msg: string;
  receipt: TransactionView;
}

const dataNetworkIds = Object.values(DATA_NETWORK_IDS);

/** POST /buy/data {network (1 MTN, 2 GLO, 3 AIRTEL, 6 9MOBILE), mobile_number, plan (the plan id)}. */
export const buyDataRequest = z.object({
  network: z
    .preprocess(numberOrNaN, z.number({ invalid_type_error: MSG.selectNetwork, required_error: MSG.selectNetwork }).int(MSG.invalidNetwork))
    .refine((id) => dataNetworkIds.includes(id), MSG.invalidNetwork),
  mobile_number: z.string({ required_error: MSG.provideAllValues }).pipe(phoneNumber),
  plan: z
    .union([z.number(), z.string().trim().regex(/^\d+$/, MSG.provideAllValues)], {
      required_error: MSG.provideAllValues,
      invalid_type_error: MSG.provideAllValues,
    })
    .transform(Number)
    .refine((id) => Number.isSafeInteger(id) && id > 0, MSG.provideAllValues),
  request_id: requestId,
});
export type BuyDataRequest = z.infer<typeof buyDataRequest>;

// ---------------------------------------------------------------------------------------------
// Electricity: meter validation and purchase

const meterId = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, ELECTRICITY_MSG.selectCompany)], {
    required_error: ELECTRICITY_MSG.selectCompany,
    invalid_type_error: ELECTRICITY_MSG.selectCompany,
  })
  .transform(Number)
  .refine((id) => electricityCompany(id) !== undefined, ELECTRICITY_MSG.selectCompany);

const meterNumber = z
  .union([z.string(), z.number()], { required_error: ELECTRICITY_MSG.enterMeterNumber, invalid_type_error: ELECTRICITY_MSG.enterMeterNumber })
  .transform((value) => String(value).replace(/[\s-]/g, ''))
  .refine((value) => new RegExp(`^\\d{${METER_NUMBER_MIN_DIGITS},${METER_NUMBER_MAX_DIGITS}}$`).test(value), ELECTRICITY_MSG.enterMeterNumber);

const meterType = z
  .string({ required_error: ELECTRICITY_MSG.selectMeterType, invalid_type_error: ELECTRICITY_MSG.selectMeterType })
  .trim()
  .toLowerCase()
  .refine(isMeterType, ELECTRICITY_MSG.selectMeterType)
  .transform((value) => value as MeterType);

/** POST /buy/validateMeter {meterNumber, meterId (the company, ELECTRICITY_COMPANIES), meterType}. */
export const validateMeterRequest = z.object({ meterNumber, meterId, meterType });
export type ValidateMeterRequest = z.input<typeof validateMeterRequest>;

/** The supplier's answer for a valid meter. The web shows `name`. */
export interface ValidateMeterResponse {
  msg: string;
  /** Customer name on the meter. */
  name: string;
  address: string | null;
  meterNumber: string;
  meterId: number;
  meterType: MeterType;
  /** Company name, e.g. "Ikeja". */
  company: string;
  /** Smallest amount (naira) this meter can be bought for: ours, or the disco's when higher. */
  minAmount: number;
}

/** An invalid meter: `name` carries the error text (the web shows response.name as the error); so does `msg`. */
export interface InvalidMeterResponse {
  msg: string;
  name: string;
}

/** POST /buy/electricity {amount (naira token value; ₦50 fee on top), meterId, meterNumber, meterType}. */
export const buyElectricityRequest = z.object({
  amount: nairaInKobo(),
  meterId,
  meterNumber,
  meterType,
  /** The customer's phone for the supplier's records; the buyer's own number when omitted. */
  phone: z
    .string()
    .trim()
    .regex(/^0\d{10}$/, MSG.checkPhone)
    .optional(),
  request_id: requestId,
});
export type BuyElectricityRequest = z.input<typeof buyElectricityRequest>;
