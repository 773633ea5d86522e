import { useMutation } from '@tanstack/react-query';
import type { FloatThresholdsRequest, FloatTopUpRequest } from '@shared/api/money-desk-floats.js';
import { api } from '@/lib/api-client.js';
import { FLOATS_KEY } from '@/lib/floats-api.js';
import { queryClient } from '@/lib/query-client.js';

/** POST /admin/money-desk/floats/{supplier}/thresholds: below either, the float is low. */
export function useSaveThresholds() {
  return useMutation({
    mutationFn: ({ supplier, ...body }: FloatThresholdsRequest & { supplier: string }) =>
      api<{ msg: string }>('setFloatThresholds', { params: { supplier }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLOATS_KEY }),
  });
}

/** POST /admin/money-desk/floats/{supplier}/topups: money sent to the supplier account (once per date and reference). */
export function useRecordTopUp() {
  return useMutation({
    mutationFn: ({ supplier, ...body }: FloatTopUpRequest & { supplier: string }) =>
      api<{ msg: string; balanceRead: boolean }>('recordFloatTopUp', { params: { supplier }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLOATS_KEY }),
  });
}
