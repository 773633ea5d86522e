/** Withdrawals to a bank account, with saved beneficiaries. */
import { z } from 'zod';
import { ACCOUNT_NUMBER_LENGTH } from '../constants.js';
import { MONEY_MSG, MSG } from '../messages.js';
import { positiveNairaInKobo, requestId } from './common.js';
import { plainText } from './text.js';
import type { TransactionView } from './transactions.js';

export interface BankView {
  name: string;
  code: string;
}

/**
 * GET /withdraw/bankCodes: the bank names, as existing clients map them into their bank picker;
 * a bank's code comes back from POST /withdraw/validate.
 */
export type BankCodesResponse = string[];

const accountNumber = z
  .union([z.string(), z.number()], { required_error: MSG.enterAccountNumber, invalid_type_error: MSG.enterAccountNumber })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .min(1, MSG.enterAccountNumber)
      .regex(new RegExp(`^\\d{${ACCOUNT_NUMBER_LENGTH}}$`), MONEY_MSG.invalidAccountNumber),
  );

/** An optional field of plain text (shared/api/text.ts), `label` naming it when refused; blank is undefined. */
const optionalText = (label: string, max: number) =>
  plainText(label)
    .pipe(z.string().max(max))
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

/** POST /withdraw/validate {bankName, accountNumber} (bankCode accepted too). */
export const validateBankAccountRequest = z
  .object({ accountNumber, bankName: optionalText('Bank name', 100), bankCode: optionalText('Bank code', 20) })
  .refine((v) => v.bankName || v.bankCode, { message: MONEY_MSG.selectBank, path: ['bankName'] });

export interface ValidateBankAccountResponse {
  msg: string;
  /** The account holder's name as the bank knows it. */
  name: string;
  /** The bank's code. */
  code: string;
  bankName: string;
  accountNumber: string;
}

/** A bank account: the holder's name is `bankAccountName` (the validated name) or `accountName`. */
const bankAccountFields = {
  accountNumber,
  bankName: optionalText('Bank name', 100),
  bankCode: optionalText('Bank code', 20),
  bankAccountName: optionalText('Account name', 100),
  accountName: optionalText('Account name', 100),
};

const withAccount = <T extends { bankName?: string; bankCode?: string; bankAccountName?: string; accountName?: string }>(
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
) =>
  schema
    .refine((v) => v.bankName || v.bankCode, { message: MONEY_MSG.selectBank, path: ['bankName'] })
    .refine((v) => v.bankAccountName || v.accountName, { message: MONEY_MSG.enterAccountName, path: ['accountName'] });

/** POST /withdraw {bankName, accountNumber, amount, bankCode, bankAccountName, accountName}. */
export const withdrawRequest = withAccount(
  z.object({
    ...bankAccountFields,
    amount: positiveNairaInKobo,
    /** Optional client idempotency key: the same key never withdraws twice. */
    request_id: requestId,
  }),
);
export type WithdrawRequest = z.infer<typeof withdrawRequest>;

export interface WithdrawResponse {
  msg: string;
  /** The `withdrawal` record (trans_amount: debited; trans_volume: what the account receives). */
  receipt: TransactionView;
  /** Balance after the debit (naira). */
  balance: number;
  /** What the bank account receives (amount − ₦50). */
  amountToReceive: number;
  fee: number;
}

/** POST /withdraw/beneficiary: same fields as a withdrawal, without the amount. */
export const addBeneficiaryRequest = withAccount(z.object(bankAccountFields));

export interface BeneficiaryView {
  accountName: string;
  accountNumber: string;
  bankName: string;
  bankCode: string;
}

/** GET /withdraw/beneficiary (an empty list shows "No beneficiary yet"). */
export interface BeneficiaryListResponse {
  beneficiaryList: BeneficiaryView[];
}

export interface AddBeneficiaryResponse extends BeneficiaryListResponse {
  msg: string;
}

/** POST /admin/reQueryWithdrawal {transactionId}. */
export const reQueryWithdrawalRequest = z.object({
  transactionId: z.string({ required_error: MONEY_MSG.withdrawalNotFound }).trim().min(1, MONEY_MSG.withdrawalNotFound).max(64),
});

export interface ReQueryWithdrawalResponse {
  msg: string;
  /** What the re-query did: paid, refunded, pending, already_final, claimed_elsewhere, no_change. */
  action: string;
  transaction: TransactionView;
}
