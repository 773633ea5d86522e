import { ACCOUNT_NUMBER_LENGTH, WITHDRAWAL_FEE_KOBO, WITHDRAWAL_MAX_KOBO, WITHDRAWAL_MIN_KOBO } from '@shared/constants.js';
import { MONEY_MSG, MSG } from '@shared/messages.js';
import type { Kobo } from '@shared/money.js';

/** The first problem with the bank and account number (validation step), or null. */
export function accountProblem(bankCode: string, accountNumber: string): string | null {
  const number = accountNumber.trim();
  if (!bankCode) return MONEY_MSG.selectBank;
  if (!number) return MSG.enterAccountNumber;
  if (number.length !== ACCOUNT_NUMBER_LENGTH || !/^\d+$/.test(number)) return MONEY_MSG.invalidAccountNumber;
  return null;
}

/** The first problem with the amount (withdraw step), or null. */
export function amountProblem(amountKobo: Kobo | null, balanceKobo: Kobo): string | null {
  if (amountKobo === null || amountKobo <= 0) return MSG.enterValidAmount;
  if (amountKobo < WITHDRAWAL_MIN_KOBO) return MONEY_MSG.minimumWithdrawal;
  if (amountKobo > WITHDRAWAL_MAX_KOBO) return MONEY_MSG.maximumWithdrawal;
  if (amountKobo > balanceKobo) return MSG.insufficientBalance;
  return null;
}

/** What the bank account receives: the amount less the ₦50 fee. */
export function amountToReceiveKobo(amountKobo: Kobo): Kobo {
  return Math.max(0, amountKobo - WITHDRAWAL_FEE_KOBO);
}
