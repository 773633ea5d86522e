/**
 * Withdrawals to a bank account: the ₦50 fee (the user is debited the amount and receives
 * amount − 50), the payout reference we send the provider (derived from our transaction id, so a
 * retry can never become a second payment), what a payout status does to an open withdrawal (a
 * failed or reversed payout gives the whole debit back, exactly once), and placing a withdrawal
 * (the request path, ports injected): debit + `processing` record atomically, then the payout queue.
 */
import { ACCOUNT_NUMBER_LENGTH, WITHDRAWAL_FEE_KOBO, WITHDRAWAL_MAX_KOBO, WITHDRAWAL_MIN_KOBO, type TransactionStatus, type UserType } from '../../shared/constants.js';
import { formatNaira, type Kobo } from '../../shared/money.js';
import type { Ledger } from '../ports/ledger.js';
import type { PayoutQueue } from '../ports/payments.js';
import { isOpen } from './purchase-state.js';
import type { Logger } from './settlement.js';
import { derivedId, type TransactionDraft, type TransactionRecord } from './transactions.js';

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

// ---------------------------------------------------------------------------------------------
// The debit

export function withdrawalDraft(input: {
  id: string;
  user: { userId: string; userName: string; userType: UserType };
  account: BankAccount;
  amounts: WithdrawalAmounts;
  requestFingerprint: string;
  now: Date;
}): TransactionDraft {
  const nowIso = input.now.toISOString();
  const { account, amounts } = input;
  return {
    id: input.id,
    userId: input.user.userId,
    trans_UserName: input.user.userName,
    userType: input.user.userType,
    trans_Type: 'withdrawal',
    trans_Status: 'processing',
    trans_Network: account.bankName,
    phone_number: account.accountNumber,
    amountKobo: amounts.debitKobo,
    volume: formatNaira(amounts.payoutKobo),
    profitKobo: amounts.feeKobo,
    description: `Withdrawal of ${formatNaira(amounts.payoutKobo)} to ${account.accountName}, ${account.bankName} ${account.accountNumber} (fee ${formatNaira(amounts.feeKobo)})`,
    requestFingerprint: input.requestFingerprint,
    withdrawal: { ...account, feeKobo: amounts.feeKobo, payoutKobo: amounts.payoutKobo, payoutReference: payoutReferenceFor(input.id) },
    createdAt: nowIso,
    updatedAt: nowIso,
  };
}

// ---------------------------------------------------------------------------------------------
// Placing a withdrawal

export interface WithdrawalInput {
  user: { userId: string; userName: string; userType: UserType };
  amountKobo: Kobo;
  /**
   * The account paid, asked for only once the amount is acceptable: a wrong amount is named
   * before the bank is looked up (which may ask the provider, or be refused itself).
   */
  account(): Promise<BankAccount>;
  /** Client idempotency key: the same key never debits twice. */
  requestId?: string;
}

export interface WithdrawalDeps {
  ledger: Pick<Ledger, 'debit'>;
  queue: PayoutQueue;
  newId(): string;
  now(): Date;
  log: Logger;
}

export type WithdrawalResult =
  | { kind: 'accepted'; record: TransactionRecord; amounts: WithdrawalAmounts; enqueued: boolean }
  | { kind: 'replayed'; record: TransactionRecord; amounts: WithdrawalAmounts }
  | { kind: 'invalid_amount' | 'below_minimum' | 'above_maximum' }
  | { kind: 'insufficient_balance' }
  | { kind: 'exists_with_different_amount' | 'exists_with_different_details' };

/** A client's request_id names one withdrawal per user: retries map to the same record, hence the same debit. */
export function withdrawalIdForRequest(userId: string, requestId: string): string {
  return derivedId('withdrawal-request', userId, requestId);
}

export async function placeWithdrawal(input: WithdrawalInput, deps: WithdrawalDeps): Promise<WithdrawalResult> {
  const checked = withdrawalAmounts(input.amountKobo);
  if (!checked.ok) return { kind: checked.reason };
  const amounts: WithdrawalAmounts = { debitKobo: checked.debitKobo, feeKobo: checked.feeKobo, payoutKobo: checked.payoutKobo };
  const account = await input.account();
  const draft = withdrawalDraft({
    id: input.requestId ? withdrawalIdForRequest(input.user.userId, input.requestId) : deps.newId(),
    user: input.user,
    account,
    amounts,
    // A replay to another account is refused, not paid there.
    requestFingerprint: `withdrawal:${account.bankCode}:${account.accountNumber}`,
    now: deps.now(),
  });
  const posted = await deps.ledger.debit(draft);
  switch (posted.kind) {
    case 'posted':
      return { kind: 'accepted', record: posted.record, amounts, enqueued: await enqueue(posted.record.id, deps) };
    case 'replayed':
      return { kind: 'replayed', record: posted.record, amounts };
    case 'insufficient_balance':
      return { kind: 'insufficient_balance' };
    case 'exists_with_different_amount':
    case 'exists_with_different_details':
      return { kind: posted.kind };
  }
}

/** The debit stands either way: a withdrawal left `processing` is submitted by the sweeper or an admin's re-query. */
async function enqueue(transactionId: string, deps: WithdrawalDeps): Promise<boolean> {
  try {
    await deps.queue.enqueue(transactionId);
    return true;
  } catch (error) {
    deps.log.error('withdrawal not handed to the payout queue', { transactionId, error: String(error) });
    return false;
  }
}
