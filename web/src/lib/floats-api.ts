import { useQuery } from '@tanstack/react-query';
import { MONEY_DESK_SCHEDULE_MINUTES, type FloatsResponse } from '@shared/api/money-desk-floats.js';
import { api } from '@/lib/api-client.js';

/** The floats answer's cache key: the floats page, the low-float banner and the reconciliation's supplier list share it. */
export const FLOATS_KEY = ['adminFloats'] as const;

/** GET /admin/money-desk/floats: each supplier's balance, spend, hours left, thresholds and top-ups. */
export function useFloats() {
  return useQuery({
    queryKey: FLOATS_KEY,
    queryFn: ({ signal }) => api<FloatsResponse>('listFloats', { signal }),
    // The balances are polled every few minutes in the cloud: read again as often, for the low-float banner of an open back office.
    refetchInterval: MONEY_DESK_SCHEDULE_MINUTES * 60_000,
  });
}
