import { useQuery } from '@tanstack/react-query';
import type { BillProductListResponse } from '@shared/api/bills.js';
import type { BuyEpinRequest } from '@shared/api/epins.js';
import { LISTING_COUNTS_LAG_MS } from '@shared/constants.js';
import type { PurchaseResponse } from '@shared/api/purchases.js';
import type { TransactionListResponse, TransactionResponse } from '@shared/api/transactions.js';
import { api } from '@/lib/api-client.js';

/** GET /billProducts: the caller's price per card of each network and denomination (family epin). */
export function useEpinPrices() {
  return useQuery({
    queryKey: ['billProducts'],
    queryFn: () => api<BillProductListResponse>('listBillProducts'),
    select: (answer) => answer.products.filter((p) => p.family === 'epin'),
  });
}

/** POST /buy/epin; the request_id makes a retried confirm never charge twice. */
export function buyEpin(body: BuyEpinRequest): Promise<PurchaseResponse> {
  return api<PurchaseResponse>('buyEpin', { body });
}

export const EPIN_BATCHES_KEY = ['epinBatches'] as const;

/** The buyer's batches, newest first (GET /transaction?type=epin): each with its count, never its PINs. */
export function useEpinBatches(page: number) {
  return useQuery({
    queryKey: [...EPIN_BATCHES_KEY, page],
    queryFn: ({ signal }) => api<TransactionListResponse>('listTransactions', { query: { type: 'epin', page }, signal }),
    // Read again while the listing may still trail the newest batch, and while a batch is open, until it is final.
    refetchInterval: (query) => {
      const page = query.state.data;
      if (page?.countsUpdating) return LISTING_COUNTS_LAG_MS / 2;
      return page?.transactions.some((t) => t.trans_Status === 'processing' || t.trans_Status === 'pending') ? 3_000 : false;
    },
  });
}

/** One batch's own receipt (GET /transaction/{id}): the one answer that carries its PINs, for its buyer. */
export function useEpinBatch(id: string) {
  return useQuery({
    queryKey: [...EPIN_BATCHES_KEY, 'one', id],
    queryFn: ({ signal }) => api<TransactionResponse>('getTransaction', { params: { id }, signal }),
    staleTime: 60_000,
  });
}
