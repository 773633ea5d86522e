import type { PlanListResponse, PlanView } from '@shared/api/catalogue.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';

/** A plan changed (added, edited, repriced, deleted): the lists showing plans and prices refresh. */
export function plansChanged(changed?: PlanView, removedId?: number): void {
  queryClient.setQueryData<PlanListResponse>(queryKeys.dataPlans, (old) => {
    if (!old || !Array.isArray(old.plans)) return old;
    if (removedId !== undefined) return { plans: old.plans.filter((p) => p.planId !== removedId) };
    if (!changed) return old;
    const known = old.plans.some((p) => p.planId === changed.planId);
    return { plans: known ? old.plans.map((p) => (p.planId === changed.planId ? changed : p)) : [...old.plans, changed] };
  });
  void queryClient.invalidateQueries({ queryKey: queryKeys.dataPlans });
  void queryClient.invalidateQueries({ queryKey: queryKeys.prices });
}
