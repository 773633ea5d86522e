/**
 * Withdrawals to a bank account: the ₦50 fee (the user is debited the amount and receives
 * amount − 50), the payout reference we send the provider (derived from our transaction id, so a
 * retry can never become a second payment), what a payout status does to an open withdrawal (a
 * failed or reversed payout gives the whole debit back, exactly once), and placing a withdrawal
 * (the request path, ports injected): debit + `processing` record atomically, then the payout queue.
 */
import { ACCOUNT_NUMBER_LENGTH, WITHDRAWAL_FEE_KOBO, WITHDRAWAL_MAX_KOBO, WITHDRAWAL_MIN_KOBO, type TransactionStatus } from '../../../shared/constants.js';
import type { Kobo } from '../../../shared/money.js';
import { isOpen } from '../purchases/purchase-state.js';

export interface Bank {
  name: string;
  code: string;
}

export interface BankAccount {
  bankName: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
}

/** Kept on the withdrawal's transaction record. */
export interface WithdrawalDetails extends BankAccount {
  feeKobo: Kobo;
  /** What the bank account receives (amount − fee). */
  payoutKobo: Kobo;
  /** Sent to the provider as the transfer reference: derived from the transaction id. */
  payoutReference: string;
  recipientCode?: string;
  transferCode?: string;
  /** The provider's last word on the payout. */
  providerStatus?: PayoutStatus;
  /** Set once by the payout delivery that won the right to call the provider. */
  submittedAt?: string;
  lastCheckedAt?: string;
  reason?: string;
}

export interface WithdrawalAmounts {
  debitKobo: Kobo;
  feeKobo: Kobo;
  payoutKobo: Kobo;
}

export type WithdrawalAmountCheck = ({ ok: true } & WithdrawalAmounts) | { ok: false; reason: 'invalid_amount' | 'below_minimum' | 'above_maximum' };

/** ₦50 fee: the wallet is debited the amount, the bank account receives amount − 50. */
export function withdrawalAmounts(amountKobo: Kobo): WithdrawalAmountCheck {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) return { ok: false, reason: 'invalid_amount' };
  if (amountKobo < WITHDRAWAL_MIN_KOBO) return { ok: false, reason: 'below_minimum' };
  if (amountKobo > WITHDRAWAL_MAX_KOBO) return { ok: false, reason: 'above_maximum' };
  return { ok: true, debitKobo: amountKobo, feeKobo: WITHDRAWAL_FEE_KOBO, payoutKobo: amountKobo - WITHDRAWAL_FEE_KOBO };
}

const ACCOUNT_NUMBER = new RegExp(`^\\d{${ACCOUNT_NUMBER_LENGTH}}$`);
export function isAccountNumber(value: string): boolean {
  return ACCOUNT_NUMBER.test(value);
}

/**
 * The provider's transfer reference for a withdrawal: our transaction id in lower case (Paystack
 * accepts a–z, 0–9, - and _; our ids are case-insensitive Crockford base-32), so it is the same
 * on every retry and re-query.
 */
export function payoutReferenceFor(transactionId: string): string {
  return transactionId.toLowerCase();
}

const PAYOUT_REFERENCE = /^[0-9a-hjkmnp-tv-z]{26}$/;
/** The transaction a payout reference names; undefined for references that are not ours. */
export function transactionIdOfPayoutReference(reference: string): string | undefined {
  return PAYOUT_REFERENCE.test(reference) ? reference.toUpperCase() : undefined;
}

/** A bank picked by name (as the screen sends it) or by code. */
export function findBank(banks: readonly Bank[], input: { bankName?: string; bankCode?: string }): Bank | undefined {
  const code = input.bankCode?.trim();
  if (code) {
    const byCode = banks.find((bank) => bank.code === code);
    if (byCode) return byCode;
  }
  const name = input.bankName?.trim().toLowerCase();
  return name ? banks.find((bank) => bank.name.toLowerCase() === name) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Payout outcomes

/** A payout as the provider reports it. `not_found`: the provider never received it. */
export type PayoutStatus = 'success' | 'failed' | 'reversed' | 'pending' | 'not_found' | 'unknown';

export function paystackTransferStatus(value: unknown): PayoutStatus {
  switch (String(value ?? '').toLowerCase()) {
    case 'success':
      return 'success';
    case 'failed':
    case 'rejected':
    case 'abandoned':
    case 'blocked':
      return 'failed';
    case 'reversed':
      return 'reversed';
    case 'pending':
    case 'otp':
    case 'received':
    case 'queued':
    case 'processing':
      return 'pending';
    default:
      return 'unknown';
  }
}

export type PayoutDecision =
  | { kind: 'settle_success' }
  | { kind: 'refund' }
  /** The provider does not know it and it is still ours: send it (again) under the same reference. */
  | { kind: 'submit' }
  | { kind: 'wait' }
  | { kind: 'nothing'; reason: 'already_final' | 'no_change' };

/**
 * What a payout status does to a withdrawal in `status`:
 *  - success → success, while open;
 *  - failed → refund, while open (a success is not taken back on a "failed");
 *  - reversed → refund, while open or after success (the bank sent the money back);
 *  - not found at the provider → submit again under the same reference, while open;
 *  - pending / unknown → wait.
 */
export function decidePayout(status: TransactionStatus, payout: PayoutStatus): PayoutDecision {
  const open = isOpen(status);
  switch (payout) {
    case 'success':
      return open ? { kind: 'settle_success' } : { kind: 'nothing', reason: 'already_final' };
    case 'failed':
      return open ? { kind: 'refund' } : { kind: 'nothing', reason: 'already_final' };
    case 'reversed':
      return open || status === 'success' ? { kind: 'refund' } : { kind: 'nothing', reason: 'already_final' };
    case 'not_found':
      return open ? { kind: 'submit' } : { kind: 'nothing', reason: 'already_final' };
    case 'pending':
    case 'unknown':
      return open ? { kind: 'wait' } : { kind: 'nothing', reason: 'no_change' };
  }
}
