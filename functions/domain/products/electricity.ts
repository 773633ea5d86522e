/** Electricity: a bill payment of the token value (our fee stays with us) to the suppliers that sell electricity. */
import { notSold, placed, purchaseRecord, type ProductModule, type PurchaseRequest } from './product.js';
import { ELECTRICITY_FEE_KOBO, type MeterType } from '../../../shared/constants.js';
import { formatNaira, type Kobo } from '../../../shared/money.js';
import { electricityAmountRefusal, electricityChargeKobo, type AmountRefusal } from '../../../shared/pricing.js';
import type { ElectricityDelivery, ElectricityOrder, MeterCheck, MeterQuery, SupplierGateway } from '../purchases/suppliers-port.js';
import { firstVerdict } from '../purchases/suppliers.js';

export interface ElectricityPurchaseInput extends PurchaseRequest {
  /** The company (its meter id, ELECTRICITY_COMPANIES) and its name. */
  meterId: number;
  company: string;
  meterNumber: string;
  meterType: MeterType;
  /** Token value; the wallet pays it plus the fee. */
  amountKobo: number;
  /** The customer's phone for the supplier. */
  customerPhone: string;
}

/**
 * An electricity token: amount within limits, charge = amount + ₦50; the meter goes on the record
 * (its number also as the record's phone_number, so listings and their filter show it). Token,
 * units and customer come later, from the supplier's answer only. No lock guards electricity (the
 * lockable services are airtime, data, cable TV and exam PINs).
 */
export const electricity: ProductModule<ElectricityPurchaseInput, object, { kind: AmountRefusal }> = {
  type: 'electricity',
  lock: undefined,
  async draft(input, deps) {
    const priced = priceElectricity(input.amountKobo);
    if (!priced.ok) return { kind: priced.reason };
    const { price } = priced;
    const { meterId, company, meterNumber, meterType, customerPhone } = input;
    const draft = purchaseRecord(input, deps, {
      trans_Type: 'electricity',
      trans_Network: company,
      phone_number: meterNumber,
      amountKobo: price.chargeKobo,
      faceValueKobo: price.amountKobo,
      volume: formatNaira(price.amountKobo),
      costKobo: price.costKobo,
      electricity: { meterId, company, meterNumber, meterType, customerPhone },
      description: `${company} ${meterType} electricity of ${formatNaira(price.amountKobo)} to meter ${meterNumber}`,
      requestFingerprint: electricityFingerprint(meterId, meterNumber, meterType, price.amountKobo),
    });
    return { kind: 'drafted', draft, lockNames: [] };
  },
  requeryService: 'electricity',
  deliverable: (record) => record.electricity !== undefined,
  suppliers: (directory) => directory.forElectricity(),
  submit(supplier, record) {
    const { meterId, company, meterNumber, meterType, customerPhone } = record.electricity!;
    const order: ElectricityOrder = {
      ...placed(record),
      meterId,
      company,
      meterNumber,
      meterType,
      amountKobo: record.faceValueKobo ?? record.amountKobo,
      phoneNumber: customerPhone,
    };
    return supplier.buyElectricity ? supplier.buyElectricity(order) : Promise.resolve(notSold(supplier, 'electricity_not_supported', order));
  },
};

export function electricityFingerprint(meterId: number, meterNumber: string, meterType: MeterType, amountKobo: number): string {
  return `electricity:${meterId}:${meterNumber}:${meterType}:${amountKobo}`;
}

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

/**
 * Asks the electricity suppliers, in order, who is behind a meter. The first that answers valid or
 * invalid decides; one with no usable answer (timeout, outage, no credentials) hands over to the next.
 */
export function checkMeter(query: MeterQuery, suppliers: readonly SupplierGateway[]): Promise<MeterCheck> {
  return firstVerdict<MeterCheck>(suppliers, (supplier) => supplier.verifyMeter?.(query), {
    kind: 'unavailable',
    supplier: 'NONE',
    reason: 'no_electricity_supplier',
  });
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
