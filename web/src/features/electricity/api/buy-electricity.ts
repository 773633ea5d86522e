import { useMutation } from '@tanstack/react-query';
import type { PurchaseResponse } from '@shared/api/purchases.js';
import { api } from '@/lib/api-client.js';
import { applyPurchaseReceipt } from '@/lib/purchase-receipt.js';

export interface BuyElectricityInput {
  /** Token value in naira; the wallet pays it plus ₦50. */
  amount: number;
  meterId: number;
  meterNumber: string;
  meterType: string;
  /** Idempotency key: a retried confirm never charges twice. */
  request_id: string;
}

export function buyElectricity(body: BuyElectricityInput): Promise<PurchaseResponse> {
  return api<PurchaseResponse>('buyElectricity', { body });
}

export function useBuyElectricity() {
  return useMutation({
    mutationFn: buyElectricity,
    onSuccess: ({ receipt }) => applyPurchaseReceipt(receipt),
  });
}
