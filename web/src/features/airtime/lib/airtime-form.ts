import { AIRTIME_CHARGE_BPS, AIRTIME_MAX_KOBO, AIRTIME_MIN_KOBO, PHONE_NUMBER_LENGTH, type UserType } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';
import { applyRate, nairaToKobo, type Kobo } from '@shared/money.js';

export interface AirtimeFormValues {
  network: string;
  phone: string;
  amount: string;
  addToContacts: boolean;
  nickname: string;
}

/** The amount typed by the user in kobo, or null when it is not a naira amount (≤ 2 decimals). */
export function parseAmountKobo(amount: string): Kobo | null {
  const text = amount.trim();
  if (!text) return null;
  try {
    return nairaToKobo(text);
  } catch {
    return null;
  }
}

/** What the wallet is charged for `amount` of airtime: 98% for a reseller, 99% otherwise. */
export function airtimeChargeKobo(amountKobo: Kobo, userType: UserType | undefined): Kobo {
  return applyRate(amountKobo, AIRTIME_CHARGE_BPS[userType ?? 'smart earner'] ?? AIRTIME_CHARGE_BPS['smart earner']);
}

/** The first problem with the form, in the order the spec lists the rules (§5), or null when it may be sent. */
export function airtimeFormProblem(values: AirtimeFormValues): string | null {
  const phone = values.phone.trim();
  const amount = values.amount.trim();
  if (!values.network) return MSG.selectNetwork;
  if (!phone || !amount) return MSG.allFieldsRequired;
  if (phone.length !== PHONE_NUMBER_LENGTH || !/^\d+$/.test(phone)) return MSG.checkPhone;
  const amountKobo = parseAmountKobo(amount);
  if (amountKobo === null) return MSG.enterValidAmount;
  if (amountKobo < AIRTIME_MIN_KOBO) return MSG.minimumAirtime;
  if (amountKobo > AIRTIME_MAX_KOBO) return MSG.maximumAirtime;
  if (values.addToContacts && !values.nickname.trim()) return MSG.nicknameRequired;
  return null;
}
