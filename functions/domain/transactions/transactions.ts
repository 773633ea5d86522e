/**
 * The transaction record (money in kobo), its one mapper to the API view (naira), and
 * the listing figures (totals, per-network stats) computed over a filtered set.
 */
import type { MeterType } from '../../../shared/constants.js';
import { isProductType } from '../../../shared/products.js';
import type { TransactionStatus, TransactionType, UserType } from '../../../shared/constants.js';
import { koboToNaira, type Kobo } from '../../../shared/money.js';
import type { SalesStat, SalesVolumeUnit, TransactionView } from '../../../shared/api/transactions.js';
import { volumeRatioFromName, type DataPlanSnapshot } from '../products/data-plans.js';
import type { BillDetails } from '../products/bill-catalogue.js';
import type { BulkDetails } from '../purchases/bulk-lines.js';
import type { FundingDetails } from '../money/funding.js';
import type { WithdrawalDetails } from '../money/withdrawals.js';
import type { SupplierOutcome } from '../purchases/purchase-state.js';
import { refundReasonInWords } from '../purchases/refund-reason.js';
import { itemDescription, otherParty, viewStatus, viewType } from './transaction-labels.js';
import { soldPart } from './sold-part.js';

/** An electricity purchase: the meter, and what the supplier said it delivered. */
export interface ElectricityDetails {
  /** Our company id (ELECTRICITY_COMPANIES, e.g. Ikeja 18) and name. */
  meterId: number;
  company: string;
  meterNumber: string;
  meterType: MeterType;
  /** The customer's phone given to the supplier. */
  customerPhone: string;
  /** From the supplier's answer only. */
  token?: string;
  units?: string;
  customerName?: string;
  customerAddress?: string;
  resetToken?: string;
}

/**
 * One call to a supplier, kept on the purchase for support and audits: whole (what was sent and what
 * came back) for an answer that did not deliver, as its reading for the delivery a settlement appends
 * to its record (`deliveryReading`).
 */
export interface SupplierAttempt {
  supplier: string;
  kind: 'submit' | 'requery';
  /** What we sent (never the token); absent from a delivery's reading. */
  request?: unknown;
  /** What came back (parsed JSON, truncated text, or the error); absent from a delivery's reading. */
  response?: unknown;
  httpStatus?: number;
  at: string;
  outcome: SupplierOutcome;
  reason: string;
  /** The supplier account's balance the answer reported (MSORG `balance_after`): the money desk's float observation. */
  balanceAfterKobo?: Kobo;
}

/**
 * What a settled purchase keeps of the answer it was delivered on, in its settlement's own write: who
 * answered and when, how the answer was classified (outcome, reason, HTTP status) and the float it
 * reported — not what was sent nor the answer's text. What the answer said that anything reads is
 * already the record's own: the supplier's reference (`apiResponseId`), its words (`apiResponse`), an
 * electricity token or PINs (`electricity`, `bill`), the float (`balanceAfterKobo`, read from the
 * stream by the money desk's books); what was sent follows from the record (number, amount, network,
 * plan, our id). Whole, a panel's answer and our request took a settled airtime record past 1 KB, so
 * its settlement cost 2 write units instead of 1. Answers that did not deliver (a failure, a pending
 * answer, a refund's) are kept whole, apart (adapters/dynamo/purchases/supplier-attempts.ts).
 */
export function deliveryReading(attempt: SupplierAttempt): SupplierAttempt {
  const { supplier, kind, at, outcome, reason, httpStatus, balanceAfterKobo } = attempt;
  return {
    supplier,
    kind,
    at,
    outcome,
    reason,
    ...(httpStatus === undefined ? {} : { httpStatus }),
    ...(balanceAfterKobo === undefined ? {} : { balanceAfterKobo }),
  };
}

/** How many inconclusive re-queries a purchase keeps on its record (the latest; requeryCount counts all). */
export const MAX_KEPT_REQUERIES = 10;

export interface TransactionRecord {
  id: string;
  userId: string;
  trans_UserName: string;
  /** The user's type when the transaction was made (the listing's userType filter). */
  userType?: UserType;
  trans_Type: TransactionType;
  trans_Status: TransactionStatus;
  trans_Network: string;
  phone_number: string;
  /** Charged (debit) or credited amount: exactly |balanceAfter − balanceBefore|. */
  amountKobo: Kobo;
  /** Airtime face value delivered. */
  faceValueKobo?: Kobo;
  /** Volume delivered, as shown (e.g. "₦1,000.00" of airtime, a plan name). */
  volume?: string;
  /** What the supplier charges us; profit = amount − cost, recorded on success. */
  costKobo?: Kobo;
  profitKobo?: Kobo;
  balanceBeforeKobo: Kobo;
  balanceAfterKobo: Kobo;
  /** The wallet's sequence number after this change (chain position). */
  walletSeq: number;
  createdAt: string;
  updatedAt: string;
  description: string;
  /** Identifies the request behind an idempotency key: a replay with other details is refused. */
  requestFingerprint?: string;
  attempts?: SupplierAttempt[];
  apiResponse?: string;
  apiResponseId?: string;
  relatedTransactionId?: string;
  paymentLink?: string;
  /** Supplier the purchase was (last) submitted to. */
  supplier?: string;
  /** Every supplier this purchase was handed to, in order: each at most once (the claim and failover conditions enforce it). */
  submittedTo?: string[];
  /** A data purchase's plan as it was when bought (the supplier plan ids fulfilment sends). */
  dataPlan?: DataPlanSnapshot;
  /** Set once, by the fulfilment delivery that won the right to call the supplier. */
  submittedAt?: string;
  lastRequeriedAt?: string;
  requeryCount?: number;
  /**
   * The latest re-queries that settled nothing, oldest first, at most MAX_KEPT_REQUERIES (pending
   * may last days: the oldest are dropped, requeryCount keeps the total).
   */
  requeries?: SupplierAttempt[];
  pendingSince?: string;
  refundReason?: string;
  lastEnqueuedAt?: string;
  refundTransactionId?: string;
  /**
   * A refunded purchase the supplier turned out to have delivered, settled as delivered from the
   * reconciliation: the wallet debit that took its refund back (at most one: its id is derived).
   */
  refundReversalId?: string;
  settledAt?: string;
  /** A credit from a payment provider: what was paid, the charge, the provider's reference. */
  funding?: FundingDetails;
  /**
   * Whether the owner had a webhook URL when the purchase was placed. `false` tells the webhook
   * consumer there is no one to tell without reading the profile; absent: read it.
   */
  ownerWebhook?: boolean;
  /** Whether the number may be one of the buyer's saved contacts; `false` spares the contacts look-up. Absent: look. */
  toSavedContact?: boolean;
  /** A withdrawal: where the money goes and the payout's progress at the provider. */
  withdrawal?: WithdrawalDetails;
  /** A coupon vendor's payment for a coupon (or its cancellation): which coupon. */
  couponCode?: string;
  /** A transfer: the other party. */
  counterparty?: { userId: string; userName: string };
  /** An electricity purchase: the meter, and once delivered the supplier's token, units and customer. */
  electricity?: ElectricityDetails;
  /** A cable TV or exam PIN purchase: what was bought for whom, and once delivered the PINs. */
  bill?: BillDetails;
  /**
   * A line of a bulk purchase: the batch whose one debit paid it. The line moves no
   * money itself (its balance before and after are the batch's balance after, its seq the batch's);
   * its refund is a credit of its own, as any purchase's.
   */
  batchId?: string;
  /**
   * A bulk line's refund: the batch whose one debit paid the line. The listing's total debit takes the
   * refund off that debit, as it leaves a refunded single purchase out (the money came back).
   */
  refundedBatchId?: string;
  /** A bulk purchase's debit record: its lines as validated and priced, from which each line's record is made. */
  bulk?: BulkDetails;
  /** A bulk purchase's debit record: when its consumer had written every line. Until then it waits in the sweeper's open index. */
  expandedAt?: string;
  /**
   * Not in the listing's counters: written before they were kept (decision 43 (docs/decisions/0043-*)) and not yet
   * counted by the listing backfill. Its changes move no counters; the backfill adds it as it then
   * stands. Known from where it is stored (its index key), never stored itself.
   */
  uncounted?: true;
}

/** The fields a new record needs before the ledger fills in the balance chain. */
export type TransactionDraft = Omit<TransactionRecord, 'balanceBeforeKobo' | 'balanceAfterKobo' | 'walletSeq'>;

/** A purchase is a record of a product's type (shared/products.ts lists them). */
export function isPurchase(type: TransactionType): boolean {
  return isProductType(type);
}

/**
 * Whether the record is a link of its wallet's chain: every record but a bulk purchase's lines, which
 * their batch's one debit paid (it carries their sum).
 */
export function movesWallet(record: Pick<TransactionRecord, 'batchId'>): boolean {
  return record.batchId === undefined;
}

/** A bulk purchase's batch whose lines are not all written yet: the sweeper hands it to its consumer again (decision 83 (docs/decisions/0083-*)). */
export function isUnexpandedBatch(record: Pick<TransactionRecord, 'trans_Type' | 'expandedAt'>): boolean {
  return record.trans_Type === 'bulk' && record.expandedAt === undefined;
}

/**
 * The one mapper from a stored record to the API's fields (kobo → naira), everything in: never sent
 * as is. What a reader is shown of it (the margin, PINs) is decided by transaction-views.ts `viewFor`.
 */
export function toTransactionView(record: TransactionRecord): TransactionView {
  return {
    _id: record.id,
    trans_Id: record.id,
    trans_By: record.userId,
    trans_Date: record.createdAt,
    trans_Network: itemDescription(record),
    trans_Status: viewStatus(record),
    trans_Type: viewType(record),
    trans_amount: koboToNaira(record.amountKobo),
    trans_profit: koboToNaira(record.profitKobo ?? 0),
    trans_UserName: record.trans_UserName,
    phone_number: otherParty(record),
    balance_Before: koboToNaira(record.balanceBeforeKobo),
    balance_After: koboToNaira(record.balanceAfterKobo),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    paymentLink: record.paymentLink ?? null,
    apiResponse: record.apiResponse ?? null,
    apiResponseId: record.apiResponseId ?? null,
    trans_volume: record.volume ?? '',
    description: record.description ?? '',
    relatedTransactionId: record.relatedTransactionId ?? null,
    ...(record.trans_Type === 'withdrawal' ? { isWithdrawal: true as const } : {}),
    ...(record.batchId ? { batchId: record.batchId } : {}),
    ...refundReasonView(record),
    ...electricityView(record.electricity),
    ...billView(record.bill),
  };
}

/** The cable / exam fields of the view: what was bought, and only what the supplier gave (PINs). */
function billView(
  details: BillDetails | undefined,
): Pick<
  TransactionView,
  'customerName' | 'bouquet' | 'cableName' | 'smartCardNo' | 'subscriptionType' | 'dueDate' | 'exam' | 'quantity' | 'profileId' | 'pins'
> {
  if (!details) return {};
  if (details.family === 'epin') return epinView(details);
  const cable = details.family === 'cable';
  return {
    ...(details.customerName ? { customerName: details.customerName } : {}),
    // A configured service's plan and customer are the record's own volume and phone_number: no cable or exam fields.
    ...(details.family === 'service'
      ? {}
      : cable
        ? { bouquet: details.productName, cableName: details.provider }
        : { exam: details.productName, quantity: details.quantity }),
    ...(cable && details.billersCode ? { smartCardNo: details.billersCode } : {}),
    ...(!cable && details.family !== 'service' && details.billersCode ? { profileId: details.billersCode } : {}),
    ...(details.subscriptionType ? { subscriptionType: details.subscriptionType } : {}),
    ...(details.newDueDate ? { dueDate: details.newDueDate } : {}),
    ...(details.pins?.length ? { pins: details.pins.map((p) => ({ pin: p.pin, serial: p.serial ?? null })) } : {}),
  };
}

/** A batch of recharge cards: what is printed on them, how many were ordered and came, and (as for exam PINs) the PINs the panel gave. */
function epinView(details: BillDetails): Pick<TransactionView, 'epin' | 'pins'> {
  const delivered = details.pins ?? [];
  return {
    epin: {
      network: details.provider,
      denomination: Number(details.variationCode),
      businessName: details.businessName ?? '',
      ordered: details.quantity,
      delivered: delivered.length,
    },
    ...(delivered.length ? { pins: delivered.map((p) => ({ pin: p.pin, serial: p.serial ?? null })) } : {}),
  };
}

/** A refunded transaction's reason in words (never the stored code). */
function refundReasonView(record: TransactionRecord): Pick<TransactionView, 'refundReason'> {
  const words = refundReasonInWords(record);
  return words ? { refundReason: words } : {};
}

/** The electricity fields of the view: only those the supplier actually gave (never made up). */
function electricityView(details: ElectricityDetails | undefined): Pick<TransactionView, 'token' | 'units' | 'customerName' | 'customerAddress' | 'meterType'> {
  if (!details) return {};
  return {
    ...(details.token ? { token: details.token } : {}),
    ...(details.units ? { units: details.units } : {}),
    ...(details.customerName ? { customerName: details.customerName } : {}),
    ...(details.customerAddress ? { customerAddress: details.customerAddress } : {}),
    ...(details.meterType ? { meterType: details.meterType } : {}),
  };
}

export interface ListingFigures {
  /** Data volume sold (GB), successful data purchases: the original's totalSales. */
  totalSalesGb: number;
  totalSalesKobo: Kobo;
  totalProfitKobo: Kobo;
  totalDebitKobo: Kobo;
  totalCreditKobo: Kobo;
  /**
   * Per network and product, over successful purchases: volume sold (data: GB delivered; airtime
   * and electricity: face value in kobo) and profit.
   */
  stat: { network: string; type: TransactionType; unit: SalesVolumeUnit; volume: number; profitKobo: Kobo }[];
}

/** GB a data purchase delivered: its plan's volume as bought (or as its name states, for a record without the snapshot). */
export function dataVolumeGb(record: TransactionRecord): number {
  return record.dataPlan?.volumeRatio ?? volumeRatioFromName(record.dataPlan?.planName ?? record.volume ?? '') ?? 0;
}

/** Sums of GB kept to the MB (1 GB = 1000 MB, as panels count), free of float dust. */
const roundGb = (gb: number) => Math.round(gb * 1000) / 1000;

/**
 * What one record adds to a listing's debit and credit totals: a refunded purchase's debit and its
 * refund's credit are both left out (money that came back was never really spent), as are a refund
 * taken back (its purchase settled as delivered: the purchase's debit stands again) and the refund it
 * cancels; a bulk line's refund takes its amount off its batch's debit, and taking it back puts it on again.
 */
export function walletFlowOf(record: Pick<TransactionRecord, 'balanceBeforeKobo' | 'balanceAfterKobo' | 'trans_Type' | 'trans_Status' | 'refundedBatchId'>): {
  debitKobo: Kobo;
  creditKobo: Kobo;
} {
  const change = record.balanceAfterKobo - record.balanceBeforeKobo;
  if (change < 0 && record.trans_Type === 'refund') return { debitKobo: record.refundedBatchId !== undefined ? -change : 0, creditKobo: 0 };
  if (change < 0 && record.trans_Status !== 'refunded') return { debitKobo: -change, creditKobo: 0 };
  if (change > 0 && record.trans_Type !== 'refund') return { debitKobo: 0, creditKobo: change };
  if (change > 0 && record.refundedBatchId !== undefined) return { debitKobo: -change, creditKobo: 0 };
  return { debitKobo: 0, creditKobo: 0 };
}

/**
 * Totals over a filtered set, as the original computes them. Sales, profit and stats count
 * successful purchases only, and of a batch delivered in part what came (the rest was credited back);
 * debit leaves out refunded purchases and credit leaves out refunds
 * (the pair cancels out: money that came back was never really spent).
 */
export function listingFigures(records: readonly TransactionRecord[]): ListingFigures {
  let totalSalesGb = 0;
  let totalSalesKobo = 0;
  let totalProfitKobo = 0;
  let totalDebitKobo = 0;
  let totalCreditKobo = 0;
  const byProduct = new Map<string, ListingFigures['stat'][number]>();
  for (const record of records) {
    const flow = walletFlowOf(record);
    totalDebitKobo += flow.debitKobo;
    totalCreditKobo += flow.creditKobo;
    if (!isPurchase(record.trans_Type) || record.trans_Status !== 'success') continue;
    // What it sold: of a batch delivered in part, what came (sold-part.ts).
    const sold = soldPart(record);
    totalSalesKobo += sold.amountKobo;
    if (record.trans_Type === 'data') totalSalesGb = roundGb(totalSalesGb + dataVolumeGb(record));
    totalProfitKobo += record.profitKobo ?? 0;
    const network = record.trans_Network || 'OTHER';
    const key = `${network}\u0000${record.trans_Type}`;
    const unit: SalesVolumeUnit = record.trans_Type === 'data' ? 'GB' : 'NGN';
    const stat = byProduct.get(key) ?? { network, type: record.trans_Type, unit, volume: 0, profitKobo: 0 };
    stat.volume = unit === 'GB' ? roundGb(stat.volume + dataVolumeGb(record)) : stat.volume + (sold.faceValueKobo ?? sold.amountKobo);
    stat.profitKobo += record.profitKobo ?? 0;
    byProduct.set(key, stat);
  }
  return {
    totalSalesGb,
    totalSalesKobo,
    totalProfitKobo,
    totalDebitKobo,
    totalCreditKobo,
    stat: [...byProduct.values()].sort((a, b) => a.network.localeCompare(b.network) || a.type.localeCompare(b.type)),
  };
}

export function salesStatView(stat: ListingFigures['stat']): SalesStat[] {
  return stat.map((s) => ({
    network: s.network,
    type: s.type,
    total_volume_sold: s.unit === 'GB' ? s.volume : koboToNaira(s.volume),
    unit: s.unit,
    profit: koboToNaira(s.profitKobo),
  }));
}

// ---------------------------------------------------------------------------------------------
// Listing

/** A date-only bound means a whole day in Nigeria (Africa/Lagos, UTC+1 all year). */
const LAGOS_OFFSET = '+01:00';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export function listingBounds(from: string | undefined, to: string | undefined): { fromIso?: string; toIso?: string } {
  const bound = (value: string | undefined, endOfDay: boolean) => {
    if (!value) return undefined;
    const text = DATE_ONLY.test(value) ? `${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}${LAGOS_OFFSET}` : value;
    const time = Date.parse(text);
    return Number.isNaN(time) ? undefined : new Date(time).toISOString();
  };
  return { fromIso: bound(from, false), toIso: bound(to, true) };
}

export interface TransactionListPage {
  transactions: TransactionView[];
  totalPages: number;
  noOfTransaction: number;
  /** Data volume sold, GB (clients show TB from 1000 GB). */
  totalSales: number;
  /** Naira of successful purchases. */
  totalSalesNaira: number;
  totalProfit: number;
  stat: SalesStat[];
  totalDebit: number;
  totalCredit: number;
}

/** One page (1-based, newest first as given) plus figures over the whole filtered set, in naira. */
export function transactionListPage(records: readonly TransactionRecord[], page: number, pageSize: number): TransactionListPage {
  const start = (Math.max(1, page) - 1) * pageSize;
  return listPageOf(records.slice(start, start + pageSize), records.length, listingFigures(records), pageSize);
}

/** A page's records with the count and figures of the whole filtered set (however they were summed), in naira. */
export function listPageOf(pageRecords: readonly TransactionRecord[], count: number, figures: ListingFigures, pageSize: number): TransactionListPage {
  return {
    transactions: pageRecords.map(toTransactionView),
    totalPages: Math.max(1, Math.ceil(count / pageSize)),
    noOfTransaction: count,
    totalSales: figures.totalSalesGb,
    totalSalesNaira: koboToNaira(figures.totalSalesKobo),
    totalProfit: koboToNaira(figures.totalProfitKobo),
    stat: salesStatView(figures.stat),
    totalDebit: koboToNaira(figures.totalDebitKobo),
    totalCredit: koboToNaira(figures.totalCreditKobo),
  };
}
