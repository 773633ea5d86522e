import { useQuery } from '@tanstack/react-query';
import type { PnlPeriod, ProfitAndLossResponse, TieOutResponse } from '@shared/api/money-desk-pnl.js';
import { api } from '@/lib/api-client.js';

export interface PnlRequest {
  period: PnlPeriod;
  from: string;
  to: string;
}

/** GET /admin/money-desk/profit-and-loss: the figures of a range, by period. */
export function useProfitAndLoss(request: PnlRequest) {
  return useQuery({
    queryKey: ['admin', 'profit-and-loss', request],
    queryFn: ({ signal }) => api<ProfitAndLossResponse>('profitAndLoss', { signal, query: { ...request } }),
  });
}

/** GET /admin/money-desk/tie-out: the daily checks; `checkNow` also makes one now. */
export function useTieOut(checkNow: boolean) {
  return useQuery({
    queryKey: ['admin', 'tie-out', checkNow],
    queryFn: ({ signal }) => api<TieOutResponse>('tieOut', { signal, query: checkNow ? { check: 'now' } : {} }),
  });
}
