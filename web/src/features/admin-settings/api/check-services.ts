import { useQuery } from '@tanstack/react-query';
import type { ServiceList, ServiceListResponse } from '@shared/api/admin.js';
import { api } from '@/lib/api-client.js';

export const servicesKey = ['adminSettings', 'services'] as const;

/** GET /admin/checkServices: airtime and data of every network (and any plan type set), available or locked. */
export async function checkServices(signal?: AbortSignal): Promise<ServiceListResponse> {
  return { services: await api<ServiceList>('checkServices', { signal }) };
}

export function useServices() {
  return useQuery({ queryKey: servicesKey, queryFn: ({ signal }) => checkServices(signal) });
}
