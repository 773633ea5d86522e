import type { PurchaseResponse } from '@shared/api/purchases.js';
import { api } from '@/lib/api-client.js';
import type { BuyAirtimeBody } from '../lib/airtime-form.js';

/** POST /buy/airtime; the request_id makes a retried confirm never charge twice. */
export function buyAirtime(body: BuyAirtimeBody): Promise<PurchaseResponse> {
  return api<PurchaseResponse>('buyAirtime', { body });
}
