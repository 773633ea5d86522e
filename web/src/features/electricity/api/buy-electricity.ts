import type { PurchaseResponse, ValidateMeterResponse } from '@shared/api/purchases.js';
import { api } from '@/lib/api-client.js';
import type { BuyElectricityBody, MeterForm } from '../lib/electricity-form.js';

/** POST /buy/validateMeter with the meter as the form parsed it. */
export function validateMeter(body: MeterForm): Promise<ValidateMeterResponse> {
  return api<ValidateMeterResponse>('validateMeter', { body });
}

/** POST /buy/electricity: the token value in naira (the wallet pays it plus ₦50); the request_id makes a retried confirm never charge twice. */
export function buyElectricity(body: BuyElectricityBody): Promise<PurchaseResponse> {
  return api<PurchaseResponse>('buyElectricity', { body });
}
