import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PriceRow } from '@shared/api/catalogue.js';
import { api } from '@/lib/api-client.js';
import { queryKeys } from '@/lib/query-client.js';

/** GET /prices: every available plan with its three tier prices (public). */
export function listPrices(signal?: AbortSignal): Promise<PriceRow[]> {
  return api<PriceRow[]>('listPrices', { signal });
}

/** The public price list. A failed fetch is only logged: the screen keeps its loading state. */
export function usePrices() {
  const query = useQuery({ queryKey: [...queryKeys.prices, 'all'], queryFn: ({ signal }) => listPrices(signal), staleTime: 0 });
  const { error } = query;
  useEffect(() => {
    if (error) console.error('price list could not be loaded', error);
  }, [error]);
  return query;
}
