import { useMutation } from '@tanstack/react-query';
import type { TransferFundResponse } from '@shared/api/transfers.js';
import { api } from '@/lib/api-client.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';
import { setBalance } from '@/lib/session.js';

export interface TransferFundInput {
  userName: string;
  amount: number;
  /** Idempotency key: a retried confirm never transfers twice. */
  request_id: string;
}

/** POST /auth/transferFund. */
export function transferFund(body: TransferFundInput): Promise<TransferFundResponse> {
  return api<TransferFundResponse>('transferFund', { body });
}

export function useTransferFund() {
  return useMutation({
    mutationFn: transferFund,
    onSuccess: (answer) => {
      if (typeof answer.balance === 'number') setBalance(answer.balance);
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
    },
  });
}
