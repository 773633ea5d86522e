import { useQuery } from '@tanstack/react-query';
import type { BuyServiceRequest, ServiceListResponse, ValidateServiceRequest, ValidateServiceResponse } from '@shared/api/configured-services.js';
import type { PurchaseResponse } from '@shared/api/purchases.js';
import { api } from '@/lib/api-client.js';

/** GET /services: the configured services on sale, with the caller's prices. */
export function useServices() {
  return useQuery({ queryKey: ['configuredServices'], queryFn: ({ signal }) => api<ServiceListResponse>('listServices', { signal }) });
}

/** POST /buy/validateService: the customer's name as the provider holds it (a verified service). */
export function validateService(body: ValidateServiceRequest): Promise<ValidateServiceResponse> {
  return api<ValidateServiceResponse>('validateService', { body });
}

/** POST /buy/service; the request_id makes a retried confirm never charge twice. */
export function buyService(body: BuyServiceRequest): Promise<PurchaseResponse> {
  return api<PurchaseResponse>('buyService', { body });
}
