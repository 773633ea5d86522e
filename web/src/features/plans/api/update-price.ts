import { useMutation } from '@tanstack/react-query';
import type { PlanResponse } from '@shared/api/catalogue.js';
import { api } from '@/lib/api-client.js';
import { plansChanged } from '../lib/plan-cache.js';
import type { PriceUpdateBody } from '../lib/price-form.js';

/** POST /admin/updatePrice {newPrice: {price?, reseller?, api?}, dataId} (admins and agents). */
export function updatePrice(body: PriceUpdateBody): Promise<PlanResponse> {
  return api<PlanResponse>('updatePrice', { body });
}

export function useUpdatePrice() {
  return useMutation({ mutationFn: updatePrice, onSuccess: (answer) => plansChanged(answer?.plan) });
}
