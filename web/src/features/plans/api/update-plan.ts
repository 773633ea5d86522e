import { useMutation } from '@tanstack/react-query';
import type { PlanResponse } from '@shared/api/catalogue.js';
import { api } from '@/lib/api-client.js';
import { plansChanged } from '../lib/plan-cache.js';
import type { PlanBody } from '../lib/plan-form.js';

/** PATCH /dataPlan/update: the plan's id and its fields (admin). */
export function updatePlan(body: PlanBody & { planId: number }): Promise<PlanResponse> {
  return api<PlanResponse>('updatePlan', { body });
}

export function useUpdatePlan() {
  return useMutation({ mutationFn: updatePlan, onSuccess: (answer) => plansChanged(answer?.plan) });
}
