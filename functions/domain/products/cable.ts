/** Cable TV: a DStv, GOtv, StarTimes or Showmax subscription, checked against the smartcard first. */
import type { CableProvider, SubscriptionType } from '../../../shared/bills.js';
import { billPriceFor, newDueDate, type BillDetails } from './bill-catalogue.js';
import { billProduct, verifiedBiller, type BillDraftDeps, type BillPurchaseRequest, type BillRefusal } from './bill.js';
import { purchaseRecord, type DraftDeps, type Drafted } from './product.js';

export interface CablePurchaseInput extends BillPurchaseRequest {
  provider: CableProvider;
  smartCardNo: string;
  /** The bouquet's catalogue code. */
  productCode: string;
  /** Asked for; a provider that takes no renewal (StarTimes, Showmax) always sends a variation code. */
  subscriptionType?: SubscriptionType;
}

/**
 * A cable subscription: the bouquet must be in the catalogue, available and the provider's; the
 * provider not locked. The smartcard is verified at the supplier first (its name, current bouquet
 * and due date go on the record); a renewal must pay the current bouquet. The new due date is
 * computed here (VTpass's answer has none).
 */
export const cable = billProduct('cable', 'cable', draftCable);

async function draftCable(input: CablePurchaseInput, deps: BillDraftDeps & DraftDeps): Promise<Drafted | BillRefusal> {
  const product = await deps.billProducts.getBillProduct(input.productCode);
  if (!product?.isAvailable) return { kind: 'product_unavailable' };
  if (product.family !== 'cable' || product.serviceId !== input.provider.serviceId) return { kind: 'product_not_for_provider' };
  const chargeKobo = billPriceFor(product, input.userType);
  if (!Number.isSafeInteger(chargeKobo) || chargeKobo <= 0) return { kind: 'product_unavailable' };
  const subscriptionType: SubscriptionType | undefined = input.provider.renewable ? (input.subscriptionType ?? 'renew') : undefined;
  const check = await verifiedBiller(input, deps, { serviceId: input.provider.serviceId, billersCode: input.smartCardNo });
  if (check.kind !== 'valid') return check;
  if (subscriptionType === 'renew' && check.currentBouquetCode && check.currentBouquetCode !== product.variationCode) return { kind: 'renew_not_current' };
  const bill: BillDetails = {
    family: 'cable',
    serviceId: product.serviceId,
    productCode: product.code,
    productName: product.name,
    variationCode: product.variationCode,
    provider: input.provider.name,
    billersCode: input.smartCardNo,
    ...(subscriptionType ? { subscriptionType } : {}),
    quantity: 1,
    amountKobo: product.costPriceKobo,
    customerPhone: input.customerPhone,
    customerName: check.customerName,
    ...(check.currentBouquet ? { currentBouquet: check.currentBouquet } : {}),
    ...(check.dueDate ? { dueDate: check.dueDate } : {}),
    newDueDate: newDueDate({ subscriptionType, ...(check.dueDate ? { currentDueDate: check.dueDate } : {}), today: deps.now(), months: 1 }),
  };
  const draft = purchaseRecord(input, deps, {
    trans_Type: 'cable',
    trans_Network: input.provider.name,
    phone_number: input.smartCardNo,
    amountKobo: chargeKobo,
    costKobo: product.costPriceKobo,
    volume: product.name,
    description: `${input.provider.name} ${subscriptionType ?? 'subscription'} ${product.name} for ${input.smartCardNo} (${check.customerName})`,
    requestFingerprint: cableFingerprint(product.code, input.smartCardNo, subscriptionType ?? 'variation'),
    bill,
  });
  return { kind: 'drafted', draft, lockNames: [input.provider.name] };
}

export function cableFingerprint(productCode: string, smartCardNo: string, subscriptionType: string): string {
  return `cable:${productCode}:${smartCardNo}:${subscriptionType}`;
}
