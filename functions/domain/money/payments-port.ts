/**
 * Ports to the outside parties of money in and out: card payments (Squad), reserved bank
 * accounts (Monnify), payouts and account-name look-up (Paystack), identity checks (Prembly).
 * Adapters never throw for provider trouble: every answer — including none — is a named result.
 */
import type { VerificationMethod } from '../../../shared/constants.js';
import type { ProviderEventMessage } from '../../../shared/events.js';
import type { Kobo } from '../../../shared/money.js';
import type { ReservedAccount, VerifiedPayment, VerifiedTransfer } from './funding.js';
import type { Bank, PayoutStatus } from './withdrawals.js';

/** The provider refused (4xx, "status": false): nothing happened there. */
export interface Rejected {
  kind: 'rejected';
  detail: string;
}
/** No usable answer (timeout, 5xx, garbage, missing credentials): it may or may not have happened. */
export interface Unavailable {
  kind: 'unavailable';
  detail: string;
}

export interface CardPayments {
  initiate(input: {
    reference: string;
    amountKobo: Kobo;
    email: string;
    callbackUrl: string;
    customerName: string;
  }): Promise<{ kind: 'created'; checkoutUrl: string } | Rejected | Unavailable>;
  verify(reference: string): Promise<{ kind: 'found'; payment: VerifiedPayment } | { kind: 'not_found' } | Unavailable>;
}

export interface ReservedAccounts {
  /** Reserves (or, when the reference already has them, returns) one account per bank for a customer. */
  reserve(input: {
    accountReference: string;
    accountName: string;
    customerEmail: string;
    customerName: string;
    bvn?: string;
    nin?: string;
  }): Promise<{ kind: 'reserved'; accounts: ReservedAccount[] } | Rejected | Unavailable>;
  verifyTransaction(transactionReference: string): Promise<{ kind: 'found'; transfer: VerifiedTransfer } | { kind: 'not_found' } | Unavailable>;
}

export interface Payouts {
  listBanks(): Promise<{ kind: 'banks'; banks: Bank[] } | Unavailable>;
  resolveAccount(accountNumber: string, bankCode: string): Promise<{ kind: 'resolved'; accountName: string } | { kind: 'not_found' } | Unavailable>;
  createRecipient(input: {
    name: string;
    accountNumber: string;
    bankCode: string;
  }): Promise<{ kind: 'created'; recipientCode: string } | Rejected | Unavailable>;
  /** A transfer under our own reference; the same reference never pays twice. */
  transfer(input: {
    reference: string;
    amountKobo: Kobo;
    recipientCode: string;
    reason: string;
  }): Promise<{ kind: 'accepted'; status: PayoutStatus; transferCode?: string } | Rejected | Unavailable>;
  verifyTransfer(
    reference: string,
  ): Promise<{ kind: 'found'; status: PayoutStatus; transferCode?: string; amountKobo: Kobo } | { kind: 'not_found' } | Unavailable>;
}

export interface IdentityVerifier {
  verify(method: VerificationMethod, number: string): Promise<{ kind: 'match'; fullName: string } | { kind: 'no_match' } | Unavailable>;
}

/** Hand-offs of money in and out (SQS). Both throw when the queue did not accept the message. */
export interface ProviderEventQueue {
  /** Asks the provider-events consumer to process a stored, signature-checked webhook. */
  enqueue(message: ProviderEventMessage): Promise<void>;
}

export interface PayoutQueue {
  /** Asks the payout consumer to pay a withdrawal out. */
  enqueue(transactionId: string): Promise<void>;
}
