/**
 * Recharge cards (e-PINs): what a shop buys to print — PINs of one network and denomination, with
 * the business name printed on every card. The request (zod), the limits, the words, and the card
 * text, shared by the functions, the web app and the OpenAPI document.
 */
import { z } from 'zod';
import { AIRTIME_NETWORK_IDS, NETWORK_NAMES, type NetworkName } from '../constants.js';
import { nairaToKobo, type Kobo } from '../money.js';
import { requestId } from './common.js';

/** The face values a panel sells, in naira. */
export const EPIN_DENOMINATIONS = [100, 200, 500, 1000] as const;
export type EpinDenomination = (typeof EPIN_DENOMINATIONS)[number];

/** PINs in one batch: a sheet of 24 cards is the usual print run; 100 is the panels' own limit. */
export const EPIN_MIN_QUANTITY = 1;
export const EPIN_MAX_QUANTITY = 100;

/** What a business name on a card may be: letters, digits, spaces and simple punctuation, short enough for a card. */
export const EPIN_BUSINESS_NAME_MAX = 40;
const BUSINESS_NAME_PATTERN = /^[\p{L}\p{N} .,&'()-]+$/u;

/** What a card tells its holder to dial: the NCC's harmonised short code loads a PIN on every network. */
export function epinDialCode(pin: string): string {
  return `*311*${pin.replace(/\D/g, '')}#`;
}

export const EPIN_MSG = {
  processing: 'Your recharge card PINs are being generated',
  selectNetwork: 'Select a network (MTN, GLO, AIRTEL or 9MOBILE)',
  selectDenomination: 'Select a denomination: ₦100, ₦200, ₦500 or ₦1,000',
  quantityRange: `Quantity must be a whole number from ${EPIN_MIN_QUANTITY} to ${EPIN_MAX_QUANTITY}`,
  enterBusinessName: `Enter the business name to print on the cards (up to ${EPIN_BUSINESS_NAME_MAX} letters, digits and . , & ' ( ) -)`,
  unavailable: 'Recharge cards of this network and denomination are not available right now',
} as const;

/** A catalogue row's code for a network and denomination (the price manager's row). */
export function epinProductCode(network: NetworkName, denomination: EpinDenomination): string {
  return `epin:${network}-${denomination}`;
}

/** The network and denomination a catalogue row's code names, when it names one. */
export function epinOfCode(code: string): { network: NetworkName; denomination: EpinDenomination } | undefined {
  const match = /^epin:([A-Z0-9]+)-(\d+)$/.exec(code);
  if (!match) return undefined;
  const network = NETWORK_NAMES.find((name) => name === match[1]);
  const denomination = EPIN_DENOMINATIONS.find((value) => value === Number(match[2]));
  return network && denomination ? { network, denomination } : undefined;
}

const network = z
  .union([z.string(), z.number()], { required_error: EPIN_MSG.selectNetwork, invalid_type_error: EPIN_MSG.selectNetwork })
  .transform((value, ctx): NetworkName => {
    const text = String(value).trim().toUpperCase();
    const found = NETWORK_NAMES.find((name) => name === text || String(AIRTIME_NETWORK_IDS[name]) === text);
    if (!found) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: EPIN_MSG.selectNetwork });
      return z.NEVER;
    }
    return found;
  });

const denomination = z
  .union([z.number(), z.string().trim()], { required_error: EPIN_MSG.selectDenomination, invalid_type_error: EPIN_MSG.selectDenomination })
  .transform((value, ctx): EpinDenomination => {
    const found = EPIN_DENOMINATIONS.find((d) => d === Number(value));
    if (!found) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: EPIN_MSG.selectDenomination });
      return z.NEVER;
    }
    return found;
  });

const quantity = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, EPIN_MSG.quantityRange)], {
    required_error: EPIN_MSG.quantityRange,
    invalid_type_error: EPIN_MSG.quantityRange,
  })
  .transform(Number)
  .refine((n) => Number.isSafeInteger(n) && n >= EPIN_MIN_QUANTITY && n <= EPIN_MAX_QUANTITY, EPIN_MSG.quantityRange);

const businessName = z
  .string({ required_error: EPIN_MSG.enterBusinessName, invalid_type_error: EPIN_MSG.enterBusinessName })
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .refine((value) => value.length >= 2 && value.length <= EPIN_BUSINESS_NAME_MAX && BUSINESS_NAME_PATTERN.test(value), EPIN_MSG.enterBusinessName);

/**
 * POST /buy/epin {network (MTN, GLO, AIRTEL, 9MOBILE or the airtime ids 1–4), denomination (100, 200,
 * 500, 1000 naira), quantity (1–100), business_name, request_id?}.
 */
export const buyEpinRequest = z.object({ network, denomination, quantity, business_name: businessName, request_id: requestId });
export type BuyEpinRequest = z.input<typeof buyEpinRequest>;

/** A denomination's face value in kobo. */
export function epinFaceValueKobo(denomination: EpinDenomination): Kobo {
  return nairaToKobo(denomination);
}
