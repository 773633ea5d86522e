import { useQuery } from '@tanstack/react-query';
import type { SupplierListResponse } from '@shared/api/admin.js';
import { api } from '@/lib/api-client.js';

export const suppliersKey = ['adminSettings', 'suppliers'] as const;

/** GET /admin/supplier: the supplier chosen for each network, and the names to choose from. */
export function listSuppliers(signal?: AbortSignal): Promise<SupplierListResponse> {
  return api<SupplierListResponse>('listSuppliers', { signal });
}

export function useSuppliers() {
  return useQuery({ queryKey: suppliersKey, queryFn: ({ signal }) => listSuppliers(signal) });
}
