/**
 * Recharge cards (e-PINs): a batch of printable PINs of one network and denomination, with the
 * business name the shop prints on them, bought from an e-PIN panel in one call.
 *
 *   - Priced per card at the buyer's tier from the catalogue row the admin edits in the price
 *     manager (epin-catalogue.ts); a switched-off row refuses before any money moves.
 *   - The record keeps the batch in `bill` (family `epin`), so the PINs the panel delivers are kept,
 *     shown again and masked for everyone but the buyer exactly as exam PINs are; none is invented.
 *   - The panel may deliver fewer than ordered: the delivered cards are charged and the rest given
 *     back in the settlement's one write (`shortDelivery`).
 */
import { EPIN_MSG, epinFaceValueKobo, epinOfCode, epinProductCode, type EpinDenomination } from '../../../shared/api/epins.js';
import type { NetworkName } from '../../../shared/constants.js';
import { formatNaira } from '../../../shared/money.js';
import type { EpinOrder } from '../purchases/suppliers-port.js';
import type { TransactionRecord } from '../transactions/transactions.js';
import type { BillDetails } from './bill-catalogue.js';
import type { BillProductReader } from './bill.js';
import { EPIN_SERVICE_ID, epinProductName, priceEpins, shortDelivery } from './epin-catalogue.js';
import { notSold, placed, purchaseRecord, type ProductModule, type PurchaseRequest } from './product.js';

export interface EpinPurchaseInput extends PurchaseRequest {
  network: NetworkName;
  denomination: EpinDenomination;
  quantity: number;
  businessName: string;
}

export interface EpinDraftDeps {
  billProducts: BillProductReader;
}

/** The row of this network and denomination is missing, switched off or mispriced: nothing is charged. */
export type EpinRefusal = { kind: 'product_unavailable' };

export const EPIN_UNAVAILABLE_MSG = EPIN_MSG.unavailable;

export const epin: ProductModule<EpinPurchaseInput, EpinDraftDeps, EpinRefusal> = {
  type: 'epin',
  // Switched off per network and denomination by the row's availability in the price manager.
  lock: undefined,
  async draft(input, deps) {
    const code = epinProductCode(input.network, input.denomination);
    const price = priceEpins(await deps.billProducts.getBillProduct(code), input.userType, input.quantity);
    if (!price) return { kind: 'product_unavailable' };
    const face = epinFaceValueKobo(input.denomination);
    const bill: BillDetails = {
      family: 'epin',
      serviceId: EPIN_SERVICE_ID,
      productCode: code,
      productName: epinProductName(input.network, input.denomination),
      variationCode: String(input.denomination),
      provider: input.network,
      quantity: input.quantity,
      amountKobo: price.costKobo,
      customerPhone: '',
      businessName: input.businessName,
    };
    const cards = `${input.quantity} ${input.network} ${formatNaira(face)} recharge card${input.quantity === 1 ? '' : 's'}`;
    const draft = purchaseRecord(input, deps, {
      trans_Type: 'epin',
      trans_Network: input.network,
      phone_number: '',
      amountKobo: price.chargeKobo,
      faceValueKobo: face * input.quantity,
      costKobo: price.costKobo,
      volume: `${input.quantity} × ${formatNaira(face)}`,
      description: `${cards} for ${input.businessName}`,
      requestFingerprint: epinFingerprint(input),
      bill,
    });
    return { kind: 'drafted', draft, lockNames: [] };
  },
  requeryService: 'epin',
  deliverable: (record) => epinOrderOf(record) !== undefined,
  suppliers: async (directory) => (await directory.forEpins?.()) ?? [],
  submit(supplier, record) {
    const order = epinOrderOf(record)!;
    return supplier.buyEpins ? supplier.buyEpins(order) : Promise.resolve(notSold(supplier, 'epins_not_supported', order));
  },
  shortDelivery(record, result) {
    const delivered = result.bill?.pins?.length ?? 0;
    return shortDelivery({ chargeKobo: record.amountKobo, costKobo: record.costKobo ?? record.amountKobo, ordered: record.bill?.quantity ?? 0 }, delivered);
  },
};

/** The same request resent names the same batch; another batch under the same request_id is refused (409). */
export function epinFingerprint(input: Pick<EpinPurchaseInput, 'network' | 'denomination' | 'quantity' | 'businessName'>): string {
  return `epin:${input.network}:${input.denomination}:${input.quantity}:${input.businessName}`;
}

/** The panel's order a placed record carries, when it carries one. */
export function epinOrderOf(record: TransactionRecord): EpinOrder | undefined {
  const bill = record.bill;
  if (bill?.family !== 'epin' || !bill.businessName) return undefined;
  const card = epinOfCode(bill.productCode);
  if (!card) return undefined;
  return {
    ...placed(record),
    network: card.network,
    denominationNaira: card.denomination,
    quantity: bill.quantity,
    businessName: bill.businessName,
  };
}
