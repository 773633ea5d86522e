/**
 * Placing a purchase (the request path): refuse a locked service, price it for the user's tier,
 * debit the wallet and write the `processing` record atomically. Outcomes are named. Nothing else
 * happens on the request path: the table's stream hands the record to fulfilment and keeps the
 * user's contacts of that number alive (transaction-outbox.ts).
 */
import type { MeterType, NetworkName, ServiceType, UserType } from '../../shared/constants.js';
import { formatNaira, type Kobo } from '../../shared/money.js';
import type { CatalogueStore } from '../ports/catalogue.js';
import type { Ledger } from '../ports/ledger.js';
import { priceAirtime } from './airtime.js';
import { checkPlanForPurchase, priceDataPlan, snapshotOf } from './catalogue.js';
import { priceElectricity } from './electricity.js';
import { transactionIdForRequest } from './ids.js';
import type { WalletState } from './ledger.js';
import type { Logger } from './settlement.js';
import type { TransactionDraft, TransactionRecord } from './transactions.js';

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

/** What a purchase's debit needs besides money: its services unlocked (checked in the same write). */
interface Guard {
  locks?: { serviceType: ServiceType; names: string[] };
  knownWallet?: WalletState;
}

export async function placeAirtimePurchase(input: AirtimePurchaseInput, deps: PurchaseDeps): Promise<PurchaseResult> {
  const priced = priceAirtime(input.faceValueKobo, input.userType);
  if (!priced.ok) return { kind: priced.reason };
  const { price } = priced;
  const nowIso = deps.now().toISOString();
  const draft: TransactionDraft = {
    id: input.requestId ? transactionIdForRequest(input.userId, input.requestId) : deps.newId(),
    userId: input.userId,
    trans_UserName: input.userName,
    userType: input.userType,
    ...(input.ownerWebhook === undefined ? {} : { ownerWebhook: input.ownerWebhook }),
    ...(input.toSavedContact === undefined ? {} : { toSavedContact: input.toSavedContact }),
    trans_Type: 'airtime',
    trans_Status: 'processing',
    trans_Network: input.network,
    phone_number: input.phoneNumber,
    amountKobo: price.chargeKobo,
    faceValueKobo: price.faceValueKobo,
    volume: formatNaira(price.faceValueKobo),
    costKobo: price.costKobo,
    description: `${input.network} airtime of ${formatNaira(price.faceValueKobo)} to ${input.phoneNumber}`,
    requestFingerprint: airtimeFingerprint(input.network, input.phoneNumber, price.faceValueKobo),
    createdAt: nowIso,
    updatedAt: nowIso,
  };
  return post(draft, deps, { locks: { serviceType: 'airtime', names: [input.network] }, knownWallet: input.knownWallet });
}

/**
 * Debit + record (refused while a service is locked); shared by every product. The record's insert
 * is the hand-off: the table's stream gives it to fulfilment and refreshes the buyer's contacts.
 */
async function post(draft: TransactionDraft, deps: PurchaseDeps, guard: Guard): Promise<PurchaseResult> {
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
  const nowIso = deps.now().toISOString();
  const volume = `${plan.planName} (${plan.planValidity})`;
  const draft: TransactionDraft = {
    id: input.requestId ? transactionIdForRequest(input.userId, input.requestId) : deps.newId(),
    userId: input.userId,
    trans_UserName: input.userName,
    userType: input.userType,
    ...(input.ownerWebhook === undefined ? {} : { ownerWebhook: input.ownerWebhook }),
    ...(input.toSavedContact === undefined ? {} : { toSavedContact: input.toSavedContact }),
    trans_Type: 'data',
    trans_Status: 'processing',
    trans_Network: input.network,
    phone_number: input.phoneNumber,
    amountKobo: price.chargeKobo,
    volume,
    costKobo: price.costKobo,
    dataPlan: snapshotOf(plan),
    description: `${plan.planType} ${volume} data to ${input.phoneNumber}`,
    requestFingerprint: dataFingerprint(input.network, input.phoneNumber, plan.planId),
    createdAt: nowIso,
    updatedAt: nowIso,
  };
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
