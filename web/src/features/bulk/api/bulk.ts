import { useMutation, useQuery } from '@tanstack/react-query';
import type { BulkBatchResponse, BulkProduct, BulkPurchaseResponse, BulkRequest } from '@shared/api/bulk.js';
import type { PriceRow } from '@shared/api/catalogue.js';
import { api } from '@/lib/api-client.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';

const POLL_MS = 1_500;

/** POST /buy/airtime/bulk or /buy/data/bulk; the request_id makes a retried confirm never charge twice. */
export function buyBulk({ product, body }: { product: BulkProduct; body: BulkRequest }): Promise<BulkPurchaseResponse> {
  return api<BulkPurchaseResponse>(product === 'airtime' ? 'buyAirtimeBulk' : 'buyDataBulk', { body });
}

export function useBuyBulk() {
  return useMutation({
    mutationFn: buyBulk,
    // The one debit is done: the balance on screen follows.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}

/** GET /buy/bulk/{id}, again every 1.5 s while any line is open; then the balance and transactions once. */
export function useBulkBatch(id: string | null) {
  return useQuery({
    queryKey: ['bulkBatch', id ?? ''],
    enabled: id !== null,
    queryFn: async () => {
      const { batch } = await api<BulkBatchResponse>('getBulkPurchase', { params: { id: id! } });
      if (batch.status === 'done') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
        void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      }
      return batch;
    },
    refetchInterval: (query) => (query.state.data?.status === 'done' ? false : POLL_MS),
  });
}

/** The price list (GET /prices): a data line's plan and its price for this user in the preview. */
export function usePriceList(enabled: boolean) {
  return useQuery({ queryKey: [...queryKeys.prices, 'all'], queryFn: () => api<PriceRow[]>('listPrices'), enabled, staleTime: 60_000 });
}
