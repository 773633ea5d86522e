import { useQuery } from '@tanstack/react-query';
import type { BankCodesResponse } from '@shared/api/withdrawals.js';
import { api } from '@/lib/api-client.js';

/** GET /withdraw/bankCodes: the banks a withdrawal can go to. */
export function listBankCodes(signal?: AbortSignal): Promise<BankCodesResponse> {
  return api<BankCodesResponse>('listBankCodes', { signal });
}

export function useBankCodes() {
  return useQuery({ queryKey: ['bankCodes'], queryFn: ({ signal }) => listBankCodes(signal), staleTime: 60 * 60_000 });
}
