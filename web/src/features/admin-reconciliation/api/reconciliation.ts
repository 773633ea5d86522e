import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReconciliationResponse, SettleDiscrepancyResponse } from '@shared/api/money-desk-floats.js';
import { api, apiFile } from '@/lib/api-client.js';
import { queryClient } from '@/lib/query-client.js';
import type { RequestedRun } from '../lib/reconciliation.js';

const KEY = ['admin', 'reconciliation'] as const;
/** While a run is going: the report is read again this often (a run is a queue of pages, seconds apart). */
export const RUN_POLL_MS = 1_500;
/** A run started longer ago than this and still not complete is not polled for by itself. */
const RECENT_RUN_MS = 10 * 60_000;

/** A discrepancy's address: its day, its supplier and its request id. */
export interface DiscrepancyKey {
  day: string;
  supplier: string;
  requestId: string;
}

export interface RunAnswer {
  msg: string;
  day: string;
  runs: RequestedRun[];
}

/** GET /admin/money-desk/reconciliation?day=: every supplier's head and discrepancies of a Lagos day; `poll` while a run goes on. */
export function useReconciliation(day: string, poll: boolean) {
  return useQuery({
    queryKey: [...KEY, day],
    queryFn: ({ signal }) => api<ReconciliationResponse>('getReconciliation', { signal, query: { day } }),
    // Also while a head shows a run going (the nightly one, another admin's) that started lately: one stuck for long is not waited on.
    refetchInterval: (query) =>
      poll || query.state.data?.suppliers.some((head) => !head.complete && Date.now() - Date.parse(head.startedAt) < RECENT_RUN_MS) ? RUN_POLL_MS : false,
  });
}

/** POST /admin/money-desk/reconciliation {day, supplier?}: starts a run (asynchronous, 202) of one supplier or of all. */
export function useRunReconciliation() {
  return useMutation({
    mutationFn: (body: { day: string; supplier?: string }) => api<RunAnswer>('runReconciliation', { body }),
  });
}

/** Not awaited: the caller's own success (its toast) comes first, before the refetch may drop the item's card. */
const refreshReport = () => {
  void queryClient.invalidateQueries({ queryKey: KEY });
};
const itemParams = ({ day, supplier, requestId }: DiscrepancyKey) => ({ day, supplier, requestId });

/** POST …/{day}/{supplier}/{requestId}/requery: asks the supplier again now; a match drops the item. */
export function useRequeryDiscrepancy() {
  return useMutation({
    mutationFn: (item: DiscrepancyKey) => api<{ msg: string }>('requeryDiscrepancy', { params: itemParams(item), body: {} }),
    onSuccess: refreshReport,
  });
}

/** POST …/{day}/{supplier}/{requestId}/resolve {reason}: marks it resolved, once, with the admin's reason. */
export function useResolveDiscrepancy() {
  return useMutation({
    mutationFn: ({ reason, ...item }: DiscrepancyKey & { reason: string }) =>
      api<{ msg: string }>('resolveDiscrepancy', { params: itemParams(item), body: { reason } }),
    onSuccess: refreshReport,
  });
}

/**
 * POST …/{day}/{supplier}/{requestId}/settle {reason}: a supplier-only purchase we refunded but the supplier
 * delivered is settled as delivered (its refund taken back from the wallet, never below zero; a short wallet flags it).
 */
export function useSettleDiscrepancy() {
  return useMutation({
    mutationFn: ({ reason, ...item }: DiscrepancyKey & { reason: string }) =>
      api<SettleDiscrepancyResponse>('settleDiscrepancyAsDelivered', { params: itemParams(item), body: { reason } }),
    onSuccess: refreshReport,
  });
}

/** GET /admin/money-desk/reconciliation/csv?day=: the day's discrepancies as the server writes them. */
export function downloadReconciliation(day: string) {
  return apiFile('downloadReconciliation', { query: { day } });
}
