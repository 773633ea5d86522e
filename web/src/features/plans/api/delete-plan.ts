import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.js';
import { plansChanged } from '../lib/plan-cache.js';

/** DELETE /dataPlan/delete?planId= (admin). */
export function deletePlan(planId: number): Promise<{ msg: string }> {
  return api<{ msg: string }>('deletePlan', { query: { planId } });
}

export function useDeletePlan() {
  return useMutation({ mutationFn: deletePlan, onSuccess: (_answer, planId) => plansChanged(undefined, planId) });
}
