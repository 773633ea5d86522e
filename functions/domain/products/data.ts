/** Data: a plan on a network, sent by each supplier's own plan id. */
import { isNetworkName, type NetworkName, type UserType } from '../../../shared/constants.js';
import type { DataOrder } from '../purchases/suppliers-port.js';
import type { TransactionDraft } from '../transactions/transactions.js';
import type { CatalogueStore } from './catalogue-port.js';
import { checkPlanForPurchase, priceDataPlan, snapshotOf, type DataPlanSnapshot, type DataPrice, type Plan } from './data-plans.js';
import { placed, purchaseHead, purchaseRecord, type Buyer, type ProductModule, type PurchaseRequest, type TopUpLine } from './product.js';

export interface DataPurchaseInput extends PurchaseRequest {
  network: NetworkName;
  phoneNumber: string;
  planId: number;
}

export interface DataDraftDeps {
  catalogue: Pick<CatalogueStore, 'getPlan'>;
}

export type PlanRefusal = 'plan_unavailable' | 'plan_not_for_network';

/**
 * A data plan: it must exist, be available and belong to the network; neither the network's nor
 * the plan type's data may be locked. The user pays the plan's price for their tier (shared rule);
 * the plan's cost is kept so profit = charge − cost is recorded on delivery.
 */
export const data: ProductModule<DataPurchaseInput, DataDraftDeps, { kind: PlanRefusal }> = {
  type: 'data',
  lock: 'data',
  async draft(input, deps) {
    const priced = pricePlanPurchase(await deps.catalogue.getPlan(input.planId), input.network, input.userType);
    if (!priced.ok) return { kind: priced.reason };
    const line = { network: input.network, phoneNumber: input.phoneNumber, plan: snapshotOf(priced.plan), ...priced.price };
    return { kind: 'drafted', draft: purchaseRecord(input, deps, dataFields(line)), lockNames: dataLockNames(input.network, priced.plan) };
  },
  requeryService: 'data',
  deliverable: (record) => isNetworkName(record.trans_Network) && record.dataPlan !== undefined,
  suppliers: (directory, network) => (isNetworkName(network) ? directory.forNetwork(network, 'data') : Promise.resolve([])),
  submit(supplier, record) {
    const plan = record.dataPlan!;
    const order: DataOrder = {
      ...placed(record),
      network: record.trans_Network as DataOrder['network'],
      phoneNumber: record.phone_number,
      planId: plan.planId,
      planName: plan.planName,
      supplierPlanIds: plan.supplierPlanIds,
      ...(record.costKobo === undefined ? {} : { costKobo: record.costKobo }),
    };
    return supplier.buyData(order);
  },
};

/** A plan as a purchase of it (alone or as a bulk line): checked for the network, priced for the buyer's tier. */
export function pricePlanPurchase(
  plan: Plan | undefined,
  network: NetworkName,
  userType: UserType,
): { ok: true; plan: Plan; price: DataPrice } | { ok: false; reason: PlanRefusal } {
  const checked = checkPlanForPurchase(plan, network);
  if (!checked.ok) return checked;
  const price = priceDataPlan(checked.plan, userType);
  if (!Number.isSafeInteger(price.chargeKobo) || price.chargeKobo <= 0) return { ok: false, reason: 'plan_unavailable' };
  return { ok: true, plan: checked.plan, price };
}

/** The names a data purchase's lock checks: its network's, and its plan type's. */
export const dataLockNames = (network: NetworkName, plan: Pick<Plan, 'planType'>): string[] => [network, plan.planType];

// ---------------------------------------------------------------------------------------------
// The record

export type DataLine = TopUpLine & { plan: DataPlanSnapshot };

export function dataFingerprint(network: NetworkName, phoneNumber: string, planId: number): string {
  return `data:${network}:${phoneNumber}:${planId}`;
}

function dataFields(line: DataLine) {
  const { plan } = line;
  const volume = `${plan.planName} (${plan.planValidity})`;
  return {
    trans_Type: 'data' as const,
    trans_Network: line.network,
    phone_number: line.phoneNumber,
    amountKobo: line.chargeKobo,
    volume,
    costKobo: line.costKobo,
    dataPlan: plan,
    description: `${plan.planType} ${volume} data to ${line.phoneNumber}`,
    requestFingerprint: dataFingerprint(line.network, line.phoneNumber, plan.planId),
  };
}

/** A data purchase's record as placed under a known id (a line of a bulk purchase). */
export function dataDraft(buyer: Buyer, id: string, line: DataLine, nowIso: string): TransactionDraft {
  return { ...purchaseHead(buyer, id, nowIso), ...dataFields(line) };
}
