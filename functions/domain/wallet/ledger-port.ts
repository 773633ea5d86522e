/**
 * Port to the wallet ledger. Every balance change is atomic with the transaction record that
 * explains it; outcomes are named results, faults are exceptions.
 */
import type { ServiceType } from '../../../shared/constants.js';
import type { Kobo } from '../../../shared/money.js';
import type { InWriteAudit } from '../back-office/audit.js';
import type { WalletState } from './ledger.js';
import type { BillDetails } from '../products/bill-catalogue.js';
import type { SupplierAttempt, TransactionDraft, TransactionRecord } from '../transactions/transactions.js';
import type { ServiceLocksRead } from '../purchases/service-locks.js';

export type PostResult =
  | { kind: 'posted'; record: TransactionRecord }
  /** The same id was already posted with the same details: nothing changed, here it is. */
  | { kind: 'replayed'; record: TransactionRecord }
  | { kind: 'insufficient_balance'; balanceKobo: Kobo }
  | { kind: 'exists_with_different_amount'; existing: TransactionRecord }
  | { kind: 'exists_with_different_details'; existing: TransactionRecord };

/** How a purchase is debited: besides the money, the services it needs must not be locked. */
export interface PurchaseDebitOptions {
  /** Read just before the debit: a lock set before then refuses it, and no money moves (decision 97 (docs/decisions/0097-*)). */
  unlessLocked?: { serviceType: ServiceType; names: readonly string[] };
  /** The wallet as the request read it moments ago: tried first instead of a fresh read (a stale one only costs a retry). */
  knownWallet?: WalletState;
  /** The locks as the request read them with its caller (consistent, moments ago): `unlessLocked` is answered from them when they cover its names. */
  knownLocks?: ServiceLocksRead;
}

export type PurchaseDebitResult = PostResult | { kind: 'service_locked'; serviceName: string };

export type RefundResult =
  | { kind: 'refunded'; purchase: TransactionRecord; refund: TransactionRecord }
  | { kind: 'already_refunded'; purchase: TransactionRecord }
  /** Final without a refund (success, failed): refusing is what keeps money from moving twice. */
  | { kind: 'not_refundable'; purchase: TransactionRecord }
  | { kind: 'not_found' };

export interface RefundInput {
  reason: string;
  /** Supplier attempts to record on the purchase in the same write. */
  attempts?: SupplierAttempt[];
  /** The words that explain the refund — the supplier's about its failure, or an operator's reason: kept as the purchase's apiResponse (its refund reason in words). */
  supplierMessage?: string;
  now: Date;
  /** Also refund a `success` purchase: only when the supplier itself reported it reversed, or an operator decided. */
  afterSuccess?: boolean;
  /** An operator's refund: its audit entry, put in the refund's own write. */
  audit?: InWriteAudit<RefundChange>;
  /**
   * Part of an open purchase was delivered (recharge cards short of the order): the same one write
   * credits back `refundKobo` only and settles the purchase `success` with what came.
   */
  partly?: PartlyDelivered;
}

/** What a partly delivered purchase settles with, besides the part credited back. */
export interface PartlyDelivered {
  refundKobo: Kobo;
  /** The margin on the delivered part. */
  profitKobo: Kobo;
  supplier: string;
  supplierReference?: string;
  apiResponse?: string;
  /** The purchase's bill with what the supplier delivered (its PINs). */
  bill: BillDetails;
}

/** What a refund changed: the purchase as it was read before, and the refund record (the wallet's balance before and after). */
export interface RefundChange {
  purchase: TransactionRecord;
  refund: TransactionRecord;
}

export interface Ledger {
  getWallet(userId: string): Promise<WalletState>;
  /** Debits `draft.amountKobo` and writes the record, atomically; the record id is the idempotency key. */
  debit(draft: TransactionDraft): Promise<PostResult>;
  /** A purchase's debit: as `debit`, and refused while one of its services is locked. */
  debitPurchase(draft: TransactionDraft, options: PurchaseDebitOptions): Promise<PurchaseDebitResult>;
  /** Credits `draft.amountKobo` and writes the record, atomically. */
  credit(draft: TransactionDraft): Promise<PostResult>;
  /** Money back for an open purchase: credit + status `refunded` + refund record, atomically, at most once. */
  refundPurchase(purchaseId: string, input: RefundInput): Promise<RefundResult>;
}

/** What one balance change's write did: the store reports, the domain (domain/posting.ts) answers. */
export type WalletWriteResult =
  | { kind: 'written'; record: TransactionRecord }
  | { kind: 'record_exists' }
  | { kind: 'insufficient_balance'; balanceKobo: Kobo };

/** The wallet's store: reads and writes only; the rules of what an answer means are the domain's. */
export interface WalletStore {
  getWallet(userId: string): Promise<WalletState>;
  /** One balance change, atomically with its record; `queueable`: may wait in the wallet's queue when another writer holds it. */
  write(direction: 'debit' | 'credit', draft: TransactionDraft, how: { knownWallet?: WalletState; queueable?: true }): Promise<WalletWriteResult>;
  /** The record stored under an id, if any (strongly consistent). */
  existing(id: string): Promise<TransactionRecord | undefined>;
  /** The first of `names` an admin locked for the service type, if any. */
  lockedService(serviceType: ServiceType, names: readonly string[]): Promise<string | undefined>;
  refundPurchase(purchaseId: string, input: RefundInput): Promise<RefundResult>;
}
