import { useMutation, useQuery } from '@tanstack/react-query';
import type { FloatsResponse, FloatThresholdsRequest, FloatTopUpRequest } from '@shared/api/money-desk-floats.js';
import { api } from '@/lib/api-client.js';
import { queryClient } from '@/lib/query-client.js';

const KEY = ['adminFloats'] as const;

/** GET /admin/money-desk/floats: each supplier's balance, spend, hours left, thresholds and top-ups. */
export function useFloats() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api<FloatsResponse>('listFloats', { signal }) });
}

/** POST /admin/money-desk/floats/{supplier}/thresholds: below either, the float is low. */
export function useSaveThresholds() {
  return useMutation({
    mutationFn: ({ supplier, ...body }: FloatThresholdsRequest & { supplier: string }) =>
      api<{ msg: string }>('setFloatThresholds', { params: { supplier }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST /admin/money-desk/floats/{supplier}/topups: money sent to the supplier account (once per date and reference). */
export function useRecordTopUp() {
  return useMutation({
    mutationFn: ({ supplier, ...body }: FloatTopUpRequest & { supplier: string }) =>
      api<{ msg: string; balanceRead: boolean }>('recordFloatTopUp', { params: { supplier }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
