import { useMutation, useQuery } from '@tanstack/react-query';
import type { ServiceList, ServiceResponse } from '@shared/api/admin.js';
import type { BillProductListResponse, BillProductResponse, UpdateBillProductRequest } from '@shared/api/bills.js';
import { api } from '@/lib/api-client.js';
import { queryClient } from '@/lib/query-client.js';

const KEY = ['billProducts'] as const;

/** GET /billProducts: cable bouquets and exam PINs (an admin also sees the cost prices). */
export function useBillProductList() {
  return useQuery({ queryKey: KEY, queryFn: () => api<BillProductListResponse>('listBillProducts') });
}

/** POST /admin/billProduct: tier prices, cost and availability of one bouquet or exam product. */
export function useUpdateBillProduct() {
  return useMutation({
    mutationFn: (body: UpdateBillProductRequest) => api<BillProductResponse>('updateBillProduct', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

const LOCKS_KEY = ['billLocks'] as const;

/** GET /admin/checkServices, kept to the cable and exam rows (locked per provider / exam service). */
export function useBillLocks() {
  return useQuery({
    queryKey: LOCKS_KEY,
    queryFn: async () => (await api<ServiceList>('checkServices')).filter((s) => s.serviceType === 'cable' || s.serviceType === 'exam'),
  });
}

/** POST /admin/updateServices for a cable provider or an exam service. */
export function useSetBillLock() {
  return useMutation({
    mutationFn: (body: { serviceName: string; serviceType: 'cable' | 'exam'; serviceStatus: 'available' | 'locked' }) =>
      api<ServiceResponse>('updateServices', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: LOCKS_KEY }),
  });
}
