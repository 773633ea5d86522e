/**
 * The withdrawal's two steps: the bank and account number, as the API
 * reads them (shared/api/withdrawals.ts), then the amount within the withdrawal limits and the
 * balance. What the account receives is the amount less the ₦50 fee.
 */
import { z } from 'zod';
import { positiveNairaInKobo } from '@shared/api/common.js';
import { validateBankAccountRequest } from '@shared/api/withdrawals.js';
import { WITHDRAWAL_FEE_KOBO, WITHDRAWAL_MAX_KOBO, WITHDRAWAL_MIN_KOBO } from '@shared/constants.js';
import { MONEY_MSG, MSG } from '@shared/messages.js';
import type { Kobo } from '@shared/money.js';
import { bare, filled } from '@/lib/forms.js';
import { koboToApiNaira } from '@/lib/money.js';

/** The bank is picked by its name (the code comes back from validation); the account number is the API's own rule. */
export const accountForm = z.object({ bankName: filled(MONEY_MSG.selectBank), accountNumber: bare(validateBankAccountRequest).shape.accountNumber });
export type AccountFormValues = z.input<typeof accountForm>;
export const ACCOUNT_FIELD_ORDER = ['bankName', 'accountNumber'] as const;

/**
 * The amount, by withdrawRequest's own rule (positiveNairaInKobo; withdrawRequest's type does not
 * expose its shape), within the withdrawal limits, then no more than the balance.
 */
export function withdrawAmountForm(balanceKobo: Kobo) {
  return z.object({
    amount: positiveNairaInKobo.pipe(
      z
        .number()
        .min(WITHDRAWAL_MIN_KOBO, MONEY_MSG.minimumWithdrawal)
        .max(WITHDRAWAL_MAX_KOBO, MONEY_MSG.maximumWithdrawal)
        .max(balanceKobo, MSG.insufficientBalance),
    ),
  });
}
export type WithdrawAmountFormValues = z.input<ReturnType<typeof withdrawAmountForm>>;

/** What the bank account receives: the amount less the ₦50 fee. */
export function amountToReceiveKobo(amountKobo: Kobo): Kobo {
  return Math.max(0, amountKobo - WITHDRAWAL_FEE_KOBO);
}

export interface ValidatedAccount {
  bankName: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
}

/** POST /withdraw's body (naira); the request_id makes a retried confirm never withdraw twice. */
export interface WithdrawBody extends ValidatedAccount {
  bankAccountName: string;
  amount: number;
  request_id: string;
}

/** What is sent for the validated account: the amount back in naira, as the API takes it. */
export function withdrawBody(account: ValidatedAccount, amountKobo: Kobo, requestId: string): WithdrawBody {
  return { ...account, bankAccountName: account.accountName, amount: koboToApiNaira(amountKobo), request_id: requestId };
}
