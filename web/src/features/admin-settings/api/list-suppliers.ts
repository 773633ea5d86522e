import { useQuery } from '@tanstack/react-query';
import type { SupplierList, SupplierListResponse } from '@shared/api/admin.js';
import { SUPPLIERS } from '@shared/constants.js';
import { api } from '@/lib/api-client.js';

export const suppliersKey = ['adminSettings', 'suppliers'] as const;

/** GET /admin/supplier: the supplier chosen for each network, and the names to choose from. */
export async function listSuppliers(signal?: AbortSignal): Promise<SupplierListResponse> {
  return { suppliers: await api<SupplierList>('listSuppliers', { signal }), supplierNames: [...SUPPLIERS] };
}

export function useSuppliers() {
  return useQuery({ queryKey: suppliersKey, queryFn: ({ signal }) => listSuppliers(signal) });
}
