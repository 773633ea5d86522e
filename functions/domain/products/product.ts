/**
 * What a product is to the platform's back end, in one place: how a buyer's request becomes its
 * record (checks, price, draft, the names its lock checks), how its purchase is delivered (which
 * suppliers, what order each is sent) and how it is re-queried. The request path
 * (purchases/purchases.ts:placePurchase), fulfilment and settlement read a product's module from the
 * registry (registry.ts) and never switch on a product type. Its labels for screens are in
 * shared/products.ts.
 */
import type { ProductType } from '../../../shared/products.js';
import type { NetworkName, ServiceType, UserType } from '../../../shared/constants.js';
import type { Kobo } from '../../../shared/money.js';
import { transactionIdForRequest } from '../ids.js';
import type { RequeryKey, SupplierCallResult, SupplierDirectory, SupplierGateway } from '../purchases/suppliers-port.js';
import type { TransactionDraft, TransactionRecord } from '../transactions/transactions.js';
import type { WalletState } from '../wallet/ledger.js';
import type { ServiceLocksRead } from '../purchases/service-locks.js';

/** Who buys, as a purchase record names them. */
export interface Buyer {
  userId: string;
  userName: string;
  /** Read fresh for this request (pricing tier). */
  userType: UserType;
  /** Whether the buyer has a webhook URL, as read with their profile (kept on the record for the settlement's webhook). */
  ownerWebhook?: boolean;
  /** Whether the number may be a saved contact of the buyer's, as read with their profile (absent: unknown). */
  toSavedContact?: boolean;
}

/** What every purchase request carries besides its product's own fields. */
export interface PurchaseRequest extends Buyer {
  /** Client idempotency key: the same key never charges twice. */
  requestId?: string;
  /** The wallet as read with the caller's profile (saves a read when it still holds). */
  knownWallet?: WalletState;
  /** Service locks read with the caller's profile (saves the debit its own read when they cover the purchase's). */
  knownLocks?: ServiceLocksRead;
}

/** What drafting a record needs from outside: the clock and new ids. */
export interface DraftDeps {
  now(): Date;
  newId(): string;
}

/** A purchase ready to post: its record as placed, and the names its product's lock checks in the same write. */
export interface Drafted {
  kind: 'drafted';
  draft: TransactionDraft;
  lockNames: string[];
}

/** A purchase refused before any money moves, named (the HTTP operation words it). */
export interface Refused {
  kind: string;
}

export interface ProductModule<Input extends PurchaseRequest = PurchaseRequest, Deps = object, Refusal extends Refused = Refused> {
  type: ProductType;
  /** The service lock an admin sets for it; a locked name refuses the purchase before money moves. */
  lock: ServiceType | undefined;
  /**
   * How a buyer's request becomes its `processing` record: checked, priced for the buyer's tier and
   * drafted with the names its lock checks, or refused. The debit is the same for every product.
   */
  draft(input: Input, deps: Deps & DraftDeps): Promise<Drafted | Refusal>;
  /** Whether a placed record carries everything its delivery needs (a record that does not is a bug, left to an operator). */
  deliverable(record: TransactionRecord): boolean;
  /** The suppliers that may deliver it, most preferred first; the next only after a definite failure. */
  suppliers(directory: SupplierDirectory, network: string): Promise<SupplierGateway[]>;
  /** Sends the record's order to one supplier; a supplier that cannot sell the product is a definite failure. */
  submit(supplier: SupplierGateway, record: TransactionRecord): Promise<SupplierCallResult>;
  /** What the supplier's re-query needs to know of the product. */
  requeryService: RequeryKey['service'];
  /**
   * A product sold by the piece (recharge cards): when the supplier delivered fewer than ordered, what
   * the undelivered part gives back and the delivered part earns; settled in one write
   * (settlement.ts). Absent, or undefined for this answer: it was all delivered.
   */
  shortDelivery?(record: TransactionRecord, result: SupplierCallResult): { refundKobo: Kobo; profitKobo: Kobo } | undefined;
}

export const isDrafted = (value: Drafted | Refused): value is Drafted => value.kind === 'drafted';

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

/** A number topped up on a network, as priced (airtime and data, alone or as a line of a bulk purchase). */
export interface TopUpLine {
  network: NetworkName;
  phoneNumber: string;
  chargeKobo: Kobo;
  costKobo: Kobo;
}

/** What a product's record says beyond its head: what it is, for whom, what it costs. */
export type PurchaseFields = Omit<TransactionDraft, keyof ReturnType<typeof purchaseHead>>;

/**
 * A new purchase's record: its id derived from the request_id (a resend finds the first) or new,
 * its head, then the product's own fields.
 */
export function purchaseRecord(request: PurchaseRequest, deps: DraftDeps, fields: PurchaseFields): TransactionDraft {
  const id = request.requestId ? transactionIdForRequest(request.userId, request.requestId) : deps.newId();
  return { ...purchaseHead(request, id, deps.now().toISOString()), ...fields };
}

/** Nothing is sent to a supplier that does not sell the product: a definite failure, so the next supplier is tried. */
export function notSold(supplier: SupplierGateway, reason: string, request: unknown): SupplierCallResult {
  return { supplier: supplier.name, outcome: 'failed', reason, request, response: null };
}

/** The fields every order starts with: our id (the supplier's request_id) and when the purchase was placed. */
export function placed(record: TransactionRecord): { requestId: string; placedAt: string } {
  return { requestId: record.id, placedAt: record.createdAt };
}
