import { useMutation, useQuery } from '@tanstack/react-query';
import type { ConfiguredServiceListResponse, SaveServiceRequest, SaveServiceResponse, ServiceVariationsResponse } from '@shared/api/configured-services.js';
import { api } from '@/lib/api-client.js';
import { queryClient } from '@/lib/query-client.js';

const KEY = ['adminConfiguredServices'] as const;

/** GET /admin/services: every configured service, on or off, with its costs. */
export function useConfiguredServices() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api<ConfiguredServiceListResponse>('listConfiguredServices', { signal }) });
}

/** GET /admin/services/{serviceId}/variations: what VTpass sells under a serviceID now. */
export function fetchVariations(serviceId: string): Promise<ServiceVariationsResponse> {
  return api<ServiceVariationsResponse>('serviceVariations', { params: { serviceId } });
}

/** PUT /admin/services: the whole configuration, as read (updatedAt) and changed. */
export function useSaveService() {
  return useMutation({
    mutationFn: (body: SaveServiceRequest) => api<SaveServiceResponse>('saveConfiguredService', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
