import { useMutation } from '@tanstack/react-query';
import type { PurchaseResponse } from '@shared/api/purchases.js';
import { api } from '@/lib/api-client.js';
import { applyPurchaseReceipt } from '@/lib/purchase-receipt.js';
import type { BuyAirtimeBody } from '../lib/airtime-form.js';

/** POST /buy/airtime; the request_id makes a retried confirm never charge twice. */
export function buyAirtime(body: BuyAirtimeBody): Promise<PurchaseResponse> {
  return api<PurchaseResponse>('buyAirtime', { body });
}

export function useBuyAirtime() {
  return useMutation({
    mutationFn: buyAirtime,
    onSuccess: ({ receipt }) => applyPurchaseReceipt(receipt),
  });
}
