import { useMutation } from '@tanstack/react-query';
import type { AddBeneficiaryResponse } from '@shared/api/withdrawals.js';
import { api } from '@/lib/api-client.js';
import { queryClient } from '@/lib/query-client.js';
import { beneficiariesKey } from './list-beneficiaries.js';

/** POST /withdraw/beneficiary: saves a validated account. */
export function addBeneficiary(body: {
  bankName: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  bankAccountName: string;
}): Promise<AddBeneficiaryResponse> {
  return api<AddBeneficiaryResponse>('addBeneficiary', { body });
}

export function useAddBeneficiary() {
  return useMutation({
    mutationFn: addBeneficiary,
    onSuccess: (answer) => {
      if (Array.isArray(answer.beneficiaryList)) queryClient.setQueryData(beneficiariesKey, { beneficiaryList: answer.beneficiaryList });
      else void queryClient.invalidateQueries({ queryKey: beneficiariesKey });
    },
  });
}
