import { useMutation } from '@tanstack/react-query';
import type { TransferFundResponse } from '@shared/api/transfers.js';
import { api } from '@/lib/api-client.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';
import { setBalance } from '@/lib/session.js';
import type { TransferFundBody } from '../lib/transfer-form.js';

/** POST /auth/transferFund; the request_id makes a retried confirm never transfer twice. */
export function transferFund(body: TransferFundBody): Promise<TransferFundResponse> {
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
