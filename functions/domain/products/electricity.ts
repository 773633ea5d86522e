/** Electricity: a bill payment of the token value (our fee stays with us) to the suppliers that sell electricity. */
import { notSold, placed, type ProductModule } from './product.js';
import { ELECTRICITY_FEE_KOBO } from '../../../shared/constants.js';
import type { Kobo } from '../../../shared/money.js';
import { electricityAmountRefusal, electricityChargeKobo, type AmountRefusal } from '../../../shared/pricing.js';
import type { ElectricityDelivery, ElectricityOrder, MeterCheck, MeterQuery, SupplierGateway } from '../purchases/suppliers-port.js';
import { firstVerdict } from '../purchases/suppliers.js';

export const electricity: ProductModule = {
  type: 'electricity',
  lock: undefined,
  requeryService: 'electricity',
  deliverable: (record) => record.electricity !== undefined,
  suppliers: (directory) => directory.forElectricity(),
  submit(supplier, record) {
    const meter = record.electricity!;
    const order: ElectricityOrder = {
      ...placed(record),
      meterId: meter.meterId,
      company: meter.company,
      meterNumber: meter.meterNumber,
      meterType: meter.meterType,
      amountKobo: record.faceValueKobo ?? record.amountKobo,
      phoneNumber: meter.customerPhone,
    };
    return supplier.buyElectricity ? supplier.buyElectricity(order) : Promise.resolve(notSold(supplier, 'electricity_not_supported', order));
  },
};

// ---------------------------------------------------------------------------------------------
// Pricing and rules
//
// The user pays the token value plus the ₦50 fee; the supplier is paid the token value, so the fee
// is the profit. Limits: ELECTRICITY_MIN_KOBO (or the disco's own minimum when the meter check gave
// one and it is higher) up to ELECTRICITY_MAX_KOBO.

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

export type ElectricityPriceResult = { ok: true; price: ElectricityPrice } | { ok: false; reason: AmountRefusal };

/** The meter's minimum is a shared rule: the web checks the amount against it before sending. */
export { electricityMinimumKobo } from '../../../shared/pricing.js';

export function priceElectricity(amountKobo: Kobo, feeKobo: Kobo = ELECTRICITY_FEE_KOBO): ElectricityPriceResult {
  const refusal = electricityAmountRefusal(amountKobo);
  if (refusal) return { ok: false, reason: refusal };
  // The web previews the same charge (shared/pricing.ts).
  return { ok: true, price: { amountKobo, chargeKobo: electricityChargeKobo(amountKobo, feeKobo), costKobo: amountKobo, profitKobo: feeKobo } };
}

/** What a purchase keeps about the meter and, once delivered, what the supplier said it delivered. */
/**
 * Asks the electricity suppliers, in order, who is behind a meter. The first that answers valid or
 * invalid decides; one with no usable answer (timeout, outage, no credentials) hands over to the next.
 */
export function checkMeter(query: MeterQuery, suppliers: readonly SupplierGateway[]): Promise<MeterCheck> {
  return firstVerdict<MeterCheck>(suppliers, (supplier) => supplier.verifyMeter?.(query), { kind: 'unavailable', supplier: 'NONE', reason: 'no_electricity_supplier' });
}

// ---------------------------------------------------------------------------------------------
// What a supplier said it delivered

/** Where each delivered fact may sit in a supplier's answer, by protocol (first present wins). */
export interface DeliveryFields {
  token: readonly string[];
  units: readonly string[];
  customerName: readonly string[];
  customerAddress: readonly string[];
  resetToken: readonly string[];
  /** A text like `Token : 1234 5678 ... : 13.4 Units` that carries token and units. */
  purchasedCode: readonly string[];
}

type Json = Record<string, unknown>;

function firstText(sources: readonly (Json | undefined)[], names: readonly string[]): string | undefined {
  for (const source of sources) {
    if (!source) continue;
    for (const name of names) {
      const value = source[name];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    }
  }
  return undefined;
}

/** `Token : 1234 5678 ... : 13.4 Units` → the token as written (digits, spaces or dashes kept). */
export function tokenFromText(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const match = /token\s*:?\s*([0-9][0-9 -]*[0-9])/i.exec(text);
  return match?.[1]?.trim();
}

export function unitsFromText(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const match = /([0-9]+(?:\.[0-9]+)?\s*(?:kwh|units?))/i.exec(text);
  return match?.[1]?.trim();
}

/**
 * What a supplier said it delivered for an electricity purchase, copied from its answer (the
 * sources in order); undefined when it said nothing. Nothing is made up: no token, no field. A
 * token written as `Token : 1234 …` is kept as the digits it names.
 */
export function electricityDeliveryFrom(sources: readonly (Json | undefined)[], fields: DeliveryFields): ElectricityDelivery | undefined {
  const purchased = firstText(sources, fields.purchasedCode);
  const rawToken = firstText(sources, fields.token);
  const delivery: ElectricityDelivery = {};
  const token = (rawToken && /token/i.test(rawToken) ? tokenFromText(rawToken) : rawToken) ?? tokenFromText(purchased);
  const units = firstText(sources, fields.units) ?? unitsFromText(purchased) ?? unitsFromText(rawToken);
  const customerName = firstText(sources, fields.customerName);
  const customerAddress = firstText(sources, fields.customerAddress);
  const resetToken = firstText(sources, fields.resetToken);
  if (token !== undefined) delivery.token = token;
  if (units !== undefined) delivery.units = units;
  if (customerName !== undefined) delivery.customerName = customerName;
  if (customerAddress !== undefined) delivery.customerAddress = customerAddress;
  if (resetToken !== undefined) delivery.resetToken = resetToken;
  return Object.keys(delivery).length ? delivery : undefined;
}
