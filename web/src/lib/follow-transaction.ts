import { useQuery } from '@tanstack/react-query';
import type { TransactionResponse, TransactionView } from '@shared/api/transactions.js';
import { OPEN_STATUSES } from '@shared/constants.js';
import { api } from './api-client.js';
import { queryClient, queryKeys } from './query-client.js';

const POLL_MS = 1_500;

export function isOpenStatus(status: string | undefined): boolean {
  return status === undefined || (OPEN_STATUSES as readonly string[]).includes(status);
}

/**
 * Follows one purchase from its receipt until it is final (GET /transaction/{id}, only while
 * open), then refreshes the balance and the transactions once: the receipt on screen waits live.
 */
export function useFollowedTransaction(initial: TransactionView | null) {
  return useQuery({
    queryKey: ['followedTransaction', initial?._id ?? ''],
    enabled: initial !== null,
    initialData: initial ?? undefined,
    initialDataUpdatedAt: 0,
    queryFn: async () => {
      const { transaction } = await api<TransactionResponse>('getTransaction', { params: { id: initial!._id } });
      if (!isOpenStatus(transaction.trans_Status)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
        void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      }
      return transaction;
    },
    refetchInterval: (query) => (query.state.data && !isOpenStatus(query.state.data.trans_Status) ? false : POLL_MS),
  });
}
