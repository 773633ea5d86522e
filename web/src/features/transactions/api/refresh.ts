import { queryClient, queryKeys } from '@/lib/query-client.js';

/** After an operator moved money on a transaction: the list shows its new status, and the balances shown follow. */
export function refreshTransactionsAndBalance(): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
  void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
}
