import { useQuery } from '@tanstack/react-query';
import type { TransactionListResponse, TransactionView } from '@shared/api/transactions.js';
import { api } from '@/lib/api-client.js';
import { queryKeys } from '@/lib/query-client.js';
import { groupBatchLines, type TransactionGroup } from '@/lib/transaction-labels.js';

/** How many of the newest transactions the dashboard lists (a bulk batch with its lines counts as one). */
export const RECENT_TRANSACTIONS = 5;

/**
 * The newest transactions, for the dashboard. Under the transactions key, so every purchase,
 * refund or funding that refreshes the transactions refreshes this list too.
 */
export function useRecentTransactions() {
  return useQuery({
    queryKey: [...queryKeys.transactions, 'recent'],
    queryFn: async ({ signal }): Promise<TransactionGroup<TransactionView>[]> => {
      const page = await api<TransactionListResponse>('listTransactions', { query: { page: 1 }, signal });
      return groupBatchLines(page.transactions).slice(0, RECENT_TRANSACTIONS);
    },
    staleTime: 5_000,
  });
}
