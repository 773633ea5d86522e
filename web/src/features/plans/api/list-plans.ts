import { useQuery } from '@tanstack/react-query';
import type { PlanListResponse } from '@shared/api/catalogue.js';
import { api } from '@/lib/api-client.js';
import { queryKeys } from '@/lib/query-client.js';

/** GET /dataPlan: every plan, available or not, in the management view (admins and agents). */
export function listPlans(signal?: AbortSignal): Promise<PlanListResponse> {
  return api<PlanListResponse>('listPlans', { signal });
}

export function usePlans() {
  return useQuery({ queryKey: queryKeys.dataPlans, queryFn: ({ signal }) => listPlans(signal), staleTime: 0 });
}
