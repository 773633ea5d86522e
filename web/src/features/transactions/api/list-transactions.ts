import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { TransactionListResponse, TransactionResponse } from '@shared/api/transactions.js';
import { LISTING_COUNTS_LAG_MS } from '@shared/constants.js';
import { api } from '@/lib/api-client.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';
import { transactionsToFollow, withRow } from '../lib/followed-transactions.js';

export interface TransactionFilters {
  page: number;
  type?: string;
  status?: string;
  phoneNumber?: string;
  userName?: string;
  userType?: string;
  /** ISO instants. */
  from?: string;
  to?: string;
}

/** While a purchase on screen is still processing or pending, its status is re-read this often. */
const OPEN_REFRESH_MS = 3_000;
/** While the count may trail the newest change, the page is read again this often (twice within the bound). */
const COUNTS_UPDATING_REFRESH_MS = LISTING_COUNTS_LAG_MS / 2;

export function listTransactions(filters: TransactionFilters, signal?: AbortSignal): Promise<TransactionListResponse> {
  const query = {
    ...filters,
    type: filters.type === 'all' ? undefined : filters.type,
    status: filters.status === 'all' ? undefined : filters.status,
    userType: filters.userType === 'all' ? undefined : filters.userType,
  };
  return api<TransactionListResponse>('listTransactions', { query, signal });
}

/** GET /transaction/{id}: one transaction, a single-item read instead of a whole page. */
export function getTransaction(id: string, signal?: AbortSignal): Promise<TransactionResponse> {
  return api<TransactionResponse>('getTransaction', { params: { id }, signal });
}

export function useTransactions(filters: TransactionFilters) {
  const listKey = [...queryKeys.transactions, filters];
  const query = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => listTransactions(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // The count and a filtered page trail a change by at most LISTING_COUNTS_LAG_MS (summed off the
    // request path): while the answer says so, it is read again until it no longer does.
    refetchInterval: (current) => (current.state.data?.countsUpdating ? COUNTS_UPDATING_REFRESH_MS : false),
  });

  // Only the open rows of the page on screen are followed, each by its own status read; the row
  // is updated in place, and following stops once it is final (it leaves the followed set).
  const followed = query.isPlaceholderData ? [] : transactionsToFollow(query.data?.transactions ?? []);
  useQueries({
    queries: followed.map((id) => ({
      queryKey: [...queryKeys.transactions, 'one', id],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const { transaction } = await getTransaction(id, signal);
        queryClient.setQueryData<TransactionListResponse>(listKey, (page) => page && withRow(page, transaction));
        return transaction;
      },
      // The page was just read: the first status read is one interval later.
      staleTime: OPEN_REFRESH_MS,
      initialData: query.data?.transactions.find((row) => row._id === id),
      initialDataUpdatedAt: query.dataUpdatedAt,
      refetchInterval: OPEN_REFRESH_MS,
    })),
  });

  // A purchase that was open and is now final may have moved the balance (a refund) and the
  // page's totals: re-read the user, and the page once. The effect follows the data only; the page's
  // key (a new array each render) is read when a purchase settles, not a reason to re-run.
  const onSettled = useEffectEvent(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    void queryClient.invalidateQueries({ queryKey: listKey, exact: true });
  });
  const openIds = useRef(new Set<string>());
  useEffect(() => {
    const list = query.data?.transactions ?? [];
    const open = transactionsToFollow(list);
    const settled = list.some((t) => openIds.current.has(t._id) && !open.includes(t._id));
    openIds.current = new Set(open);
    if (settled) onSettled();
  }, [query.data]);

  return query;
}
