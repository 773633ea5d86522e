import {
  DEFAULT_ELECTRICITY_METER_ID,
  DEFAULT_METER_TYPE,
  ELECTRICITY_COMPANIES,
  ELECTRICITY_FEE_KOBO,
  ELECTRICITY_MAX_KOBO,
  ELECTRICITY_MIN_KOBO,
  METER_NUMBER_MAX_DIGITS,
  METER_NUMBER_MIN_DIGITS,
  METER_TYPES,
  electricityCompany,
  isMeterType,
} from '@shared/constants.js';
import { ELECTRICITY_MSG, MSG, meterMinimumMessage } from '@shared/messages.js';
import { formatNaira, nairaToKobo, type Kobo } from '@shared/money.js';

export interface MeterFormValues {
  /** The company's meter id (spec §9), as the select gives it. */
  meterId: string;
  meterType: string;
  meterNumber: string;
}

/** Ikeja (18) first: the spec's default company; prepaid is the default type. */
export const EMPTY_METER_FORM: MeterFormValues = { meterId: String(DEFAULT_ELECTRICITY_METER_ID), meterType: DEFAULT_METER_TYPE, meterNumber: '' };

export const COMPANY_OPTIONS = ELECTRICITY_COMPANIES.map((company) => ({ value: String(company.meterId), label: `${company.name} Electric` }));
export const METER_TYPE_OPTIONS = METER_TYPES.map((type) => ({ value: type, label: type === 'prepaid' ? 'Prepaid' : 'Postpaid' }));

/** Spaces and dashes people type inside a meter number are not part of it. */
export function cleanMeterNumber(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** Meter validation needs the meter number, the company and the type (spec §5); the first problem, or null. */
export function meterFormProblem(values: MeterFormValues): string | null {
  if (!electricityCompany(Number(values.meterId))) return ELECTRICITY_MSG.selectCompany;
  if (!isMeterType(values.meterType)) return ELECTRICITY_MSG.selectMeterType;
  const meter = cleanMeterNumber(values.meterNumber);
  if (!new RegExp(`^\\d{${METER_NUMBER_MIN_DIGITS},${METER_NUMBER_MAX_DIGITS}}$`).test(meter)) return ELECTRICITY_MSG.enterMeterNumber;
  return null;
}

/** The amount typed in kobo, or null when it is not a naira amount (≤ 2 decimals). */
export function parseAmountKobo(amount: string): Kobo | null {
  const text = amount.trim();
  if (!text) return null;
  try {
    return nairaToKobo(text);
  } catch {
    return null;
  }
}

/** What the wallet pays for a token of `amountKobo`: the amount plus ₦50 (spec §9). */
export function electricityChargeKobo(amountKobo: Kobo): Kobo {
  return amountKobo + ELECTRICITY_FEE_KOBO;
}

/** The smallest amount for the validated meter (naira from the server), never below ours. */
export function minimumKobo(minAmountNaira: number | undefined): Kobo {
  const fromServer = typeof minAmountNaira === 'number' && Number.isFinite(minAmountNaira) ? Math.round(minAmountNaira * 100) : 0;
  return Math.max(ELECTRICITY_MIN_KOBO, fromServer);
}

/** The first problem with the amount, or null when it may be bought. */
export function amountProblem(amount: string, minAmountNaira?: number): string | null {
  const kobo = parseAmountKobo(amount);
  if (kobo === null || kobo <= 0) return MSG.enterValidAmount;
  const minimum = minimumKobo(minAmountNaira);
  if (kobo < minimum) return minimum === ELECTRICITY_MIN_KOBO ? ELECTRICITY_MSG.minimumElectricity : meterMinimumMessage(formatNaira(minimum));
  if (kobo > ELECTRICITY_MAX_KOBO) return ELECTRICITY_MSG.maximumElectricity;
  return null;
}
