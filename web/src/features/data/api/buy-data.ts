import type { PurchaseResponse } from '@shared/api/purchases.js';
import { api } from '@/lib/api-client.js';
import type { BuyDataBody } from '../lib/data-form.js';

/** POST /buy/data {network (data network id), mobile_number, plan (its id), request_id}. */
export function buyData(body: BuyDataBody): Promise<PurchaseResponse> {
  return api<PurchaseResponse>('buyData', { body });
}
