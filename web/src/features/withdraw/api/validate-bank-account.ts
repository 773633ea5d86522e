import { useMutation } from '@tanstack/react-query';
import type { ValidateBankAccountResponse } from '@shared/api/withdrawals.js';
import { api } from '@/lib/api-client.js';

/** POST /withdraw/validate {bankName, accountNumber}: the account holder's name. */
export function validateBankAccount(body: { bankName: string; bankCode?: string; accountNumber: string }): Promise<ValidateBankAccountResponse> {
  return api<ValidateBankAccountResponse>('validateBankAccount', { body });
}

export function useValidateBankAccount() {
  return useMutation({ mutationFn: validateBankAccount });
}
