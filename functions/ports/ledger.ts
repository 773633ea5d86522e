/**
 * Port to the wallet ledger. Every balance change is atomic with the transaction record that
 * explains it; outcomes are named results, faults are exceptions.
 */
import type { Kobo } from '../../shared/money.js';
import type { WalletState } from '../domain/ledger.js';
import type { SupplierAttempt, TransactionDraft, TransactionRecord } from '../domain/transactions.js';

export type PostResult =
  | { kind: 'posted'; record: TransactionRecord }
  /** The same id was already posted with the same details: nothing changed, here it is. */
  | { kind: 'replayed'; record: TransactionRecord }
  | { kind: 'insufficient_balance'; balanceKobo: Kobo }
  | { kind: 'exists_with_different_amount'; existing: TransactionRecord }
  | { kind: 'exists_with_different_details'; existing: TransactionRecord };

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
  now: Date;
}

export interface Ledger {
  getWallet(userId: string): Promise<WalletState>;
  /** Debits `draft.amountKobo` and writes the record, atomically; the record id is the idempotency key. */
  debit(draft: TransactionDraft): Promise<PostResult>;
  /** Credits `draft.amountKobo` and writes the record, atomically. */
  credit(draft: TransactionDraft): Promise<PostResult>;
  /** Money back for an open purchase: credit + status `refunded` + refund record, atomically, at most once. */
  refundPurchase(purchaseId: string, input: RefundInput): Promise<RefundResult>;
}
