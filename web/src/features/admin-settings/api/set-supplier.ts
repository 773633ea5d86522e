import { useMutation } from '@tanstack/react-query';
import type { SupplierResponse } from '@shared/api/admin.js';
import { api } from '@/lib/api-client.js';
import { queryClient } from '@/lib/query-client.js';
import { suppliersKey } from './list-suppliers.js';

/** POST /admin/supplier {network, supplierName}. The answer carries the whole list. */
export function setSupplier(body: { network: string; supplierName: string }): Promise<SupplierResponse> {
  return api<SupplierResponse>('setSupplier', { body });
}

export function useSetSupplier() {
  return useMutation({
    mutationFn: setSupplier,
    onSuccess: (answer) => {
      if (Array.isArray(answer?.suppliers)) queryClient.setQueryData(suppliersKey, { suppliers: answer.suppliers, supplierNames: answer.supplierNames });
      else void queryClient.invalidateQueries({ queryKey: suppliersKey });
    },
  });
}
