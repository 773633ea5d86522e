import { useMutation, useQuery } from '@tanstack/react-query';
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
