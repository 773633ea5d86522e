/**
 * Recharge cards in the catalogue, pure: a row per network and denomination, priced for each user
 * tier like every catalogue row (bill-catalogue.ts `billPriceFor`), and what a batch costs, earns and
 * gives back when the panel delivers fewer PINs than ordered.
 */
import { EPIN_DENOMINATIONS, epinFaceValueKobo, epinProductCode, type EpinDenomination } from '../../../shared/api/epins.js';
import { NETWORK_NAMES, type NetworkName, type UserType } from '../../../shared/constants.js';
import { applyRate, formatNaira, type BasisPoints, type Kobo } from '../../../shared/money.js';
import { billPriceFor, type BillProduct } from './bill-catalogue.js';

/** The `serviceId` of every recharge-card row (the rows are ours, not a VTpass service). */
export const EPIN_SERVICE_ID = 'epin';

/** A fresh catalogue's tiers, as shares of face value: what panels charge, then ours above it. */
const SEED_SHARES: Record<'cost' | 'smartEarner' | 'reseller' | 'api', BasisPoints> = {
  cost: 9_700,
  smartEarner: 9_900,
  reseller: 9_800,
  api: 9_800,
};

export function epinProductName(network: NetworkName, denomination: EpinDenomination): string {
  return `${network} ${formatNaira(epinFaceValueKobo(denomination))} recharge card`;
}

/** Every network and denomination as a catalogue row, available, at the seed's shares of face value. */
export function seedEpinProducts(now: Date): BillProduct[] {
  return NETWORK_NAMES.flatMap((network) =>
    EPIN_DENOMINATIONS.map((denomination): BillProduct => {
      const face = epinFaceValueKobo(denomination);
      return {
        code: epinProductCode(network, denomination),
        family: 'epin',
        serviceId: EPIN_SERVICE_ID,
        variationCode: `${network}-${denomination}`,
        name: epinProductName(network, denomination),
        isAvailable: true,
        costPriceKobo: applyRate(face, SEED_SHARES.cost),
        smartEarnerPriceKobo: applyRate(face, SEED_SHARES.smartEarner),
        resellerPriceKobo: applyRate(face, SEED_SHARES.reseller),
        apiPriceKobo: applyRate(face, SEED_SHARES.api),
        updatedAt: now.toISOString(),
      };
    }),
  );
}

export interface EpinPrice {
  /** One card at the buyer's tier, and at the panel's price. */
  unitKobo: Kobo;
  unitCostKobo: Kobo;
  /** The batch: what the wallet is debited, what the panel is paid. */
  chargeKobo: Kobo;
  costKobo: Kobo;
}

/** A batch's price for a user's tier; undefined when the row cannot be sold (missing, switched off, or not a sane price). */
export function priceEpins(product: BillProduct | undefined, userType: UserType, quantity: number): EpinPrice | undefined {
  if (!product?.isAvailable || product.family !== 'epin') return undefined;
  const unitKobo = billPriceFor(product, userType);
  const unitCostKobo = product.costPriceKobo;
  const sane = (kobo: Kobo) => Number.isSafeInteger(kobo) && kobo > 0;
  if (!sane(unitKobo) || !sane(unitCostKobo) || !Number.isSafeInteger(quantity) || quantity < 1) return undefined;
  return { unitKobo, unitCostKobo, chargeKobo: unitKobo * quantity, costKobo: unitCostKobo * quantity };
}

/** What settles a batch of which only `delivered` PINs came: the charge and cost of those, and the rest given back. */
export interface ShortDelivery {
  /** Credited back to the wallet: the undelivered cards at the price charged for them. */
  refundKobo: Kobo;
  /** The margin on the delivered cards only. */
  profitKobo: Kobo;
}

/**
 * A batch of `ordered` cards charged `chargeKobo` (costing `costKobo`) of which `delivered` came:
 * undefined when all came (an ordinary success) or none (nothing to charge for: not a delivery).
 * The unit prices are exact (the charge was unit × quantity), so nothing is rounded.
 */
export function shortDelivery(batch: { chargeKobo: Kobo; costKobo: Kobo; ordered: number }, delivered: number): ShortDelivery | undefined {
  if (!(delivered >= 1 && delivered < batch.ordered)) return undefined;
  const unitKobo = batch.chargeKobo / batch.ordered;
  const unitCostKobo = batch.costKobo / batch.ordered;
  if (!Number.isSafeInteger(unitKobo) || !Number.isSafeInteger(unitCostKobo)) return undefined;
  return { refundKobo: unitKobo * (batch.ordered - delivered), profitKobo: (unitKobo - unitCostKobo) * delivered };
}
