/** Port to the stored data-plan catalogue and the cost prices per plan type. */
import type { PlanType } from '../../../shared/constants.js';
import type { Kobo } from '../../../shared/money.js';
import type { AuditEntry } from '../back-office/audit.js';
import type { BillProduct } from './bill-catalogue.js';
import type { CostPrice, Plan } from './data-plans.js';

export type CreatePlanResult = { kind: 'created'; plan: Plan } | { kind: 'id_taken' };
export type ReplacePlanResult = 'replaced' | 'changed_meanwhile' | 'missing';

export interface CatalogueStore {
  /** Every plan, available or not (a few hundred at most: one query). */
  listPlans(): Promise<Plan[]>;
  /** One plan, read strongly consistent (a price just changed must be the price charged). */
  getPlan(planId: number): Promise<Plan | undefined>;
  /** Stores a new plan; refuses an id in use. */
  /** With `audit`, the operator's entry is one more item of the same write. */
  createPlan(plan: Plan, audit?: AuditEntry): Promise<CreatePlanResult>;
  /** Replaces a plan only while it is as the caller read it (same updatedAt): no lost updates between admins. */
  /** With `audit`, the operator's entry is one more item of the same write. */
  replacePlan(plan: Plan, readUpdatedAt: string, audit?: AuditEntry): Promise<ReplacePlanResult>;
  /** Sets one plan's cost (its type's cost price changed); false when the plan is gone. */
  setPlanCost(planId: number, planCostPriceKobo: Kobo, now: Date): Promise<boolean>;
  /** False when there was no such plan. */
  deletePlan(planId: number): Promise<boolean>;
  /** Deletes the plan only if it is still as read (same updatedAt), with the operator's entry in the same write. */
  deletePlanIfUnchanged(planId: number, readUpdatedAt: string, audit: AuditEntry): Promise<'deleted' | 'changed_meanwhile' | 'missing'>;
  /** A plan id not used yet (one above the highest). */
  nextPlanId(): Promise<number>;
  listCostPrices(): Promise<CostPrice[]>;
  getCostPrice(planType: PlanType): Promise<CostPrice | undefined>;
  setCostPrice(planType: PlanType, costPriceKobo: Kobo, now: Date): Promise<CostPrice>;
}

/**
 * A fresh catalogue's rows, each written unless its key exists (an admin's changes are kept), in as
 * few requests as a transaction allows. Each answers how many it created.
 */
export interface CatalogueSeedStore {
  createCostPricesIfAbsent(costPrices: CostPrice[]): Promise<number>;
  createPlansIfAbsent(plans: Plan[]): Promise<number>;
  createBillProductsIfAbsent(products: BillProduct[]): Promise<number>;
}

/** Cable bouquets and exam products, beside the plans. */
export interface BillProductStore {
  getBillProduct(code: string): Promise<BillProduct | undefined>;
  listBillProducts(): Promise<BillProduct[]>;
  /** Replaces a row only while it is as the caller read it (same updatedAt). */
  replaceBillProduct(product: BillProduct, readUpdatedAt: string): Promise<'replaced' | 'changed_meanwhile'>;
}
