/** Port to stored transactions: status changes that move no money, and listings. */
import type { TransactionStatus, TransactionType, UserType } from '../../../shared/constants.js';
import type { Kobo } from '../../../shared/money.js';
import type { BillDetails } from '../products/bill-catalogue.js';
import type { ElectricityDetails } from './transactions.js';
import type { ListingTotals } from './listing-aggregates.js';
import type { SupplierAttempt, TransactionRecord } from './transactions.js';

export interface OpenTransactionRef {
  id: string;
  /** When it became open (its creation time). */
  openSince: string;
}

export interface TransactionFilter {
  type?: TransactionType;
  status?: TransactionStatus;
  userType?: UserType;
  /**
   * The number served, or a part of it (a substring). A whole phone number (shared `wholePhoneNumber`)
   * matches the records of exactly that number, read from that number's own index.
   */
  phoneNumber?: string;
  /** Inclusive ISO bounds on createdAt. */
  fromIso?: string;
  toIso?: string;
}

export interface SettleSuccessInput {
  attempts: SupplierAttempt[];
  supplier: string;
  supplierReference?: string;
  apiResponse?: string;
  profitKobo: Kobo;
  now: Date;
  /** Electricity: the meter with the supplier's token, units and customer, stored with the success. */
  electricity?: ElectricityDetails;
  /** Cable / exam: the purchase's details with the supplier's PINs, stored with the success. */
  bill?: BillDetails;
}

export interface TransactionStore {
  get(id: string): Promise<TransactionRecord | undefined>;
  /**
   * The right to call a supplier, won by exactly one caller: sets submittedAt and the supplier
   * only while the purchase is `processing` and was never claimed. The claimed purchase as it now
   * stands, or undefined when the claim was refused.
   */
  claimSubmission(id: string, supplier: string, now: Date): Promise<TransactionRecord | undefined>;
  /** Failover: after a definite failure by `from`, records it and names `to`, while still ours and processing. */
  switchSupplier(id: string, from: string, to: string, failed: SupplierAttempt, now: Date): Promise<boolean>;
  /** `success` while still open; undefined when it is no longer open (someone else settled it). */
  /**
   * Marks the purchase delivered, if still open. `purchase` is the record as the caller holds it: its
   * fixed facts (product, network, amount, day) count the sale in the same write, without a read.
   * Answers the purchase as this write left it, built from `purchase` (not read back: attempts
   * appended by others meanwhile are missing), or undefined when it was no longer open.
   */
  settleSuccess(purchase: TransactionRecord, input: SettleSuccessInput): Promise<TransactionRecord | undefined>;
  /** processing → pending (ambiguous answer), recording the attempts. False when no longer processing. */
  markPending(id: string, attempts: SupplierAttempt[], now: Date, supplierReference?: string): Promise<boolean>;
  /** The right to re-query now: bumps lastRequeriedAt from the value the caller saw. */
  claimRequery(id: string, previous: string | undefined, now: Date): Promise<boolean>;
  /**
   * Appends an inconclusive re-query to the record's `requeries` while it is open, keeping only the
   * latest MAX_KEPT_REQUERIES (pending may last days; requeryCount, bumped by claimRequery, counts all).
   */
  recordInconclusiveRequery(id: string, attempt: SupplierAttempt): Promise<void>;
  /** The right to re-enqueue a stranded purchase, at most once per `cutoff` window. */
  markEnqueued(id: string, now: Date, cutoff: Date): Promise<boolean>;
  /**
   * Open purchases opened within [notBefore, notAfter] (either bound optional), oldest first
   * (sparse index; eventually consistent: re-read before acting). Older ones wait for an admin and
   * are not listed, so they can never crowd newer ones out of a bounded sweep.
   */
  listOpen(limit: number, cursor?: string, window?: { notBefore?: Date; notAfter?: Date }): Promise<{ items: OpenTransactionRef[]; cursor?: string }>;
  /** A user's transactions matching the filter, newest first. */
  listForUser(userId: string, filter: TransactionFilter): Promise<TransactionRecord[]>;
  /** Everybody's transactions matching the filter, newest first. */
  listAll(filter: TransactionFilter): Promise<TransactionRecord[]>;
  /**
   * Count and figures of a listing (a user's, or everybody's when `userId` is undefined): from the
   * counters over its whole days, from the records over cut days; with a phone-number filter (no
   * counters), from its matching records.
   */
  listingTotals(userId: string | undefined, filter: TransactionFilter): Promise<ListingTotals>;
  /**
   * One page (1-based) of a listing, newest first: reads up to that page only, never the rest of the
   * history. Given how many records match (`matching`, from exact counters), it also stops after the
   * last of them, and reads nothing for a page past it: a filter that matches nothing costs nothing.
   */
  listingPage(userId: string | undefined, filter: TransactionFilter, page: number, pageSize: number, matching?: number): Promise<TransactionRecord[]>;
  /** When the user's newest record last changed (its `updatedAt`), undefined without records: one key read of the listing's index. */
  latestChangeAt(userId: string): Promise<string | undefined>;
}
