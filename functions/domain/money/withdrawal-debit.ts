/**
 * Placing a withdrawal (the use case, next to placeAirtimePurchase's kind) and its debit as a
 * transaction draft: the whole amount leaves the wallet, the fee is the profit, and the payout
 * reference is fixed by the transaction id. Not in withdrawals.ts: the transaction record holds
 * WithdrawalDetails, so withdrawals.ts must not depend on the record in turn (no import cycle).
 */
import type { UserType } from '../../../shared/constants.js';
import { formatNaira, type Kobo } from '../../../shared/money.js';
import type { Ledger } from '../wallet/ledger-port.js';
import { derivedId } from '../ids.js';
import type { TransactionDraft, TransactionRecord } from '../transactions/transactions.js';
import { payoutReferenceFor, withdrawalAmounts, type BankAccount, type WithdrawalAmounts } from './withdrawals.js';

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
  newId(): string;
  now(): Date;
}

export type WithdrawalResult =
  | { kind: 'accepted'; record: TransactionRecord; amounts: WithdrawalAmounts }
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
      // The record's insert is the hand-off: the table's stream gives it to the payout queue.
      return { kind: 'accepted', record: posted.record, amounts };
    case 'replayed':
      return { kind: 'replayed', record: posted.record, amounts };
    case 'insufficient_balance':
      return { kind: 'insufficient_balance' };
    case 'exists_with_different_amount':
    case 'exists_with_different_details':
      return { kind: posted.kind };
  }
}
