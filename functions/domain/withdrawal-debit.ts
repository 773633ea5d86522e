/**
 * The withdrawal's debit as a transaction draft: the whole amount leaves the wallet, the fee is
 * the profit, and the payout reference is fixed by the transaction id. Not in withdrawals.ts: the
 * transaction record holds WithdrawalDetails, so withdrawals.ts must not depend on the record in
 * turn (no import cycle).
 */
import type { UserType } from '../../shared/constants.js';
import { formatNaira, type Kobo } from '../../shared/money.js';
import type { TransactionDraft } from './transactions.js';
import { payoutReferenceFor, type BankAccount } from './withdrawals.js';

export function withdrawalDraft(input: {
  id: string;
  user: { userId: string; userName: string; userType: UserType };
  account: BankAccount;
  amounts: { debitKobo: Kobo; feeKobo: Kobo; payoutKobo: Kobo };
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
