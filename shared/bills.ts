/**
 * Bill products sold through VTpass (integrations.md "VTpass"): cable TV bouquets and exam PINs.
 * One source for the server (pricing, fulfilment), the web (screens) and the simulator.
 */
import { nairaToKobo } from './money.js';

// ---------------------------------------------------------------------------------------------
// Cable TV

/**
 * The cable providers: our id and name (the CABLENAME group of a session, shaped like DISCO), the
 * VTpass serviceID, and whether VTpass takes a renewal (`subscription_type: renew`) for it. For
 * StarTimes and Showmax every purchase names its own variation code. Showmax is bought for a
 * phone number, the others for the decoder's smartcard / IUC number.
 */
export const CABLE_PROVIDERS = [
  { id: 1, name: 'GOTV', serviceId: 'gotv', renewable: true, numberLabel: 'IUC number' },
  { id: 2, name: 'DSTV', serviceId: 'dstv', renewable: true, numberLabel: 'Smartcard number' },
  { id: 3, name: 'STARTIMES', serviceId: 'startimes', renewable: false, numberLabel: 'Smartcard number' },
  { id: 4, name: 'SHOWMAX', serviceId: 'showmax', renewable: false, numberLabel: 'Phone number' },
] as const;
export type CableProvider = (typeof CABLE_PROVIDERS)[number];
export type CableProviderName = CableProvider['name'];
export const CABLE_PROVIDER_NAMES = CABLE_PROVIDERS.map((provider) => provider.name) as CableProviderName[];

export const SUBSCRIPTION_TYPES = ['renew', 'change'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

/** The provider by our id (1–4), its name (any case) or its VTpass serviceID. */
export function cableProvider(value: unknown): CableProvider | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!text) return undefined;
  return CABLE_PROVIDERS.find(
    (p) => String(p.id) === text || p.name.toLowerCase() === text || p.serviceId === text || (text === 'startime' && p.name === 'STARTIMES'),
  );
}

/** Smartcard / IUC numbers are 10 or 11 digits; Showmax takes a Nigerian phone number. */
export const SMARTCARD_PATTERN = /^\d{10,11}$/;

// ---------------------------------------------------------------------------------------------
// Exam PINs

/**
 * Exam products: our id, VTpass serviceID and variation code, the most PINs one purchase may
 * buy, whether the candidate's profile id is verified first (JAMB), and the exam body's approved
 * price per PIN: no tier of ours may be above it (JAMB forbids selling above its price).
 */
export const EXAM_PRODUCTS = [
  {
    id: 'waec',
    name: 'WAEC Result Checker',
    serviceId: 'waec',
    variationCode: 'waecdirect',
    maxQuantity: 10,
    verify: false,
    approvedPriceKobo: nairaToKobo(3_900),
  },
  {
    id: 'waec-registration',
    name: 'WAEC Registration',
    serviceId: 'waec-registration',
    variationCode: 'waec-registraion',
    maxQuantity: 10,
    verify: false,
    approvedPriceKobo: nairaToKobo(27_000),
  },
  { id: 'jamb-utme', name: 'JAMB UTME', serviceId: 'jamb', variationCode: 'utme', maxQuantity: 1, verify: true, approvedPriceKobo: nairaToKobo(7_700) },
  { id: 'jamb-de', name: 'JAMB Direct Entry', serviceId: 'jamb', variationCode: 'de', maxQuantity: 1, verify: true, approvedPriceKobo: nairaToKobo(7_700) },
] as const;
export type ExamProduct = (typeof EXAM_PRODUCTS)[number];
export type ExamProductId = ExamProduct['id'];
/** The names an exam lock may take (one per exam body's service). */
export const EXAM_SERVICE_NAMES = ['WAEC', 'WAEC-REGISTRATION', 'JAMB'] as const;
export type ExamServiceName = (typeof EXAM_SERVICE_NAMES)[number];

export function examProduct(value: unknown): ExamProduct | undefined {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return EXAM_PRODUCTS.find((p) => p.id === text);
}

/** The lock name of an exam product: its VTpass service in capitals (WAEC, WAEC-REGISTRATION, JAMB). */
export function examServiceName(product: ExamProduct): ExamServiceName {
  return product.serviceId.toUpperCase() as ExamServiceName;
}

/** JAMB profile ids are 10 digits. */
export const JAMB_PROFILE_ID_PATTERN = /^\d{10}$/;
export const EXAM_MAX_QUANTITY = 10;

// ---------------------------------------------------------------------------------------------
// The catalogue's bill products

/** A bill product's code: `<VTpass serviceID>:<variation code>` (unique, readable, stable). */
export function billProductCode(serviceId: string, variationCode: string): string {
  return `${serviceId}:${variationCode}`;
}

/** One seed row: what a fresh catalogue sells before an admin edits it (prices in naira). */
export interface BillProductSeed {
  serviceId: string;
  variationCode: string;
  name: string;
  /** VTpass's price (what the supplier charges us). */
  faceValue: number;
}

/**
 * The bouquets a fresh catalogue lists (VTpass's variation codes). Prices are VTpass's list
 * prices at the time of writing; the admin edits ours on the plan manager.
 */
export const CABLE_BOUQUET_SEED: readonly BillProductSeed[] = [
  { serviceId: 'gotv', variationCode: 'gotv-smallie', name: 'GOtv Smallie', faceValue: 1_900 },
  { serviceId: 'gotv', variationCode: 'gotv-jinja', name: 'GOtv Jinja', faceValue: 3_900 },
  { serviceId: 'gotv', variationCode: 'gotv-jolli', name: 'GOtv Jolli', faceValue: 5_800 },
  { serviceId: 'gotv', variationCode: 'gotv-max', name: 'GOtv Max', faceValue: 8_500 },
  { serviceId: 'gotv', variationCode: 'gotv-supa', name: 'GOtv Supa', faceValue: 11_400 },
  { serviceId: 'dstv', variationCode: 'dstv-padi', name: 'DStv Padi', faceValue: 4_400 },
  { serviceId: 'dstv', variationCode: 'dstv-yanga', name: 'DStv Yanga', faceValue: 6_000 },
  { serviceId: 'dstv', variationCode: 'dstv-confam', name: 'DStv Confam', faceValue: 11_000 },
  { serviceId: 'dstv', variationCode: 'dstv79', name: 'DStv Compact', faceValue: 19_000 },
  { serviceId: 'dstv', variationCode: 'dstv7', name: 'DStv Compact Plus', faceValue: 30_000 },
  { serviceId: 'dstv', variationCode: 'dstv3', name: 'DStv Premium', faceValue: 44_500 },
  { serviceId: 'startimes', variationCode: 'nova', name: 'StarTimes Nova - 1 Month', faceValue: 2_100 },
  { serviceId: 'startimes', variationCode: 'basic', name: 'StarTimes Basic - 1 Month', faceValue: 4_000 },
  { serviceId: 'startimes', variationCode: 'smart', name: 'StarTimes Smart - 1 Month', faceValue: 5_100 },
  { serviceId: 'startimes', variationCode: 'classic', name: 'StarTimes Classic - 1 Month', faceValue: 6_000 },
  { serviceId: 'startimes', variationCode: 'super', name: 'StarTimes Super - 1 Month', faceValue: 9_800 },
  { serviceId: 'showmax', variationCode: 'mobile_only', name: 'Showmax Mobile - 1 Month', faceValue: 1_600 },
  { serviceId: 'showmax', variationCode: 'full', name: 'Showmax Full - 1 Month', faceValue: 3_500 },
  { serviceId: 'showmax', variationCode: 'pro_mobile', name: 'Showmax Pro Mobile - 1 Month', faceValue: 4_200 },
];

/** The exam products a fresh catalogue lists, at the exam body's approved price. */
export const EXAM_PRODUCT_SEED: readonly BillProductSeed[] = EXAM_PRODUCTS.map((p) => ({
  serviceId: p.serviceId,
  variationCode: p.variationCode,
  name: p.name,
  faceValue: p.approvedPriceKobo / 100,
}));
