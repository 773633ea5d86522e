import { useMutation } from '@tanstack/react-query';
import type { PlanResponse } from '@shared/api/catalogue.js';
import { api } from '@/lib/api-client.js';
import { plansChanged } from '../lib/plan-cache.js';
import type { PlanBody } from '../lib/plan-form.js';

/** POST /dataPlan/add: a new plan (admin). */
export function addPlan(body: PlanBody): Promise<PlanResponse> {
  return api<PlanResponse>('addPlan', { body });
}

export function useAddPlan() {
  return useMutation({ mutationFn: addPlan, onSuccess: (answer) => plansChanged(answer?.plan) });
}
