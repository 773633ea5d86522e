/**
 * Placing a purchase (the request path): refuse a locked service, price it for the user's tier,
 * debit the wallet and write the `processing` record atomically. Outcomes are named. Nothing else
 * happens on the request path: the table's stream hands the record to fulfilment and keeps the
 * user's contacts of that number alive (transaction-outbox.ts).
 */
import type { MeterType, NetworkName, ServiceType, UserType } from '../../../shared/constants.js';
import { formatNaira, type Kobo } from '../../../shared/money.js';
import { billProductCode, examServiceName, type CableProvider, type ExamProduct, type SubscriptionType } from '../../../shared/bills.js';
import type { CatalogueStore } from '../products/catalogue-port.js';
import type { BillerCheck, BillerQuery } from './suppliers-port.js';
import { billPriceFor, newDueDate, type BillDetails, type BillProduct } from '../products/bill-catalogue.js';
import type { Ledger } from '../wallet/ledger-port.js';
import { priceAirtime } from '../products/airtime.js';
import { checkPlanForPurchase, priceDataPlan, snapshotOf, type DataPlanSnapshot } from '../products/data-plans.js';
import { priceElectricity } from '../products/electricity.js';
import { transactionIdForRequest } from '../ids.js';
import type { WalletState } from '../wallet/ledger.js';
import type { Logger } from '../logger.js';
import type { TransactionDraft, TransactionRecord } from '../transactions/transactions.js';

export interface AirtimePurchaseInput {
  userId: string;
  userName: string;
  /** Read fresh for this request (pricing tier). */
  userType: UserType;
  network: NetworkName;
  phoneNumber: string;
  faceValueKobo: Kobo;
  /** Client idempotency key: the same key never charges twice. */
  requestId?: string;
  /** The wallet as read with the caller's profile (saves a read when it still holds). */
  knownWallet?: WalletState;
  /** Whether the buyer has a webhook URL, as read with their profile (kept on the record for the settlement's webhook). */
  ownerWebhook?: boolean;
  /** Whether the number may be a saved contact of the buyer's, as read with their profile (absent: unknown). */
  toSavedContact?: boolean;
}

export interface PurchaseDeps {
  ledger: Ledger;
  now(): Date;
  newId(): string;
  log: Logger;
}

/** A locked service refuses the purchase before any money moves. */
export interface ServiceLockedResult {
  kind: 'service_locked';
  serviceName: string;
  serviceType: ServiceType;
}

export type PurchaseResult =
  | { kind: 'accepted'; record: TransactionRecord }
  | { kind: 'replayed'; record: TransactionRecord }
  | { kind: 'invalid_amount' | 'below_minimum' | 'above_maximum' }
  | { kind: 'insufficient_balance' }
  | ServiceLockedResult
  | { kind: 'exists_with_different_amount' | 'exists_with_different_details' };

export function airtimeFingerprint(network: NetworkName, phoneNumber: string, faceValueKobo: Kobo): string {
  return `airtime:${network}:${phoneNumber}:${faceValueKobo}`;
}

/** What a purchase's debit needs besides money: its services unlocked (read just before the write). */
export interface Guard {
  locks?: { serviceType: ServiceType; names: string[] };
  knownWallet?: WalletState;
}

export async function placeAirtimePurchase(input: AirtimePurchaseInput, deps: PurchaseDeps): Promise<PurchaseResult> {
  const priced = priceAirtime(input.faceValueKobo, input.userType);
  if (!priced.ok) return { kind: priced.reason };
  const id = input.requestId ? transactionIdForRequest(input.userId, input.requestId) : deps.newId();
  const draft = airtimeDraft(input, id, { network: input.network, phoneNumber: input.phoneNumber, ...priced.price }, deps.now().toISOString());
  return post(draft, deps, { locks: { serviceType: 'airtime', names: [input.network] }, knownWallet: input.knownWallet });
}

/** Who buys, as a purchase record names them. */
export type Buyer = Pick<AirtimePurchaseInput, 'userId' | 'userName' | 'userType' | 'ownerWebhook' | 'toSavedContact'>;

/** The fields every purchase record starts with: its id, its buyer, `processing`, and when. */
export function purchaseHead(buyer: Buyer, id: string, nowIso: string) {
  return {
    id,
    userId: buyer.userId,
    trans_UserName: buyer.userName,
    userType: buyer.userType,
    ...(buyer.ownerWebhook === undefined ? {} : { ownerWebhook: buyer.ownerWebhook }),
    ...(buyer.toSavedContact === undefined ? {} : { toSavedContact: buyer.toSavedContact }),
    trans_Status: 'processing' as const,
    createdAt: nowIso,
    updatedAt: nowIso,
  };
}

/** An airtime purchase's record as placed (alone, or as a line of a bulk purchase). */
export function airtimeDraft(
  buyer: Buyer,
  id: string,
  line: { network: NetworkName; phoneNumber: string; faceValueKobo: Kobo; chargeKobo: Kobo; costKobo: Kobo },
  nowIso: string,
): TransactionDraft {
  return {
    ...purchaseHead(buyer, id, nowIso),
    trans_Type: 'airtime',
    trans_Network: line.network,
    phone_number: line.phoneNumber,
    amountKobo: line.chargeKobo,
    faceValueKobo: line.faceValueKobo,
    volume: formatNaira(line.faceValueKobo),
    costKobo: line.costKobo,
    description: `${line.network} airtime of ${formatNaira(line.faceValueKobo)} to ${line.phoneNumber}`,
    requestFingerprint: airtimeFingerprint(line.network, line.phoneNumber, line.faceValueKobo),
  };
}

/** A data purchase's record as placed (alone, or as a line of a bulk purchase). */
export function dataDraft(
  buyer: Buyer,
  id: string,
  line: { network: NetworkName; phoneNumber: string; plan: DataPlanSnapshot; chargeKobo: Kobo; costKobo: Kobo },
  nowIso: string,
): TransactionDraft {
  const { plan } = line;
  const volume = `${plan.planName} (${plan.planValidity})`;
  return {
    ...purchaseHead(buyer, id, nowIso),
    trans_Type: 'data',
    trans_Network: line.network,
    phone_number: line.phoneNumber,
    amountKobo: line.chargeKobo,
    volume,
    costKobo: line.costKobo,
    dataPlan: plan,
    description: `${plan.planType} ${volume} data to ${line.phoneNumber}`,
    requestFingerprint: dataFingerprint(line.network, line.phoneNumber, plan.planId),
  };
}

/**
 * Debit + record (refused while a service is locked); shared by every product. The record's insert
 * is the hand-off: the table's stream gives it to fulfilment and refreshes the buyer's contacts.
 */
export async function post(draft: TransactionDraft, deps: PurchaseDeps, guard: Guard): Promise<PurchaseResult> {
  const posted = await deps.ledger.debitPurchase(draft, { unlessLocked: guard.locks, knownWallet: guard.knownWallet });
  switch (posted.kind) {
    case 'service_locked':
      return { kind: 'service_locked', serviceName: posted.serviceName, serviceType: guard.locks!.serviceType };
    case 'posted':
      return { kind: 'accepted', record: posted.record };
    case 'replayed':
      return { kind: 'replayed', record: posted.record };
    case 'insufficient_balance':
      return { kind: 'insufficient_balance' };
    case 'exists_with_different_amount':
    case 'exists_with_different_details':
      return { kind: posted.kind };
  }
}

// ---------------------------------------------------------------------------------------------
// Data

export interface DataPurchaseInput {
  userId: string;
  userName: string;
  /** Read fresh for this request (pricing tier). */
  userType: UserType;
  network: NetworkName;
  phoneNumber: string;
  planId: number;
  requestId?: string;
  knownWallet?: WalletState;
  ownerWebhook?: boolean;
  toSavedContact?: boolean;
}

export interface DataPurchaseDeps extends PurchaseDeps {
  catalogue: Pick<CatalogueStore, 'getPlan'>;
}

export type DataPurchaseResult = PurchaseResult | { kind: 'plan_unavailable' | 'plan_not_for_network' };

export function dataFingerprint(network: NetworkName, phoneNumber: string, planId: number): string {
  return `data:${network}:${phoneNumber}:${planId}`;
}

/**
 * A data plan: it must exist, be available and belong to the network; neither the network's nor
 * the plan type's data may be locked. The user pays the plan's price for their tier (shared rule);
 * the plan's cost is kept so profit = charge − cost is recorded on delivery.
 */
export async function placeDataPurchase(input: DataPurchaseInput, deps: DataPurchaseDeps): Promise<DataPurchaseResult> {
  const checked = checkPlanForPurchase(await deps.catalogue.getPlan(input.planId), input.network);
  if (!checked.ok) return { kind: checked.reason };
  const { plan } = checked;
  const price = priceDataPlan(plan, input.userType);
  if (!Number.isSafeInteger(price.chargeKobo) || price.chargeKobo <= 0) return { kind: 'plan_unavailable' };
  const id = input.requestId ? transactionIdForRequest(input.userId, input.requestId) : deps.newId();
  const draft = dataDraft(input, id, { network: input.network, phoneNumber: input.phoneNumber, plan: snapshotOf(plan), ...price }, deps.now().toISOString());
  return post(draft, deps, { locks: { serviceType: 'data', names: [input.network, plan.planType] }, knownWallet: input.knownWallet });
}

// ---------------------------------------------------------------------------------------------
// Electricity

export interface ElectricityPurchaseInput {
  userId: string;
  userName: string;
  userType: UserType;
  /** Company (spec §9 meter id) and its name. */
  meterId: number;
  company: string;
  meterNumber: string;
  meterType: MeterType;
  /** Token value; the wallet pays it plus the fee. */
  amountKobo: number;
  /** The customer's phone for the supplier. */
  customerPhone: string;
  requestId?: string;
  knownWallet?: WalletState;
  ownerWebhook?: boolean;
}

export function electricityFingerprint(meterId: number, meterNumber: string, meterType: MeterType, amountKobo: number): string {
  return `electricity:${meterId}:${meterNumber}:${meterType}:${amountKobo}`;
}

/**
 * An electricity token: amount within limits, charge = amount + ₦50, debited with the
 * `processing` record atomically; the meter goes on the record (its number also as the record's
 * phone_number, so listings and their filter show it). Token, units and customer come later, from
 * the supplier's answer only.
 */
export async function placeElectricityPurchase(input: ElectricityPurchaseInput, deps: PurchaseDeps): Promise<PurchaseResult> {
  const priced = priceElectricity(input.amountKobo);
  if (!priced.ok) return { kind: priced.reason };
  const { price } = priced;
  const nowIso = deps.now().toISOString();
  const draft: TransactionDraft = {
    id: input.requestId ? transactionIdForRequest(input.userId, input.requestId) : deps.newId(),
    userId: input.userId,
    trans_UserName: input.userName,
    userType: input.userType,
    ...(input.ownerWebhook === undefined ? {} : { ownerWebhook: input.ownerWebhook }),
    trans_Type: 'electricity',
    trans_Status: 'processing',
    trans_Network: input.company,
    phone_number: input.meterNumber,
    amountKobo: price.chargeKobo,
    faceValueKobo: price.amountKobo,
    volume: formatNaira(price.amountKobo),
    costKobo: price.costKobo,
    electricity: {
      meterId: input.meterId,
      company: input.company,
      meterNumber: input.meterNumber,
      meterType: input.meterType,
      customerPhone: input.customerPhone,
    },
    description: `${input.company} ${input.meterType} electricity of ${formatNaira(price.amountKobo)} to meter ${input.meterNumber}`,
    requestFingerprint: electricityFingerprint(input.meterId, input.meterNumber, input.meterType, price.amountKobo),
    createdAt: nowIso,
    updatedAt: nowIso,
  };
  // No lock guards electricity (the spec's service types are airtime and data).
  return post(draft, deps, { knownWallet: input.knownWallet });
}

// ---------------------------------------------------------------------------------------------
// Cable TV and exam PINs (issue 22)

export interface BillProductReader {
  /** One catalogue row, read strongly consistent (a price just changed is the price charged). */
  getBillProduct(code: string): Promise<BillProduct | undefined>;
}

export interface BillPurchaseDeps extends PurchaseDeps {
  billProducts: BillProductReader;
  /** The supplier's merchant-verify (smartcard / IUC, JAMB profile id), asked before any money moves. */
  verifyBiller(query: BillerQuery): Promise<BillerCheck>;
  /** The record a request_id placed before, if any (its id is derived from the request_id). */
  placedBefore(id: string): Promise<TransactionRecord | undefined>;
}

export type BillPurchaseResult =
  | PurchaseResult
  | { kind: 'product_unavailable' | 'product_not_for_provider' | 'renew_not_current' | 'verification_unavailable' }
  | { kind: 'invalid_biller'; message?: string };

interface BillBuyer {
  userId: string;
  userName: string;
  userType: UserType;
  requestId?: string;
  knownWallet?: WalletState;
  ownerWebhook?: boolean;
  /** The customer's phone for the supplier. */
  customerPhone: string;
}

export interface CablePurchaseInput extends BillBuyer {
  provider: CableProvider;
  smartCardNo: string;
  /** The bouquet's catalogue code. */
  productCode: string;
  /** Asked for; a provider that takes no renewal (StarTimes, Showmax) always sends a variation code. */
  subscriptionType?: SubscriptionType;
}

export interface ExamPurchaseInput extends BillBuyer {
  exam: ExamProduct;
  quantity: number;
  profileId?: string;
}

export function cableFingerprint(productCode: string, smartCardNo: string, subscriptionType: string): string {
  return `cable:${productCode}:${smartCardNo}:${subscriptionType}`;
}

export function examFingerprint(productCode: string, quantity: number, profileId: string): string {
  return `exam:${productCode}:${quantity}:${profileId}`;
}

/**
 * The supplier's verdict on the smartcard or profile — or, for a request_id already placed, the one
 * stored on its record: a replay answers its receipt without asking the supplier again, so a resent
 * request still settles while VTpass's verify is down (the ledger then answers the replay, or a 409
 * if the request changed).
 */
async function billerCheck(buyer: BillBuyer, deps: BillPurchaseDeps, query: BillerQuery): Promise<BillerCheck> {
  const placed = buyer.requestId ? await deps.placedBefore(transactionIdForRequest(buyer.userId, buyer.requestId)) : undefined;
  const stored = placed?.bill;
  if (stored?.customerName === undefined) return deps.verifyBiller(query);
  return {
    kind: 'valid',
    supplier: 'STORED',
    customerName: stored.customerName,
    ...(stored.currentBouquet ? { currentBouquet: stored.currentBouquet } : {}),
    ...(stored.dueDate ? { dueDate: stored.dueDate } : {}),
  };
}

/** Same rule as a verified meter: the supplier's verdict decides, and no usable answer refuses (nothing was charged). */
function refusalOfCheck(check: BillerCheck): BillPurchaseResult | undefined {
  if (check.kind === 'invalid') return { kind: 'invalid_biller', ...(check.message ? { message: check.message } : {}) };
  if (check.kind === 'unavailable') return { kind: 'verification_unavailable' };
  return undefined;
}

function billDraft(buyer: BillBuyer, deps: PurchaseDeps, fields: Pick<TransactionDraft, 'trans_Type' | 'trans_Network' | 'phone_number' | 'amountKobo' | 'costKobo' | 'volume' | 'description' | 'requestFingerprint' | 'bill'>): TransactionDraft {
  const id = buyer.requestId ? transactionIdForRequest(buyer.userId, buyer.requestId) : deps.newId();
  return { ...purchaseHead(buyer, id, deps.now().toISOString()), ...fields };
}

/**
 * A cable subscription: the bouquet must be in the catalogue, available and the provider's; the
 * provider not locked. The smartcard is verified at the supplier first (its name, current bouquet
 * and due date go on the record); a renewal must pay the current bouquet. Then the debit with the
 * `processing` record, as every purchase. The new due date is computed here (VTpass's answer has none).
 */
export async function placeCablePurchase(input: CablePurchaseInput, deps: BillPurchaseDeps): Promise<BillPurchaseResult> {
  const product = await deps.billProducts.getBillProduct(input.productCode);
  if (!product || !product.isAvailable) return { kind: 'product_unavailable' };
  if (product.family !== 'cable' || product.serviceId !== input.provider.serviceId) return { kind: 'product_not_for_provider' };
  const chargeKobo = billPriceFor(product, input.userType);
  if (!Number.isSafeInteger(chargeKobo) || chargeKobo <= 0) return { kind: 'product_unavailable' };
  const subscriptionType: SubscriptionType | undefined = input.provider.renewable ? (input.subscriptionType ?? 'renew') : undefined;
  const check = await billerCheck(input, deps, { serviceId: input.provider.serviceId, billersCode: input.smartCardNo });
  const refused = refusalOfCheck(check);
  if (refused || check.kind !== 'valid') return refused ?? { kind: 'verification_unavailable' };
  if (subscriptionType === 'renew' && check.currentBouquetCode && check.currentBouquetCode !== product.variationCode) return { kind: 'renew_not_current' };
  const bill: BillDetails = {
    family: 'cable',
    serviceId: product.serviceId,
    productCode: product.code,
    productName: product.name,
    variationCode: product.variationCode,
    provider: input.provider.name,
    billersCode: input.smartCardNo,
    ...(subscriptionType ? { subscriptionType } : {}),
    quantity: 1,
    amountKobo: product.costPriceKobo,
    customerPhone: input.customerPhone,
    customerName: check.customerName,
    ...(check.currentBouquet ? { currentBouquet: check.currentBouquet } : {}),
    ...(check.dueDate ? { dueDate: check.dueDate } : {}),
    newDueDate: newDueDate({ subscriptionType, ...(check.dueDate ? { currentDueDate: check.dueDate } : {}), today: deps.now(), months: 1 }),
  };
  const draft = billDraft(input, deps, {
    trans_Type: 'cable',
    trans_Network: input.provider.name,
    phone_number: input.smartCardNo,
    amountKobo: chargeKobo,
    costKobo: product.costPriceKobo,
    volume: product.name,
    description: `${input.provider.name} ${subscriptionType ?? 'subscription'} ${product.name} for ${input.smartCardNo} (${check.customerName})`,
    requestFingerprint: cableFingerprint(product.code, input.smartCardNo, subscriptionType ?? 'variation'),
    bill,
  });
  return post(draft, deps, { locks: { serviceType: 'cable', names: [input.provider.name] }, knownWallet: input.knownWallet });
}

/**
 * Exam PINs: the exam's catalogue row must be available and its service not locked; JAMB's
 * profile id is verified at the supplier first (the candidate's name goes on the record). The
 * wallet pays the tier price × quantity; the supplier is paid its price × quantity.
 */
export async function placeExamPurchase(input: ExamPurchaseInput, deps: BillPurchaseDeps): Promise<BillPurchaseResult> {
  const code = billProductCode(input.exam.serviceId, input.exam.variationCode);
  const product = await deps.billProducts.getBillProduct(code);
  if (!product || !product.isAvailable || product.family !== 'exam') return { kind: 'product_unavailable' };
  const unitKobo = billPriceFor(product, input.userType);
  // The approved price is a ceiling whatever is stored (an edit is refused above it; this guards older rows).
  if (!Number.isSafeInteger(unitKobo) || unitKobo <= 0 || unitKobo > input.exam.approvedPriceKobo) return { kind: 'product_unavailable' };
  let customerName: string | undefined;
  if (input.exam.verify) {
    const check = await billerCheck(input, deps, { serviceId: input.exam.serviceId, billersCode: input.profileId ?? '', type: input.exam.variationCode });
    const refused = refusalOfCheck(check);
    if (refused || check.kind !== 'valid') return refused ?? { kind: 'verification_unavailable' };
    customerName = check.customerName;
  }
  const billersCode = input.exam.verify ? input.profileId : undefined;
  const bill: BillDetails = {
    family: 'exam',
    serviceId: product.serviceId,
    productCode: product.code,
    productName: product.name,
    variationCode: product.variationCode,
    provider: input.exam.name,
    ...(billersCode ? { billersCode } : {}),
    quantity: input.quantity,
    amountKobo: product.costPriceKobo * input.quantity,
    customerPhone: input.customerPhone,
    ...(customerName ? { customerName } : {}),
  };
  const draft = billDraft(input, deps, {
    trans_Type: 'exam',
    trans_Network: examServiceName(input.exam),
    phone_number: billersCode ?? input.customerPhone,
    amountKobo: unitKobo * input.quantity,
    costKobo: product.costPriceKobo * input.quantity,
    volume: `${input.quantity} × ${product.name}`,
    description: `${input.quantity} ${product.name} PIN${input.quantity === 1 ? '' : 's'}${billersCode ? ` for profile ${billersCode}${customerName ? ` (${customerName})` : ''}` : ''}`,
    requestFingerprint: examFingerprint(product.code, input.quantity, billersCode ?? input.customerPhone),
    bill,
  });
  return post(draft, deps, { locks: { serviceType: 'exam', names: [examServiceName(input.exam)] }, knownWallet: input.knownWallet });
}
