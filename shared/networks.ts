/**
 * Which network a Nigerian mobile number was issued on, from its prefix (NCC numbering plan as the
 * networks use it), and each network's balance-check USSD codes. One table for the web's network
 * picker and anything else that needs it. A ported number keeps its prefix, so the prefix is a
 * strong hint, not a rule: screens warn on a mismatch and let the user keep their choice.
 */
import type { NetworkName } from './constants.js';

/** Prefixes by network. Five-digit ones (07025, 07026) sit inside a four-digit range that is not the network's. */
export const NETWORK_PREFIXES: Readonly<Record<NetworkName, readonly string[]>> = {
  MTN: ['0703', '0704', '0706', '07025', '07026', '0803', '0806', '0810', '0813', '0814', '0816', '0903', '0906', '0913', '0916'],
  AIRTEL: ['0701', '0708', '0802', '0808', '0812', '0901', '0902', '0904', '0907', '0912'],
  GLO: ['0705', '0805', '0807', '0811', '0815', '0905', '0915'],
  '9MOBILE': ['0809', '0817', '0818', '0908', '0909'],
};

/** Longest prefixes first, so 07025 wins over any four-digit 0702 entry. */
const PREFIX_TABLE: ReadonlyArray<[string, NetworkName]> = (Object.entries(NETWORK_PREFIXES) as Array<[NetworkName, readonly string[]]>)
  .flatMap(([network, prefixes]) => prefixes.map((prefix): [string, NetworkName] => [prefix, network]))
  .sort((a, b) => b[0].length - a[0].length);

/** The local form of a number: +234 / 234 becomes 0, spaces and dashes dropped. */
export function localNumber(phone: string): string {
  const digits = phone.replace(/[\s-]/g, '').replace(/^\+/, '');
  return digits.startsWith('234') ? `0${digits.slice(3)}` : digits;
}

/** The network a number's prefix belongs to, or null (too short to tell, or a prefix of another operator). */
export function networkOfNumber(phone: string): NetworkName | null {
  const local = localNumber(phone);
  for (const [prefix, network] of PREFIX_TABLE) if (local.startsWith(prefix)) return network;
  return null;
}

/** The prefix that decided `networkOfNumber`, for the warning's wording. */
export function prefixOfNumber(phone: string): string | null {
  const local = localNumber(phone);
  return PREFIX_TABLE.find(([prefix]) => local.startsWith(prefix))?.[0] ?? null;
}

/**
 * USSD codes to check a line's airtime and data balance, per network: the NCC's harmonised codes
 * (2023), the same on every network, kept per network so a network's own code can replace one.
 */
export const BALANCE_CHECK_CODES: Readonly<Record<NetworkName, { airtime: string; data: string }>> = {
  MTN: { airtime: '*310#', data: '*323#' },
  AIRTEL: { airtime: '*310#', data: '*323#' },
  GLO: { airtime: '*310#', data: '*323#' },
  '9MOBILE': { airtime: '*310#', data: '*323#' },
};

/** The MTN data types, one line each, as the data screen explains them. */
export const DATA_TYPE_EXPLANATIONS: Readonly<Record<string, string>> = {
  SME: 'SME: cheapest bundles, shared from business SIMs; check with *323#.',
  SME2: 'SME2: a second SME channel, used when SME is busy; same balance code.',
  CG: 'CG (corporate gifting): gifted by MTN directly, works on most SIMs and plans.',
  COUPON: 'COUPON: data loaded as an MTN coupon, for lines SME and CG do not reach.',
};
