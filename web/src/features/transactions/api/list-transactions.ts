import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { OPEN_STATUSES } from '@shared/constants.js';
import type { TransactionListResponse } from '@shared/api/transactions.js';
import { api } from '@/lib/api-client.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';

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

/** While a purchase on screen is still processing or pending, the list refreshes on its own. */
const OPEN_REFRESH_MS = 3_000;

export function listTransactions(filters: TransactionFilters, signal?: AbortSignal): Promise<TransactionListResponse> {
  const query = { ...filters, type: filters.type === 'all' ? undefined : filters.type, status: filters.status === 'all' ? undefined : filters.status, userType: filters.userType === 'all' ? undefined : filters.userType };
  return api<TransactionListResponse>('listTransactions', { query, signal });
}

export function useTransactions(filters: TransactionFilters) {
  const query = useQuery({
    queryKey: [...queryKeys.transactions, filters],
    queryFn: ({ signal }) => listTransactions(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => {
      const list = query.state.data?.transactions ?? [];
      return list.some((t) => OPEN_STATUSES.includes(t.trans_Status)) ? OPEN_REFRESH_MS : false;
    },
  });

  // A purchase that was open and is now final may have moved the balance (a refund): re-read the user.
  const openIds = useRef(new Set<string>());
  useEffect(() => {
    const list = query.data?.transactions ?? [];
    const settled = list.some((t) => openIds.current.has(t._id) && !OPEN_STATUSES.includes(t.trans_Status));
    openIds.current = new Set(list.filter((t) => OPEN_STATUSES.includes(t.trans_Status)).map((t) => t._id));
    if (settled) void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  }, [query.data]);

  return query;
}
