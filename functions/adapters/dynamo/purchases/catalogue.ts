/**
 * The catalogue on DynamoDB: plans and cost prices in one small partition (keys.plan,
 * keys.costPrice). Plans change by optimistic concurrency on `updatedAt`, so two admins editing
 * the same plan never silently overwrite each other.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PlanType } from '../../../../shared/constants.js';
import type { AuditEntry } from '../../../domain/back-office/audit.js';
import type { CostPrice, Plan } from '../../../domain/products/data-plans.js';
import type { CatalogueSeedStore, CatalogueStore, CreatePlanResult, ReplacePlanResult } from '../../../domain/products/catalogue-port.js';
import { auditPut } from '../back-office/audit.js';
import { db, tableName } from '../client.js';
import { keys, partitionQuery } from '../keys.js';
import { isConditionFailure } from '../conditions.js';
import { billProductItem } from './bill-products.js';
import { conditionalUpdate, putAllIfAbsent, transactWrite } from '../conditional-writes.js';
import { COST_PRICE_ENTITY, PLAN_ENTITY, stored } from '../items.js';
import { queryPrefix } from '../partition.js';

function planItem(plan: Plan): Record<string, unknown> {
  return { ...keys.plan(plan.planId), entity: PLAN_ENTITY, ...plan };
}

function costPriceItem(record: CostPrice): Record<string, unknown> {
  return { ...keys.costPrice(record.planType), entity: COST_PRICE_ENTITY, ...record };
}

/** Replaces a plan only if it is still as the caller read it (same updatedAt); with its audit entry in the same write. */
export async function replacePlanIfUnchanged(plan: Plan, readUpdatedAt: string, audit?: AuditEntry): Promise<ReplacePlanResult> {
  const put = {
    TableName: tableName(),
    Item: planItem(plan),
    ConditionExpression: 'attribute_exists(pk) AND updatedAt = :read',
    ExpressionAttributeValues: { ':read': readUpdatedAt },
  };
  if (audit) {
    const written = await transactWrite([{ Put: put }, auditPut(audit)], `audited replace of plan ${plan.planId}`);
    if (written.ok) return 'replaced';
  } else {
    try {
      await db().send(new PutCommand(put));
      return 'replaced';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return (await getPlan(plan.planId)) ? 'changed_meanwhile' : 'missing';
}

export async function getPlan(planId: number): Promise<Plan | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.plan(planId), ConsistentRead: true }));
  return Item && Item.entity === PLAN_ENTITY ? stored.plan.read(Item) : undefined;
}

export async function listPlans(): Promise<Plan[]> {
  return (await queryPrefix(partitionQuery.plans, { consistent: true })).filter((item) => item.entity === PLAN_ENTITY).map((item) => stored.plan.read(item));
}

/** Sets a plan's cost only (the cost price of its type changed); false when the plan is gone. */
export function setPlanCost(planId: number, planCostPriceKobo: number, now: Date): Promise<boolean> {
  return conditionalUpdate({
    TableName: tableName(),
    Key: keys.plan(planId),
    UpdateExpression: 'SET planCostPriceKobo = :cost, updatedAt = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':cost': planCostPriceKobo, ':now': now.toISOString() },
  });
}

export const dynamoCatalogue: CatalogueStore = {
  listPlans,
  getPlan,

  async createPlan(plan, audit): Promise<CreatePlanResult> {
    const put = { TableName: tableName(), Item: planItem(plan), ConditionExpression: 'attribute_not_exists(pk)' };
    if (audit) {
      const written = await transactWrite([{ Put: put }, auditPut(audit)], `audited creation of plan ${plan.planId}`);
      return written.ok ? { kind: 'created', plan } : { kind: 'id_taken' };
    }
    try {
      await db().send(new PutCommand(put));
      return { kind: 'created', plan };
    } catch (error) {
      if (isConditionFailure(error)) return { kind: 'id_taken' };
      throw error;
    }
  },

  replacePlan: replacePlanIfUnchanged,
  setPlanCost,

  async deletePlanIfUnchanged(planId, readUpdatedAt, audit) {
    const remove = {
      TableName: tableName(),
      Key: keys.plan(planId),
      ConditionExpression: 'attribute_exists(pk) AND updatedAt = :read',
      ExpressionAttributeValues: { ':read': readUpdatedAt },
    };
    const written = await transactWrite([{ Delete: remove }, auditPut(audit)], `audited deletion of plan ${planId}`);
    if (written.ok) return 'deleted';
    return (await getPlan(planId)) ? 'changed_meanwhile' : 'missing';
  },

  async deletePlan(planId) {
    const { Attributes } = await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.plan(planId), ReturnValues: 'ALL_OLD' }));
    return Attributes?.entity === PLAN_ENTITY;
  },

  async nextPlanId() {
    const plans = await listPlans();
    return plans.reduce((max, plan) => Math.max(max, plan.planId), 0) + 1;
  },

  async listCostPrices() {
    const items = await queryPrefix(partitionQuery.costPrices, { consistent: true });
    return items.filter((item) => item.entity === COST_PRICE_ENTITY).map((item) => stored.costPrice.read(item));
  },

  async getCostPrice(planType: PlanType) {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.costPrice(planType), ConsistentRead: true }));
    return Item && Item.entity === COST_PRICE_ENTITY ? stored.costPrice.read(Item) : undefined;
  },

  async setCostPrice(planType, costPriceKobo, now) {
    const record: CostPrice = { planType, costPriceKobo, updatedAt: now.toISOString() };
    await db().send(new PutCommand({ TableName: tableName(), Item: costPriceItem(record) }));
    return record;
  },
};

const createdCount = async (items: Array<Record<string, unknown>>, what: string) => (await putAllIfAbsent(items, what)).filter(Boolean).length;

export const dynamoCatalogueSeed: CatalogueSeedStore = {
  createCostPricesIfAbsent: (costPrices) => createdCount(costPrices.map(costPriceItem), 'seed of cost prices'),
  createPlansIfAbsent: (plans) => createdCount(plans.map(planItem), 'seed of plans'),
  createBillProductsIfAbsent: (products) => createdCount(products.map(billProductItem), 'seed of bill products'),
};
