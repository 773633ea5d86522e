import { useMutation } from '@tanstack/react-query';
import type { PurchaseResponse } from '@shared/api/purchases.js';
import { api } from '@/lib/api-client.js';
import { applyPurchaseReceipt } from '@/lib/purchase-receipt.js';

export interface BuyAirtimeInput {
  network: number;
  mobile_number: string;
  amount: number;
  /** Idempotency key: a retried confirm never charges twice. */
  request_id: string;
}

export function buyAirtime(body: BuyAirtimeInput): Promise<PurchaseResponse> {
  return api<PurchaseResponse>('buyAirtime', { body });
}

export function useBuyAirtime() {
  return useMutation({
    mutationFn: buyAirtime,
    onSuccess: ({ receipt }) => applyPurchaseReceipt(receipt),
  });
}
