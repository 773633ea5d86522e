import { useMutation } from '@tanstack/react-query';
import type { GenerateAccountsResponse } from '@shared/api/funding.js';
import { api } from '@/lib/api-client.js';
import { getSession, updateUser } from '@/lib/session.js';

/** GET /auth/generateAcc: reserves the user's bank accounts (or returns the existing ones). */
export function generateReservedAccounts(): Promise<GenerateAccountsResponse> {
  return api<GenerateAccountsResponse>('generateReservedAccounts');
}

export function useGenerateReservedAccounts() {
  return useMutation({
    mutationFn: generateReservedAccounts,
    onSuccess: (answer) => {
      const user = getSession()?.user;
      if (user && Array.isArray(answer.accountNumbers)) updateUser({ ...user, accountNumbers: answer.accountNumbers });
    },
  });
}
