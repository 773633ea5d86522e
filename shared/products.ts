/**
 * What each kind of transaction is, as people read it: one entry per product, one per movement of
 * money. The screens (labels, the type filter, receipts, the landing page's services), the back
 * office's statistics and the functions read this list; a product forgotten here is forgotten
 * everywhere at once, never on one screen only.
 *
 * How a product is priced, ordered from a supplier and settled lives in its module under
 * functions/domain/products/; this file holds only what the web app and the functions both need.
 */
import type { TransactionType } from './constants.js';

/** The products sold from the wallet; bulk is a way of buying them, not a product. */
export const PRODUCT_TYPES = ['airtime', 'data', 'electricity', 'cable', 'exam', 'epin', 'service'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export function isProductType(type: string): type is ProductType {
  return (PRODUCT_TYPES as readonly string[]).includes(type);
}

/** What a customer checks before paying, when a product has such a check. */
export type Verification = 'meter' | 'smartcard' | 'profile';

export interface ProductLabels {
  type: ProductType;
  /** The product's name on screens: "Airtime", "Cable TV". */
  label: string;
  /** What `trans_Network` names for this product: "Network", "Disco", "Provider", "Exam". */
  providerLabel: string;
  /** What `phone_number` holds for this product: "Phone number", "Meter number", "Smartcard number". */
  targetLabel: string;
  /** Where the app sells it. */
  path: string;
  /** The landing page's line about it. */
  pitch: string;
  verification?: Verification;
}

/** Every product, in the order the screens list them. */
export const PRODUCTS: readonly ProductLabels[] = [
  {
    type: 'airtime',
    label: 'Airtime',
    providerLabel: 'Network',
    targetLabel: 'Phone number',
    path: '/profile/buyAirtime',
    pitch: 'Recharge any MTN, GLO, AIRTEL or 9MOBILE line at a discount on face value.',
  },
  {
    type: 'data',
    label: 'Data',
    providerLabel: 'Network',
    targetLabel: 'Phone number',
    path: '/profile/buyData',
    pitch: 'Affordable SME, gifting and corporate data bundles for every network.',
  },
  {
    type: 'electricity',
    label: 'Electricity',
    providerLabel: 'Disco',
    targetLabel: 'Meter number',
    path: '/profile/electricity',
    pitch: 'Pay prepaid or postpaid meters for the major distribution companies and get your token at once.',
    verification: 'meter',
  },
  {
    type: 'cable',
    label: 'Cable TV',
    providerLabel: 'Provider',
    targetLabel: 'Smartcard number',
    path: '/profile/cableTv',
    pitch: 'Renew or change your DStv, GOtv and StarTimes bouquet, checked against your decoder first.',
    verification: 'smartcard',
  },
  {
    type: 'exam',
    label: 'Exam PINs',
    providerLabel: 'Exam',
    targetLabel: 'Phone number',
    path: '/profile/examPins',
    pitch: 'WAEC result checker, registration and JAMB PINs, delivered on screen and kept on the receipt.',
    verification: 'profile',
  },
  {
    type: 'epin',
    label: 'Recharge cards',
    providerLabel: 'Network',
    targetLabel: 'Business name',
    path: '/profile/rechargeCards',
    pitch: 'Buy MTN, GLO, AIRTEL and 9MOBILE recharge PINs in bulk and print them as cards under your shop’s name.',
  },
  {
    // Every VTpass service an admin configured (its own screen from that configuration); trans_Network names the service.
    type: 'service',
    label: 'Internet & more',
    providerLabel: 'Service',
    targetLabel: 'Customer',
    path: '/profile/services',
    pitch: 'Smile, Spectranet and more: internet plans and PINs, checked with the provider before you pay.',
  },
];

const BY_TYPE = new Map(PRODUCTS.map((product) => [product.type, product]));

/** The product of a transaction type, when it is one. */
export function productLabels(type: string): ProductLabels | undefined {
  return BY_TYPE.get(type as ProductType);
}

/** The name of every transaction type on screens (products and movements of money). */
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  airtime: 'Airtime',
  data: 'Data',
  electricity: 'Electricity',
  cable: 'Cable TV',
  exam: 'Exam PINs',
  epin: 'Recharge cards',
  service: 'Internet & more',
  wallet: 'Wallet funding',
  transfer: 'Transfer',
  refund: 'Refund',
  referrer: 'Referral bonus',
  earning: 'Earnings',
  withdrawal: 'Withdrawal',
  upgrade: 'Reseller upgrade',
  bulk: 'Bulk purchase',
};
