import { useMutation } from '@tanstack/react-query';
import type { CostPriceListResponse, CostPriceResponse } from '@shared/api/catalogue.js';
import { api } from '@/lib/api-client.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';
import { costPricesKey } from './list-cost-prices.js';

/** POST /admin/costPrice {network (a plan type), costPrice}: every plan of the type is re-costed. */
export function setCostPrice(body: { network: string; costPrice: number }): Promise<CostPriceResponse> {
  return api<CostPriceResponse>('setCostPrice', { body });
}

export function useSetCostPrice() {
  return useMutation({
    mutationFn: setCostPrice,
    onSuccess: (answer) => {
      const changed = answer?.costPrice;
      if (changed) {
        queryClient.setQueryData<CostPriceListResponse>(costPricesKey, (old) =>
          old ? { costPrices: old.costPrices.map((c) => (c.network === changed.network ? changed : c)) } : old,
        );
      }
      // Plan costs changed with it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.dataPlans });
    },
  });
}
