import { useQuery } from '@tanstack/react-query';
import type { TransactionListResponse, TransactionView } from '@shared/api/transactions.js';
import { api } from '@/lib/api-client.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';

const OPEN = new Set(['processing', 'pending']);
const POLL_MS = 1_500;

/** The purchase as the transactions listing shows it now (token, units and customer once delivered). */
export async function fetchElectricityPurchase(id: string, meterNumber: string): Promise<TransactionView | null> {
  const page = await api<TransactionListResponse>('listTransactions', { query: { type: 'electricity', phoneNumber: meterNumber } });
  return page.transactions.find((t) => t._id === id) ?? null;
}

/**
 * Follows one purchase until it is final: the token comes from the supplier after the purchase is
 * accepted, so the receipt refreshes itself while it is open, then refreshes the balance once.
 */
export function useElectricityPurchase(initial: TransactionView | null) {
  return useQuery({
    queryKey: ['electricityPurchase', initial?._id ?? ''],
    enabled: initial !== null,
    initialData: initial ?? undefined,
    initialDataUpdatedAt: 0,
    queryFn: async () => {
      const found = (await fetchElectricityPurchase(initial!._id, initial!.phone_number)) ?? initial!;
      if (!OPEN.has(found.trans_Status)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
        void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      }
      return found;
    },
    refetchInterval: (query) => (query.state.data && !OPEN.has(query.state.data.trans_Status) ? false : POLL_MS),
  });
}

export function isOpenPurchase(status: string | undefined): boolean {
  return status === undefined || OPEN.has(status);
}
