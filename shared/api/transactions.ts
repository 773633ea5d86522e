import { z } from 'zod';
import { plainText } from './text.js';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, USER_TYPES } from '../constants.js';
import { BILL_MSG } from '../messages.js';
import { refundParams } from './refunds.js';

const optionalFilter = <T extends [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal('all'), z.literal('')])
    .optional()
    .transform((v) => (v === 'all' || v === '' ? undefined : (v as T[number] | undefined)));

const isoDate = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), 'Enter a valid date');

export const listTransactionsQuery = z.object({
  phoneNumber: z.string().trim().max(20).optional(),
  userName: z.string().trim().max(30).optional(),
  type: optionalFilter([...TRANSACTION_TYPES] as [string, ...string[]]),
  status: optionalFilter([...TRANSACTION_STATUSES] as [string, ...string[]]),
  userType: optionalFilter([...USER_TYPES] as [string, ...string[]]),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  from: isoDate,
  to: isoDate,
});
export type ListTransactionsQuery = z.infer<typeof listTransactionsQuery>;

/** GET /transaction/{id}: a transaction id, as every route naming one takes it. */
export const transactionParams = refundParams;

/**
 * PINs a purchase delivered are their buyer's: anyone else reads each PIN's last PIN_SHOWN_CHARS
 * characters, the rest masked with PIN_MASK_CHAR (and its serial in full).
 */
export const PIN_MASK_CHAR = '*';
export const PIN_SHOWN_CHARS = 4;

/** Whether a PIN as read is masked (the web offers an admin the reveal of such PINs). */
export function isMaskedPin(pin: string): boolean {
  return pin.includes(PIN_MASK_CHAR);
}

/** The longest reason an admin gives to reveal a purchase's PINs (kept in the audit log). */
export const REVEAL_REASON_MAX_CHARS = 500;

/** POST /admin/transaction/{id}/reveal-pins: the purchase. */
export const revealPinsParams = refundParams;

/** Its body: why the admin must read the PINs in full (required, 1 to 500 characters; kept in the audit log). */
export const revealPinsRequest = z.preprocess(
  (body) => (body === null || body === undefined || body === '' ? {} : body),
  z.object({
    reason: plainText('Reason', { required_error: BILL_MSG.revealReasonRequired, invalid_type_error: BILL_MSG.revealReasonRequired }).pipe(
      z.string().min(1, BILL_MSG.revealReasonRequired).max(REVEAL_REASON_MAX_CHARS, BILL_MSG.revealReasonTooLong),
    ),
  }),
);
export type RevealPinsRequest = z.infer<typeof revealPinsRequest>;

/** A purchase's PINs in full, as an admin revealed them. */
export interface RevealPinsResponse {
  transactionId: string;
  pins: { pin: string; serial: string | null }[];
}

/** A transaction as the API shows it; money in naira. */
export interface TransactionView {
  _id: string;
  /** Same as _id, as existing clients name it. */
  trans_Id: string;
  /** The id of the user whose wallet it moved. */
  trans_By: string;
  /** Same as createdAt. */
  trans_Date: string;
  /** The item: "MTN SME 1GB", "transfer", "coupon", else the network, disco or bank. */
  trans_Network: string;
  trans_Status: (typeof TRANSACTION_STATUSES)[number];
  trans_Type: (typeof TRANSACTION_TYPES)[number];
  trans_amount: number;
  /** The platform's margin: shown to operators (admins and agents signed in) only; everyone else reads 0. */
  trans_profit: number;
  trans_UserName: string;
  phone_number: string;
  balance_Before: number;
  balance_After: number;
  createdAt: string;
  updatedAt: string;
  paymentLink: string | null;
  apiResponse: string | null;
  apiResponseId: string | null;
  /** Face value delivered (airtime amount, plan name, units). */
  trans_volume: string;
  description: string;
  /** For a refund: the purchase it reverses. */
  relatedTransactionId: string | null;
  /** A refunded transaction: why, in words, with the supplier's (or bank's) own words when it gave any. */
  refundReason?: string;
  /** A withdrawal (shown as type wallet, pending while open): what "check status" acts on. */
  isWithdrawal?: true;
  /** Electricity: the token the supplier issued (prepaid), exactly as it answered; absent until delivered. */
  token?: string;
  /** Electricity: units bought, as the supplier stated them (e.g. "79.9 kWh"). */
  units?: string;
  /** Electricity: the customer on the meter, as the supplier named them. */
  customerName?: string;
  customerAddress?: string;
  /** Electricity: prepaid or postpaid. */
  meterType?: string;
  /** Cable TV: provider, bouquet, decoder number, renew or change, and the due date this payment gives. */
  cableName?: string;
  bouquet?: string;
  smartCardNo?: string;
  subscriptionType?: 'renew' | 'change';
  dueDate?: string;
  /** Exam PINs: the exam, how many PINs, the JAMB candidate's profile id. */
  exam?: string;
  quantity?: number;
  profileId?: string;
  /** Exam PINs as the supplier issued them (absent until delivered): in full to their buyer only, else each masked but its last 4 characters. */
  pins?: { pin: string; serial: string | null }[];
  /** A bulk purchase's line: its batch (GET /buy/bulk/{id}); the batch's one debit paid it, so its balance before and after are equal. */
  batchId?: string;
  /**
   * Recharge cards: the batch as printed (network, face value in naira, the business on the cards) and
   * how many PINs were ordered and delivered. Its PINs are in `pins` on its own receipt only, never in
   * a listing or a webhook, which carry this count.
   */
  epin?: { network: string; denomination: number; businessName: string; ordered: number; delivered: number };
}

/** Volume units of the sales statistics: data in GB, airtime and electricity in naira of face value. */
export const SALES_VOLUME_UNITS = ['GB', 'NGN'] as const;
export type SalesVolumeUnit = (typeof SALES_VOLUME_UNITS)[number];

/** Sales of one product on one network, successful purchases only. */
export interface SalesStat {
  network: string;
  /** airtime, data or electricity. */
  type: string;
  /** Data: GB delivered; airtime, electricity: naira of face value. */
  total_volume_sold: number;
  unit: SalesVolumeUnit;
  profit: number;
}

export interface TransactionListResponse {
  transactions: TransactionView[];
  totalPages: number;
  noOfTransaction: number;
  /** Data volume sold, GB, successful data purchases (as the original computes it; screens show TB from 1000 GB). */
  totalSales: number;
  /** Naira of successful purchases. */
  totalSalesNaira: number;
  totalProfit: number;
  stat: SalesStat[];
  totalDebit: number;
  totalCredit: number;
  /**
   * Present (true) while the count, the figures and a filtered page may still trail the user's newest
   * change: they are summed off the request path, within LISTING_COUNTS_LAG_MS (shared/constants.ts).
   */
  countsUpdating?: boolean;
}

/** GET /transaction/{id}: one transaction, e.g. to follow an open purchase's status without re-reading a page. */
export interface TransactionResponse {
  transaction: TransactionView;
}
