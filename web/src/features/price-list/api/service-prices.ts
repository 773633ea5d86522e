import { useQuery } from '@tanstack/react-query';
import type { ServiceListResponse } from '@shared/api/configured-services.js';
import { api } from '@/lib/api-client.js';

/** GET /services (public): the configured services on sale, each plan with every tier's price. */
export function useServicePrices() {
  return useQuery({ queryKey: ['configuredServices', 'prices'], queryFn: ({ signal }) => api<ServiceListResponse>('listServices', { signal }) });
}
