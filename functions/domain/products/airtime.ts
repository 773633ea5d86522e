/** Airtime: a top-up of its face value on a network, by any supplier serving that network. */
import { isNetworkName } from '../../../shared/constants.js';
import type { AirtimeOrder } from '../purchases/suppliers-port.js';
import { placed, type ProductModule } from './product.js';
import { AIRTIME_COST_BPS, type UserType } from '../../../shared/constants.js';
import { applyRate, type BasisPoints, type Kobo } from '../../../shared/money.js';
import { airtimeAmountRefusal, airtimeChargeKobo, type AmountRefusal } from '../../../shared/pricing.js';

export const airtime: ProductModule = {
  type: 'airtime',
  lock: 'airtime',
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
