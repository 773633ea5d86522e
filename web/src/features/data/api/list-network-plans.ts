import { useQuery } from '@tanstack/react-query';
import type { PriceRow } from '@shared/api/catalogue.js';
import type { NetworkName } from '@shared/constants.js';
import { api } from '@/lib/api-client.js';
import { queryKeys } from '@/lib/query-client.js';
import { getSessionPlans } from '@/lib/session.js';
import { sessionPlansFor, type DataPlanOption } from '../lib/data-plans.js';

/** POST /prices {network}: the available plans of one network, with their tier prices. */
export function listNetworkPlans(network: NetworkName, signal?: AbortSignal): Promise<PriceRow[]> {
  return api<PriceRow[]>('filterPrices', { body: { network }, signal });
}

/**
 * A network's plans, fetched again whenever the network is chosen; until the answer arrives, the plans the session brought at login are shown.
 */
export function useNetworkPlans(network: NetworkName | null) {
  return useQuery<DataPlanOption[]>({
    queryKey: [...queryKeys.prices, network],
    queryFn: ({ signal }) => listNetworkPlans(network!, signal),
    enabled: network !== null,
    staleTime: 0,
    placeholderData: () => (network ? sessionPlansFor(getSessionPlans(), network) : undefined),
  });
}
