/**
 * The catalogue HTTP service: the public price list (GET/POST /prices), the admin plan manager
 * (GET /dataPlan, POST /dataPlan/add, PATCH /dataPlan/update, DELETE /dataPlan/delete?planId=),
 * tier price updates by admins and agents (POST /admin/updatePrice) and cost prices per plan type
 * (GET/POST /admin/costPrice). Naira at this edge, kobo inside.
 */
import {
  addPlanRequest,
  deletePlanQuery,
  filterPricesRequest,
  setCostPriceRequest,
  updatePlanRequest,
  updatePriceRequest,
  type CostPriceListResponse,
  type CostPriceResponse,
  type CostPriceView,
  type PlanListResponse,
  type PlanResponse,
  type PriceRow,
} from '../../../shared/api/catalogue.js';
import { PLAN_TYPES, type PlanType } from '../../../shared/constants.js';
import { CATALOGUE_MSG, MSG } from '../../../shared/messages.js';
import { koboToNaira } from '../../../shared/money.js';
import { dynamoCatalogue } from '../../adapters/dynamo/catalogue.js';
import { loadPrincipal } from '../../adapters/dynamo/users.js';
import { logger } from '../../adapters/observability.js';
import {
  editPlan,
  newPlan,
  planCostFromCostPrice,
  priceList,
  repricePlan,
  sortPlans,
  toPlanView,
  type CostPrice,
  type Plan,
  type PlanCheck,
  type PlanProblem,
} from '../../domain/catalogue.js';
import type { CatalogueStore } from '../../ports/catalogue.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../middleware/errors.js';
import { httpService, parseInput, type HttpAnswer, type HttpRequest, type OperationHandler } from '../../middleware/http.js';

export interface CatalogueDeps {
  catalogue: CatalogueStore;
  now(): Date;
}

const PROBLEM_MESSAGES: Record<PlanProblem, string> = {
  select_network: MSG.selectNetworkAdmin,
  enter_plan_name: CATALOGUE_MSG.enterPlanName,
  enter_valid_price: MSG.enterValidPrice,
};

function planOrThrow(check: PlanCheck): Plan {
  if (!check.ok) throw new BadRequestError(PROBLEM_MESSAGES[check.problem]);
  return check.plan;
}

/** How often a read-modify-write of one plan is retried when another admin changed it meanwhile. */
const PLAN_WRITE_ATTEMPTS = 5;

function costPriceView(planType: PlanType, stored: CostPrice | undefined): CostPriceView {
  return { network: planType, costPrice: stored ? koboToNaira(stored.costPriceKobo) : 0, updatedAt: stored?.updatedAt ?? null };
}

export function catalogueOperations(deps: CatalogueDeps) {
  const { catalogue } = deps;

  /** Read, change, write only if unchanged since the read; retried on a concurrent edit. */
  async function modifyPlan(planId: number, change: (plan: Plan) => Promise<Plan> | Plan): Promise<Plan> {
    for (let attempt = 0; attempt < PLAN_WRITE_ATTEMPTS; attempt++) {
      const current = await catalogue.getPlan(planId);
      if (!current) throw new NotFoundError(CATALOGUE_MSG.planNotFound);
      const next = await change(current);
      const written = await catalogue.replacePlan(next, current.updatedAt);
      if (written === 'replaced') return next;
      if (written === 'missing') throw new NotFoundError(CATALOGUE_MSG.planNotFound);
    }
    throw new ConflictError('This plan is being changed by someone else, please try again');
  }

  async function costPerGb(planType: PlanType): Promise<number | undefined> {
    return (await catalogue.getCostPrice(planType))?.costPriceKobo;
  }

  const listPrices: OperationHandler = async () => {
    const body: PriceRow[] = priceList(await catalogue.listPlans());
    return { body };
  };

  const filterPrices: OperationHandler = async (request) => {
    const { network } = parseInput(filterPricesRequest, request.body);
    const body: PriceRow[] = priceList(await catalogue.listPlans(), network);
    return { body };
  };

  const listPlans: OperationHandler = async () => {
    const body: PlanListResponse = { plans: sortPlans(await catalogue.listPlans()).map(toPlanView) };
    return { body };
  };

  const addPlan: OperationHandler = async (request) => {
    const input = parseInput(addPlanRequest, request.body);
    const costPricePerGbKobo = input.planType ? await costPerGb(input.planType) : undefined;
    // An id the admin gave must be free; an id we pick is retried if another admin took it meanwhile.
    for (let attempt = 0; attempt < PLAN_WRITE_ATTEMPTS; attempt++) {
      const planId = input.planId ?? (await catalogue.nextPlanId());
      const plan = planOrThrow(newPlan(planId, input, { now: deps.now(), costPricePerGbKobo }));
      const created = await catalogue.createPlan(plan);
      if (created.kind === 'created') {
        logger.info('plan added', { planId, planType: plan.planType, by: request.principal?.userName });
        const body: PlanResponse = { msg: CATALOGUE_MSG.planAdded, plan: toPlanView(created.plan) };
        return { statusCode: 201, body };
      }
      if (input.planId !== undefined) throw new ConflictError(CATALOGUE_MSG.planIdTaken);
    }
    throw new ConflictError('Plans are being added by someone else, please try again');
  };

  const updatePlan: OperationHandler = async (request) => {
    const { planId, changes } = parseInput(updatePlanRequest, request.body);
    const plan = await modifyPlan(planId, async (current) => {
      const type = changes.planType ?? current.planType;
      const costPricePerGbKobo = changes.volumeRatio !== undefined ? await costPerGb(type) : undefined;
      return planOrThrow(editPlan(current, changes, { now: deps.now(), costPricePerGbKobo }));
    });
    logger.info('plan updated', { planId, by: request.principal?.userName });
    const body: PlanResponse = { msg: CATALOGUE_MSG.planUpdated, plan: toPlanView(plan) };
    return { body };
  };

  const deletePlan: OperationHandler = async (request) => {
    const { planId } = parseInput(deletePlanQuery, request.query);
    if (!(await catalogue.deletePlan(planId))) throw new NotFoundError(CATALOGUE_MSG.planNotFound);
    logger.info('plan deleted', { planId, by: request.principal?.userName });
    return { body: { msg: CATALOGUE_MSG.planDeleted } };
  };

  const updatePrice: OperationHandler = async (request) => {
    const { newPrice, dataId } = parseInput(updatePriceRequest, request.body);
    const plan = await modifyPlan(dataId, (current) => {
      const repriced = repricePlan(current, newPrice, deps.now());
      if (!repriced) throw new BadRequestError(MSG.enterValidValue);
      return repriced;
    });
    logger.info('plan repriced', { planId: dataId, by: request.principal?.userName });
    const body: PlanResponse = { msg: CATALOGUE_MSG.priceUpdated, plan: toPlanView(plan) };
    return { body };
  };

  const listCostPrices: OperationHandler = async () => {
    const stored = new Map((await catalogue.listCostPrices()).map((c) => [c.planType, c]));
    const body: CostPriceListResponse = { costPrices: PLAN_TYPES.map((type) => costPriceView(type, stored.get(type))) };
    return { body };
  };

  /** The cost price per GB of a plan type; every plan of the type gets cost = price × its volume. */
  const setCostPrice: OperationHandler = async (request) => {
    const input = parseInput(setCostPriceRequest, request.body);
    const now = deps.now();
    const stored = await catalogue.setCostPrice(input.network, input.costPrice!, now);
    const plans = (await catalogue.listPlans()).filter((plan) => plan.planType === input.network);
    let plansUpdated = 0;
    for (const plan of plans) {
      if (await catalogue.setPlanCost(plan.planId, planCostFromCostPrice(stored.costPriceKobo, plan.volumeRatio), now)) plansUpdated++;
    }
    logger.info('cost price set', { planType: input.network, plansUpdated, by: request.principal?.userName });
    const body: CostPriceResponse = { msg: CATALOGUE_MSG.costPriceUpdated, costPrice: costPriceView(input.network, stored), plansUpdated };
    return { body };
  };

  return { listPrices, filterPrices, listPlans, addPlan, updatePlan, deletePlan, updatePrice, listCostPrices, setCostPrice } satisfies Record<
    string,
    (request: HttpRequest) => Promise<HttpAnswer>
  >;
}

export const handler = httpService('catalogue', catalogueOperations({ catalogue: dynamoCatalogue, now: () => new Date() }), { loadPrincipal });
