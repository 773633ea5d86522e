import { useMutation } from '@tanstack/react-query';
import type { PurchaseResponse } from '@shared/api/purchases.js';
import { api } from '@/lib/api-client.js';
import { applyPurchaseReceipt } from '@/lib/purchase-receipt.js';

export interface BuyDataInput {
  /** Data network id: 1 MTN, 2 GLO, 3 AIRTEL, 6 9MOBILE. */
  network: number;
  mobile_number: string;
  /** The plan id. */
  plan: number;
  /** Idempotency key: a retried confirm never charges twice. */
  request_id: string;
}

export function buyData(body: BuyDataInput): Promise<PurchaseResponse> {
  return api<PurchaseResponse>('buyData', { body });
}

export function useBuyData() {
  return useMutation({
    mutationFn: buyData,
    onSuccess: ({ receipt }) => applyPurchaseReceipt(receipt),
  });
}
