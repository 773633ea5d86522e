/** Ports to the stores of money in and out: provider webhooks, funding, withdrawals, transfers, earnings. */
import type { UserType } from '../../../shared/constants.js';
import type { PaymentProvider } from '../../../shared/events.js';
import type { InWriteAudit } from '../back-office/audit.js';
import type { Earnings, Referral } from './earnings.js';
import type { PaymentIntent, ReservedAccount } from './funding.js';
import type { TransactionDraft, TransactionRecord } from '../transactions/transactions.js';
import type { BankAccount, PayoutStatus, WithdrawalDetails } from './withdrawals.js';

// ---------------------------------------------------------------------------------------------
// Providers' webhooks

export type ProviderEventStatus = 'received' | 'processed' | 'ignored';

export interface ProviderEvent {
  provider: PaymentProvider;
  eventKey: string;
  eventType: string;
  rawBody: string;
  receivedAt: string;
  deliveries: number;
  status: ProviderEventStatus;
  outcome?: string;
  processedAt?: string;
}

export type ReceiveResult = { kind: 'new' } | { kind: 'duplicate'; status: ProviderEventStatus };

export interface ProviderEventStore {
  /** Stores a webhook the first time its key is seen; counts repeats. */
  receive(input: { provider: PaymentProvider; eventKey: string; eventType: string; rawBody: string; now: Date }): Promise<ReceiveResult>;
  get(provider: PaymentProvider, eventKey: string): Promise<ProviderEvent | undefined>;
  finish(provider: PaymentProvider, eventKey: string, status: Exclude<ProviderEventStatus, 'received'>, outcome: string, now: Date): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Funding

export type FundingCreditResult =
  | { kind: 'credited'; record: TransactionRecord }
  | { kind: 'already_credited'; record: TransactionRecord | undefined }
  /** The intent is missing or belongs to someone else: nothing was written. */
  | { kind: 'intent_mismatch' };

export interface FundingStore {
  createIntent(intent: PaymentIntent): Promise<void>;
  setIntentLink(provider: PaymentProvider, reference: string, checkoutUrl: string, now: Date): Promise<void>;
  getIntent(provider: PaymentProvider, reference: string): Promise<PaymentIntent | undefined>;
  /** Credits once per draft id; for a card payment the intent is marked credited in the same write. */
  credit(draft: TransactionDraft, intent?: { provider: PaymentProvider; reference: string }): Promise<FundingCreditResult>;
  /** Keeps the first set of reserved accounts a user gets; answers the set in force. */
  saveReservedAccounts(userId: string, accounts: ReservedAccount[], now: Date): Promise<ReservedAccount[]>;
}

// ---------------------------------------------------------------------------------------------
// Withdrawals

export type WithdrawalRecord = TransactionRecord & { withdrawal: WithdrawalDetails };

export type WithdrawalRefundResult =
  | { kind: 'refunded'; withdrawal: WithdrawalRecord; refund: TransactionRecord }
  | { kind: 'already_refunded'; withdrawal: WithdrawalRecord }
  | { kind: 'not_refundable'; withdrawal: WithdrawalRecord }
  | { kind: 'not_found' };

export interface PayoutProgress {
  recipientCode?: string;
  transferCode?: string;
  providerStatus: PayoutStatus;
  reason?: string;
  /** The provider holds the transfer now: `processing` → `pending`. */
  acceptedByProvider: boolean;
}

export interface Beneficiary extends BankAccount {
  createdAt: string;
}

export interface WithdrawalStore {
  get(id: string): Promise<WithdrawalRecord | undefined>;
  /** Ids of withdrawals still open that were opened before the given moment, oldest first. */
  listOpen(openedBefore: Date, limit: number): Promise<string[]>;
  claimSubmission(id: string, previousSubmittedAt: string | undefined, now: Date): Promise<boolean>;
  recordProgress(id: string, progress: PayoutProgress, now: Date): Promise<boolean>;
  settleSuccess(id: string, transferCode: string | undefined, now: Date): Promise<WithdrawalRecord | undefined>;
  refund(id: string, input: { reason: string; payoutStatus: PayoutStatus; afterSuccess: boolean; now: Date }): Promise<WithdrawalRefundResult>;
  listBeneficiaries(userId: string): Promise<Beneficiary[]>;
  saveBeneficiary(userId: string, account: BankAccount, now: Date): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Transfers

/** The sender's debit and the receiver's credit of one transfer, written together. */
export interface TransferDrafts {
  debit: TransactionDraft;
  credit: TransactionDraft;
}

export type TransferWriteResult =
  | { kind: 'posted'; debit: TransactionRecord; credit: TransactionRecord }
  | { kind: 'replayed'; debit: TransactionRecord }
  | { kind: 'insufficient_balance'; balanceKobo: number }
  | { kind: 'exists_with_different_details'; existing: TransactionRecord };

/** What a transfer changed: both records, with each wallet's balance before and after. */
export interface TransferChange {
  debit: TransactionRecord;
  credit: TransactionRecord;
}

/** Debit, credit and both records in one atomic write (with an operator's audit entry, when given); the debit's id is the idempotency key. */
export type WalletTransfer = (drafts: TransferDrafts, audit?: InWriteAudit<TransferChange>) => Promise<TransferWriteResult>;

// ---------------------------------------------------------------------------------------------
// Earnings

export type RewardResult = { kind: 'rewarded' } | { kind: 'already_rewarded' };
export type WithdrawEarningsResult = { kind: 'withdrawn'; record: TransactionRecord; earnings: Earnings } | { kind: 'nothing_to_withdraw' };

export interface EarningsStore {
  get(userId: string): Promise<Earnings>;
  listReferrals(userId: string): Promise<Referral[]>;
  reward(input: { referrerId: string; referred: { userId: string; userName: string }; amountKobo: number; rewardId: string; now: Date }): Promise<RewardResult>;
  withdraw(user: { userId: string; userName: string; userType: UserType }, newId: () => string, now: () => Date): Promise<WithdrawEarningsResult>;
}
