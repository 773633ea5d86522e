/** Airtime: a top-up of its face value on a network, by any supplier serving that network. */
import { AIRTIME_COST_BPS, isNetworkName, type NetworkName, type UserType } from '../../../shared/constants.js';
import { applyRate, formatNaira, type BasisPoints, type Kobo } from '../../../shared/money.js';
import { airtimeAmountRefusal, airtimeChargeKobo, type AmountRefusal } from '../../../shared/pricing.js';
import type { AirtimeOrder } from '../purchases/suppliers-port.js';
import type { TransactionDraft } from '../transactions/transactions.js';
import { placed, purchaseHead, purchaseRecord, type Buyer, type ProductModule, type PurchaseRequest, type TopUpLine } from './product.js';

export interface AirtimePurchaseInput extends PurchaseRequest {
  network: NetworkName;
  phoneNumber: string;
  faceValueKobo: Kobo;
}

export const airtime: ProductModule<AirtimePurchaseInput, object, { kind: AmountRefusal }> = {
  type: 'airtime',
  lock: 'airtime',
  async draft(input, deps) {
    const priced = priceAirtime(input.faceValueKobo, input.userType);
    if (!priced.ok) return { kind: priced.reason };
    const line = { network: input.network, phoneNumber: input.phoneNumber, ...priced.price };
    return { kind: 'drafted', draft: purchaseRecord(input, deps, airtimeFields(line)), lockNames: [input.network] };
  },
  requeryService: 'airtime',
  deliverable: (record) => isNetworkName(record.trans_Network),
  suppliers: (directory, network) => (isNetworkName(network) ? directory.forNetwork(network, 'airtime') : Promise.resolve([])),
  submit(supplier, record) {
    const order: AirtimeOrder = {
      ...placed(record),
      network: record.trans_Network as AirtimeOrder['network'],
      phoneNumber: record.phone_number,
      faceValueKobo: record.faceValueKobo ?? record.amountKobo,
    };
    return supplier.buyAirtime(order);
  },
};

// ---------------------------------------------------------------------------------------------
// The record

export type AirtimeLine = TopUpLine & { faceValueKobo: Kobo };

export function airtimeFingerprint(network: NetworkName, phoneNumber: string, faceValueKobo: Kobo): string {
  return `airtime:${network}:${phoneNumber}:${faceValueKobo}`;
}

function airtimeFields(line: AirtimeLine) {
  return {
    trans_Type: 'airtime' as const,
    trans_Network: line.network,
    phone_number: line.phoneNumber,
    amountKobo: line.chargeKobo,
    faceValueKobo: line.faceValueKobo,
    volume: formatNaira(line.faceValueKobo),
    costKobo: line.costKobo,
    description: `${line.network} airtime of ${formatNaira(line.faceValueKobo)} to ${line.phoneNumber}`,
    requestFingerprint: airtimeFingerprint(line.network, line.phoneNumber, line.faceValueKobo),
  };
}

/** An airtime purchase's record as placed under a known id (a line of a bulk purchase). */
export function airtimeDraft(buyer: Buyer, id: string, line: AirtimeLine, nowIso: string): TransactionDraft {
  return { ...purchaseHead(buyer, id, nowIso), ...airtimeFields(line) };
}

// ---------------------------------------------------------------------------------------------
// Pricing and rules
//
// Minimum ₦100; the charge is 98% of face value for resellers and 99% otherwise.

export interface AirtimePrice {
  faceValueKobo: Kobo;
  /** What the user's wallet is debited. */
  chargeKobo: Kobo;
  /** What the supplier charges us. */
  costKobo: Kobo;
  /** Recorded when the purchase succeeds. */
  profitKobo: Kobo;
}

export type AirtimePriceResult = { ok: true; price: AirtimePrice } | { ok: false; reason: AmountRefusal };

export function priceAirtime(faceValueKobo: Kobo, userType: UserType, costBps: BasisPoints = AIRTIME_COST_BPS): AirtimePriceResult {
  const refusal = airtimeAmountRefusal(faceValueKobo);
  if (refusal) return { ok: false, reason: refusal };
  // The web previews the same charge (shared/pricing.ts).
  const chargeKobo = airtimeChargeKobo(faceValueKobo, userType);
  const costKobo = applyRate(faceValueKobo, costBps);
  return { ok: true, price: { faceValueKobo, chargeKobo, costKobo, profitKobo: chargeKobo - costKobo } };
}
