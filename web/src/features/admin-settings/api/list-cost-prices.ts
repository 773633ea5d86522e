import { useQuery } from '@tanstack/react-query';
import type { CostPriceList, CostPriceListResponse } from '@shared/api/catalogue.js';
import { api } from '@/lib/api-client.js';

export const costPricesKey = ['adminSettings', 'costPrices'] as const;

/** GET /admin/costPrice: naira per GB for every plan type. */
export async function listCostPrices(signal?: AbortSignal): Promise<CostPriceListResponse> {
  return { costPrices: await api<CostPriceList>('listCostPrices', { signal }) };
}

export function useCostPrices() {
  return useQuery({ queryKey: costPricesKey, queryFn: ({ signal }) => listCostPrices(signal) });
}
