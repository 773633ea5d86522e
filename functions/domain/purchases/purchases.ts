/**
 * Placing a purchase (the request path), whatever the product: the product's module drafts it
 * (checks, price for the user's tier, the `processing` record, the names its lock checks; see
 * products/product.ts), then the wallet is debited and the record written atomically, refused while
 * the product's service is locked; a request_id placed before is answered with its record. Outcomes
 * are named. Nothing else happens on the request path: the table's stream hands the record to
 * fulfilment and keeps the user's contacts of that number alive (transaction-outbox.ts).
 */
import type { ServiceType } from '../../../shared/constants.js';
import type { AmountRefusal } from '../../../shared/pricing.js';
import { airtime } from '../products/airtime.js';
import type { BillDraftDeps, BillRefusal } from '../products/bill.js';
import { cable } from '../products/cable.js';
import { data, type DataDraftDeps, type PlanRefusal } from '../products/data.js';
import { electricity } from '../products/electricity.js';
import { exam } from '../products/exam.js';
import { isDrafted, type ProductModule, type PurchaseRequest, type Refused } from '../products/product.js';
import type { Ledger } from '../wallet/ledger-port.js';
import type { WalletState } from '../wallet/ledger.js';
import type { ServiceLocksRead } from './service-locks.js';
import type { Logger } from '../logger.js';
import type { TransactionDraft, TransactionRecord } from '../transactions/transactions.js';

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

/** How a debit ended: the record placed (or placed before, for a replay), or why nothing was. */
export type Posted =
  | { kind: 'accepted'; record: TransactionRecord }
  | { kind: 'replayed'; record: TransactionRecord }
  | { kind: 'insufficient_balance' }
  | ServiceLockedResult
  | { kind: 'exists_with_different_amount' | 'exists_with_different_details' };

export type PurchaseResult = Posted | { kind: AmountRefusal };

/** What a purchase's debit needs besides money: its services unlocked (read just before the write). */
export interface Guard {
  locks?: { serviceType: ServiceType; names: string[] };
  knownWallet?: WalletState;
  /** The locks as read with the caller, when the request read them ahead. */
  knownLocks?: ServiceLocksRead;
}

/** A purchase of one product: drafted by its module, then posted. */
export async function placePurchase<Input extends PurchaseRequest, Deps, Refusal extends Refused>(
  product: ProductModule<Input, Deps, Refusal>,
  input: Input,
  deps: PurchaseDeps & Deps,
): Promise<Posted | Refusal> {
  const drafted = await product.draft(input, deps);
  if (!isDrafted(drafted)) return drafted;
  const locks = product.lock ? { serviceType: product.lock, names: drafted.lockNames } : undefined;
  return post(drafted.draft, deps, { locks, knownWallet: input.knownWallet, knownLocks: input.knownLocks });
}

/**
 * Debit + record (refused while a service is locked); shared by every product. The record's insert
 * is the hand-off: the table's stream gives it to fulfilment and refreshes the buyer's contacts.
 */
export async function post(draft: TransactionDraft, deps: Pick<PurchaseDeps, 'ledger'>, guard: Guard): Promise<Posted> {
  const posted = await deps.ledger.debitPurchase(draft, { unlessLocked: guard.locks, knownWallet: guard.knownWallet, knownLocks: guard.knownLocks });
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
// Each product's purchase by name, for callers that place one product (its module holds the rest)

const placing =
  <Input extends PurchaseRequest, Deps, Refusal extends Refused>(product: ProductModule<Input, Deps, Refusal>) =>
  (input: Input, deps: PurchaseDeps & Deps) =>
    placePurchase(product, input, deps);

export const placeAirtimePurchase = placing(airtime);
export const placeDataPurchase = placing(data);
export const placeElectricityPurchase = placing(electricity);
export const placeCablePurchase = placing(cable);
export const placeExamPurchase = placing(exam);

export type DataPurchaseDeps = PurchaseDeps & DataDraftDeps;
export type DataPurchaseResult = PurchaseResult | { kind: PlanRefusal };
export type BillPurchaseDeps = PurchaseDeps & BillDraftDeps;
export type BillPurchaseResult = PurchaseResult | BillRefusal;
export type { BillProductReader } from '../products/bill.js';
export { airtimeFingerprint } from '../products/airtime.js';
