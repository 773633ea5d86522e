import { useQuery } from '@tanstack/react-query';
import type { BeneficiaryListResponse } from '@shared/api/withdrawals.js';
import { api } from '@/lib/api-client.js';

export const beneficiariesKey = ['beneficiaries'] as const;

/** GET /withdraw/beneficiary. */
export function listBeneficiaries(signal?: AbortSignal): Promise<BeneficiaryListResponse> {
  return api<BeneficiaryListResponse>('listBeneficiaries', { signal });
}

export function useBeneficiaries() {
  return useQuery({ queryKey: beneficiariesKey, queryFn: ({ signal }) => listBeneficiaries(signal) });
}
