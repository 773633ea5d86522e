import { useMutation } from '@tanstack/react-query';
import type { ServiceResponse } from '@shared/api/admin.js';
import type { ServiceStatus, ServiceType } from '@shared/constants.js';
import { api } from '@/lib/api-client.js';
import { queryClient } from '@/lib/query-client.js';
import { servicesKey } from './check-services.js';

export interface UpdateServiceInput {
  serviceName: string;
  serviceType: ServiceType;
  serviceStatus: ServiceStatus;
}

/** POST /admin/updateServices {serviceName, serviceType, serviceStatus}. The answer carries the whole list. */
export function updateService(body: UpdateServiceInput): Promise<ServiceResponse> {
  return api<ServiceResponse>('updateServices', { body });
}

export function useUpdateService() {
  return useMutation({
    mutationFn: updateService,
    onSuccess: (answer) => {
      if (Array.isArray(answer?.services)) queryClient.setQueryData(servicesKey, { services: answer.services });
      else void queryClient.invalidateQueries({ queryKey: servicesKey });
    },
  });
}
