/**
 * The admin's plan manager over the catalogue store: add, edit, reprice and delete plans, and set
 * a plan type's cost price. Writes of one plan are read-modify-write, conditional on the plan
 * being as read, retried when another admin changed it meanwhile. Outcomes are named.
 */
import type { PlanType } from '../../../shared/constants.js';
import type { Kobo } from '../../../shared/money.js';
import type { CatalogueStore } from './catalogue-port.js';
import {
  editPlan,
  newPlan,
  planCostFromCostPrice,
  priceBelowCost,
  repricePlan,
  type CostPrice,
  type NewPrice,
  type Plan,
  type PlanInput,
  type PlanProblem,
} from './data-plans.js';
import type { InWriteAudit } from '../back-office/audit.js';
import type { Logger } from '../logger.js';

export interface PlanManagerDeps {
  catalogue: CatalogueStore;
  now(): Date;
  log: Logger;
}

/** How often a write of one plan is tried when others keep changing the catalogue meanwhile. */
const PLAN_WRITE_ATTEMPTS = 5;

type PlanRefusal =
  | { kind: 'invalid_plan'; problem: PlanProblem }
  | { kind: 'invalid_price' }
  /** A tier priced under the plan's cost: refused for everyone, admins included. */
  | { kind: 'price_below_cost'; costKobo: Kobo }
  | { kind: 'plan_not_found' }
  | { kind: 'plan_id_taken' }
  | { kind: 'plan_changed_meanwhile' }
  | { kind: 'plans_added_meanwhile' };

export type PlanManagerResult =
  | { kind: 'added'; plan: Plan }
  | { kind: 'updated'; plan: Plan }
  | { kind: 'repriced'; plan: Plan }
  | { kind: 'deleted' }
  | PlanRefusal;

type PlanEdit = { ok: true; plan: Plan } | { ok: false; refusal: PlanRefusal };

const edited = (check: { ok: true; plan: Plan } | { ok: false; problem: PlanProblem }): PlanEdit =>
  check.ok ? notBelowCost(check.plan) : { ok: false, refusal: { kind: 'invalid_plan', problem: check.problem } };

/** Every plan written by the manager passes here: no tier may sell under the plan's cost. */
function notBelowCost(plan: Plan): PlanEdit {
  const below = priceBelowCost(plan);
  return below ? { ok: false, refusal: { kind: 'price_below_cost', costKobo: below.costKobo } } : { ok: true, plan };
}

async function costPerGb(planType: PlanType, deps: PlanManagerDeps): Promise<Kobo | undefined> {
  return (await deps.catalogue.getCostPrice(planType))?.costPriceKobo;
}

/** A plan as an operator's change found and left it (none before an addition, none after a deletion). */
export interface PlanAuditChange {
  before: Plan | null;
  after: Plan | null;
}

/**
 * Read, change, write only if unchanged since the read; retried on a concurrent edit. With `audit`,
 * the entry (the plan as read and as written) goes in the same write, so it names exactly what it replaced.
 */
async function modifyPlan(
  planId: number,
  change: (plan: Plan) => Promise<PlanEdit> | PlanEdit,
  deps: PlanManagerDeps,
  audit?: InWriteAudit<PlanAuditChange>,
): Promise<PlanEdit> {
  for (let attempt = 0; attempt < PLAN_WRITE_ATTEMPTS; attempt++) {
    const current = await deps.catalogue.getPlan(planId);
    if (!current) return { ok: false, refusal: { kind: 'plan_not_found' } };
    const next = await change(current);
    if (!next.ok) return next;
    const written = await deps.catalogue.replacePlan(next.plan, current.updatedAt, audit?.({ before: current, after: next.plan }));
    if (written === 'replaced') return next;
    if (written === 'missing') return { ok: false, refusal: { kind: 'plan_not_found' } };
  }
  return { ok: false, refusal: { kind: 'plan_changed_meanwhile' } };
}

/** A new plan; an id the admin gave must be free, an id we pick is retried if another admin took it meanwhile. */
export async function addPlan(
  input: PlanInput & { planId?: number },
  by: string,
  deps: PlanManagerDeps,
  audit?: InWriteAudit<PlanAuditChange>,
): Promise<PlanManagerResult> {
  const costPricePerGbKobo = input.planType ? await costPerGb(input.planType, deps) : undefined;
  for (let attempt = 0; attempt < PLAN_WRITE_ATTEMPTS; attempt++) {
    const planId = input.planId ?? (await deps.catalogue.nextPlanId());
    const check = edited(newPlan(planId, input, { now: deps.now(), costPricePerGbKobo }));
    if (!check.ok) return check.refusal;
    const created = await deps.catalogue.createPlan(check.plan, audit?.({ before: null, after: check.plan }));
    if (created.kind === 'created') {
      deps.log.info('plan added', { planId, planType: check.plan.planType, by });
      return { kind: 'added', plan: created.plan };
    }
    if (input.planId !== undefined) return { kind: 'plan_id_taken' };
  }
  return { kind: 'plans_added_meanwhile' };
}

export async function updatePlan(
  planId: number,
  changes: PlanInput,
  by: string,
  deps: PlanManagerDeps,
  audit?: InWriteAudit<PlanAuditChange>,
): Promise<PlanManagerResult> {
  const result = await modifyPlan(
    planId,
    async (current) => {
      const type = changes.planType ?? current.planType;
      const costPricePerGbKobo = changes.volumeRatio !== undefined ? await costPerGb(type, deps) : undefined;
      return edited(editPlan(current, changes, { now: deps.now(), costPricePerGbKobo }));
    },
    deps,
    audit,
  );
  if (!result.ok) return result.refusal;
  deps.log.info('plan updated', { planId, by });
  return { kind: 'updated', plan: result.plan };
}

export async function changePlanPrice(
  planId: number,
  newPrice: NewPrice,
  by: string,
  deps: PlanManagerDeps,
  audit?: InWriteAudit<PlanAuditChange>,
): Promise<PlanManagerResult> {
  const result = await modifyPlan(
    planId,
    (current) => {
      const repriced = repricePlan(current, newPrice, deps.now());
      return repriced ? notBelowCost(repriced) : { ok: false, refusal: { kind: 'invalid_price' } };
    },
    deps,
    audit,
  );
  if (!result.ok) return result.refusal;
  deps.log.info('plan repriced', { planId, by });
  return { kind: 'repriced', plan: result.plan };
}

export async function deletePlan(planId: number, by: string, deps: PlanManagerDeps, audit?: InWriteAudit<PlanAuditChange>): Promise<PlanManagerResult> {
  const deleted = audit ? await deleteAudited(planId, audit, deps) : (await deps.catalogue.deletePlan(planId)) ? 'deleted' : 'missing';
  if (deleted !== 'deleted') return { kind: deleted === 'missing' ? 'plan_not_found' : 'plan_changed_meanwhile' };
  deps.log.info('plan deleted', { planId, by });
  return { kind: 'deleted' };
}

/** The plan as read goes into the entry, so the deletion is conditioned on it being unchanged; retried on a concurrent edit. */
async function deleteAudited(
  planId: number,
  audit: InWriteAudit<PlanAuditChange>,
  deps: PlanManagerDeps,
): Promise<'deleted' | 'changed_meanwhile' | 'missing'> {
  for (let attempt = 0; attempt < PLAN_WRITE_ATTEMPTS; attempt++) {
    const current = await deps.catalogue.getPlan(planId);
    if (!current) return 'missing';
    const deleted = await deps.catalogue.deletePlanIfUnchanged(planId, current.updatedAt, audit({ before: current, after: null }));
    if (deleted !== 'changed_meanwhile') return deleted;
  }
  return 'changed_meanwhile';
}

/** The outcome of setting a plan type's cost price. */
export type CostPriceResult =
  | { kind: 'cost_price_set'; costPrice: CostPrice; plansUpdated: number }
  /** A plan of the type would then sell under its cost: nothing is changed. */
  | { kind: 'price_below_cost'; costKobo: Kobo; planId: number };

/**
 * The cost price per GB of a plan type; every plan of the type gets cost = price × its volume. Refused,
 * with nothing written, when a plan of the type is priced under what it would then cost: the prices go
 * up first, then the cost.
 */
export async function setCostPrice(planType: PlanType, costPriceKobo: Kobo, by: string, deps: PlanManagerDeps): Promise<CostPriceResult> {
  const now = deps.now();
  const plans = (await deps.catalogue.listPlans()).filter((plan) => plan.planType === planType);
  for (const plan of plans) {
    const below = priceBelowCost({ ...plan, planCostPriceKobo: planCostFromCostPrice(costPriceKobo, plan.volumeRatio) });
    if (below) return { kind: 'price_below_cost', costKobo: below.costKobo, planId: plan.planId };
  }
  const costPrice = await deps.catalogue.setCostPrice(planType, costPriceKobo, now);
  let plansUpdated = 0;
  for (const plan of plans) {
    if (await deps.catalogue.setPlanCost(plan.planId, planCostFromCostPrice(costPrice.costPriceKobo, plan.volumeRatio), now)) plansUpdated++;
  }
  deps.log.info('cost price set', { planType, plansUpdated, by });
  return { kind: 'cost_price_set', costPrice, plansUpdated };
}
