import { useMutation } from '@tanstack/react-query';
import type { PurchaseResponse } from '@shared/api/purchases.js';
import { api } from '@/lib/api-client.js';
import { applyPurchaseReceipt } from '@/lib/purchase-receipt.js';
import type { BuyElectricityBody } from '../lib/electricity-form.js';

/** POST /buy/electricity: the token value in naira (the wallet pays it plus ₦50); the request_id makes a retried confirm never charge twice. */
export function buyElectricity(body: BuyElectricityBody): Promise<PurchaseResponse> {
  return api<PurchaseResponse>('buyElectricity', { body });
}

export function useBuyElectricity() {
  return useMutation({
    mutationFn: buyElectricity,
    onSuccess: ({ receipt }) => applyPurchaseReceipt(receipt),
  });
}
