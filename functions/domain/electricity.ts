/**
 * Electricity pricing (spec §9): the user pays the token value plus the ₦50 fee. The supplier is
 * paid the token value, so the fee is the profit. Limits: ELECTRICITY_MIN_KOBO (or the disco's
 * own minimum when the meter check gave one and it is higher) up to ELECTRICITY_MAX_KOBO.
 */
import { ELECTRICITY_FEE_KOBO, ELECTRICITY_MAX_KOBO, ELECTRICITY_MIN_KOBO, type MeterType } from '../../shared/constants.js';
import type { Kobo } from '../../shared/money.js';
import type { MeterCheck, MeterQuery, SupplierGateway } from '../ports/suppliers.js';

export interface ElectricityPrice {
  /** Token value bought at the supplier. */
  amountKobo: Kobo;
  /** What the wallet is debited: amount + fee. */
  chargeKobo: Kobo;
  /** What the supplier charges us. */
  costKobo: Kobo;
  /** Recorded when the purchase succeeds: the fee. */
  profitKobo: Kobo;
}

export type ElectricityPriceResult = { ok: true; price: ElectricityPrice } | { ok: false; reason: 'invalid_amount' | 'below_minimum' | 'above_maximum' };

/** The smallest amount a meter can be bought for: ours, or the disco's when it said more. */
export function electricityMinimumKobo(discoMinimumKobo?: Kobo): Kobo {
  return discoMinimumKobo !== undefined && Number.isSafeInteger(discoMinimumKobo) && discoMinimumKobo > ELECTRICITY_MIN_KOBO ? discoMinimumKobo : ELECTRICITY_MIN_KOBO;
}

export function priceElectricity(amountKobo: Kobo, feeKobo: Kobo = ELECTRICITY_FEE_KOBO): ElectricityPriceResult {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) return { ok: false, reason: 'invalid_amount' };
  if (amountKobo < ELECTRICITY_MIN_KOBO) return { ok: false, reason: 'below_minimum' };
  if (amountKobo > ELECTRICITY_MAX_KOBO) return { ok: false, reason: 'above_maximum' };
  return { ok: true, price: { amountKobo, chargeKobo: amountKobo + feeKobo, costKobo: amountKobo, profitKobo: feeKobo } };
}

/** What a purchase keeps about the meter and, once delivered, what the supplier said it delivered. */
export interface ElectricityDetails {
  /** Our company id (spec §9) and name. */
  meterId: number;
  company: string;
  meterNumber: string;
  meterType: MeterType;
  /** The customer's phone given to the supplier. */
  customerPhone: string;
  /** From the supplier's answer only. */
  token?: string;
  units?: string;
  customerName?: string;
  customerAddress?: string;
  resetToken?: string;
}

/**
 * Asks the electricity suppliers, in order, who is behind a meter. The first that answers valid or
 * invalid decides; one with no usable answer (timeout, outage, no credentials) hands over to the next.
 */
export async function checkMeter(query: MeterQuery, suppliers: readonly SupplierGateway[]): Promise<MeterCheck> {
  let last: MeterCheck = { kind: 'unavailable', supplier: 'NONE', reason: 'no_electricity_supplier' };
  for (const supplier of suppliers) {
    if (!supplier.verifyMeter) continue;
    try {
      last = await supplier.verifyMeter(query);
    } catch (error) {
      last = { kind: 'unavailable', supplier: supplier.name, reason: `gateway_error: ${String(error)}` };
    }
    if (last.kind !== 'unavailable') return last;
  }
  return last;
}
