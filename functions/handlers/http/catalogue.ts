/**
 * The catalogue HTTP service: the public price list (GET/POST /prices), the admin plan manager
 * (GET /dataPlan, POST /dataPlan/add, PATCH /dataPlan/update, DELETE /dataPlan/delete?planId=),
 * tier price updates by admins and agents (POST /admin/updatePrice) and cost prices per plan type
 * (GET/POST /admin/costPrice). Naira at this edge, kobo inside; the writes are domain/plan-manager.
 */
import {
  addPlanRequest,
  deletePlanQuery,
  filterPricesRequest,
  setCostPriceRequest,
  updatePlanRequest,
  updatePriceRequest,
  type CostPriceList,
  type CostPriceResponse,
  type CostPriceView,
  type PlanListResponse,
  type PlanResponse,
  type PriceRow,
} from '../../../shared/api/catalogue.js';
import { ulid } from 'ulid';
import { updateBillProductRequest, type BillProductListResponse, type BillProductResponse } from '../../../shared/api/bills.js';
import { dynamoBillProducts } from '../../adapters/dynamo/purchases/bill-products.js';
import { editBillProduct, toBillProductView, type EditBillProductResult } from '../../domain/products/bill-catalogue.js';
import type { BillProductStore } from '../../domain/products/catalogue-port.js';
import { PLAN_TYPES, type PlanType } from '../../../shared/constants.js';
import { BILL_MSG, CATALOGUE_MSG, MSG, aboveApprovedPriceMessage, costAbovePriceMessage, priceBelowCostMessage } from '../../../shared/messages.js';
import { formatNaira, koboToNaira } from '../../../shared/money.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/environment.js';
import { dynamoCatalogue } from '../../adapters/dynamo/purchases/catalogue.js';
import { domainLog } from '../../adapters/log.js';
import { inWriteAudit, planAuditChange } from '../../domain/back-office/audit.js';
import { priceList, sortPlans, toPlanView, type CostPrice, type Plan, type PlanProblem } from '../../domain/products/data-plans.js';
import {
  addPlan,
  changePlanPrice,
  deletePlan,
  setCostPrice,
  updatePlan,
  type PlanManagerDeps,
  type PlanManagerResult,
} from '../../domain/products/plan-manager.js';
import { auditedRequestOf } from '../../middleware/audit.js';
import { answerWith, httpService, ok, parseInput, refusal, refuse, type PublicOperation, type UserOperation, type UserRequest } from '../../middleware/http.js';
import { edge } from './edge.js';
import {
  CONFIGURATION_PROBLEMS,
  SERVICE_MSG,
  saveServiceRequest,
  type ConfiguredServiceListResponse,
  type SaveServiceResponse,
  type ServiceListResponse,
} from '../../../shared/api/configured-services.js';
import { dynamoConfiguredServices } from '../../adapters/dynamo/configured-services/configured-services.js';
import type { ConfiguredServiceStore } from '../../domain/products/configured-service.js';
import { saveService, servicesOnSale, toConfiguredServiceView, type SaveServiceResult } from '../../domain/products/configured-service-catalogue.js';

/** `newId`: the audit entry's id of a plan or price change. */
export type CatalogueDeps = PlanManagerDeps & { newId(): string };

const PROBLEM_MESSAGES: Record<PlanProblem, string> = {
  select_network: MSG.selectNetworkAdmin,
  enter_plan_name: CATALOGUE_MSG.enterPlanName,
  enter_valid_price: MSG.enterValidPrice,
};

const planAnswer =
  (msg: string, statusCode = 200) =>
  ({ plan }: { plan: Plan }) => {
    const body: PlanResponse = { msg, plan: toPlanView(plan) };
    return ok(body, statusCode);
  };

const planManagerAnswer = answerWith<PlanManagerResult>({
  added: planAnswer(CATALOGUE_MSG.planAdded, 201),
  updated: planAnswer(CATALOGUE_MSG.planUpdated),
  repriced: planAnswer(CATALOGUE_MSG.priceUpdated),
  deleted: () => ok({ msg: CATALOGUE_MSG.planDeleted }),
  invalid_plan: ({ problem }) => refusal(400, PROBLEM_MESSAGES[problem]),
  invalid_price: refuse(400, MSG.enterValidValue),
  price_below_cost: ({ costKobo }) => refusal(400, priceBelowCostMessage(formatNaira(costKobo))),
  plan_not_found: refuse(404, CATALOGUE_MSG.planNotFound),
  plan_id_taken: refuse(409, CATALOGUE_MSG.planIdTaken),
  plan_changed_meanwhile: refuse(409, 'This plan is being changed by someone else, please try again'),
  plans_added_meanwhile: refuse(409, 'Plans are being added by someone else, please try again'),
});

function costPriceView(planType: PlanType, stored: CostPrice | undefined): CostPriceView {
  return { network: planType, costPrice: stored ? koboToNaira(stored.costPriceKobo) : 0, updatedAt: stored?.updatedAt ?? null };
}

export const listPricesOperation =
  (deps: CatalogueDeps): PublicOperation =>
  async () => {
    const body: PriceRow[] = priceList(await deps.catalogue.listPlans());
    return ok(body);
  };

export const filterPricesOperation =
  (deps: CatalogueDeps): PublicOperation =>
  async ({ body }) => {
    const { network } = parseInput(filterPricesRequest, body);
    const rows: PriceRow[] = network ? priceList(await deps.catalogue.listPlans(), network) : [];
    return ok(rows);
  };

export const listPlansOperation =
  (deps: CatalogueDeps): UserOperation =>
  async () => {
    const body: PlanListResponse = { plans: sortPlans(await deps.catalogue.listPlans()).map(toPlanView) };
    return ok(body);
  };

/** A plan change's audit entry (addition, edit, price, deletion), put in the plan's own write (routes marked auditedInWrite). */
const planAudit = (request: UserRequest, deps: CatalogueDeps, status = 200) =>
  inWriteAudit(auditedRequestOf(request), deps.now(), deps.newId(), planAuditChange, status);

export const addPlanOperation =
  (deps: CatalogueDeps): UserOperation =>
  async (request) =>
    planManagerAnswer(await addPlan(parseInput(addPlanRequest, request.body), request.principal.userName, deps, planAudit(request, deps, 201)));

export const updatePlanOperation =
  (deps: CatalogueDeps): UserOperation =>
  async (request) => {
    const { planId, changes } = parseInput(updatePlanRequest, request.body);
    return planManagerAnswer(await updatePlan(planId, changes, request.principal.userName, deps, planAudit(request, deps)));
  };

export const deletePlanOperation =
  (deps: CatalogueDeps): UserOperation =>
  async (request) =>
    planManagerAnswer(await deletePlan(parseInput(deletePlanQuery, request.query).planId, request.principal.userName, deps, planAudit(request, deps)));

export const updatePriceOperation =
  (deps: CatalogueDeps): UserOperation =>
  async (request) => {
    const { newPrice, dataId } = parseInput(updatePriceRequest, request.body);
    return planManagerAnswer(await changePlanPrice(dataId, newPrice, request.principal.userName, deps, planAudit(request, deps)));
  };

export const listCostPricesOperation =
  (deps: CatalogueDeps): UserOperation =>
  async () => {
    const stored = new Map((await deps.catalogue.listCostPrices()).map((c) => [c.planType, c]));
    const body: CostPriceList = PLAN_TYPES.map((type) => costPriceView(type, stored.get(type)));
    return ok(body);
  };

export const setCostPriceOperation =
  (deps: CatalogueDeps): UserOperation =>
  async ({ principal, body }) => {
    const input = parseInput(setCostPriceRequest, body);
    const result = await setCostPrice(input.network, input.costPrice, principal.userName, deps);
    if (result.kind === 'price_below_cost') return refusal(400, costAbovePriceMessage(formatNaira(result.costKobo), result.planId));
    const { costPrice, plansUpdated } = result;
    const answer: CostPriceResponse = { msg: CATALOGUE_MSG.costPriceUpdated, costPrice: costPriceView(input.network, costPrice), plansUpdated };
    return ok(answer);
  };

// ---------------------------------------------------------------------------------------------
// Cable bouquets and exam PINs

export interface BillCatalogueDeps {
  billProducts: BillProductStore;
  now(): Date;
}

/** GET /billProducts: every bill product with the caller's price (costs for admins and agents only). */
export const listBillProductsOperation =
  (deps: BillCatalogueDeps): UserOperation =>
  async ({ principal }) => {
    const showCost = principal.isAdmin || principal.isAgent;
    const products = (await deps.billProducts.listBillProducts()).sort(
      (a, b) => a.family.localeCompare(b.family) || a.serviceId.localeCompare(b.serviceId) || a.costPriceKobo - b.costPriceKobo,
    );
    const body: BillProductListResponse = { products: products.map((p) => toBillProductView(p, { userType: principal.userType, showCost })) };
    return ok(body);
  };

const billProductAnswer = answerWith<EditBillProductResult>({
  updated: ({ product }) => {
    const body: BillProductResponse = { msg: BILL_MSG.productUpdated, product: toBillProductView(product, { userType: 'smart earner', showCost: true }) };
    return ok(body);
  },
  not_found: refuse(404, BILL_MSG.productNotFound),
  changed_meanwhile: refuse(409, 'This product is being changed by someone else, please try again'),
  price_below_cost: refuse(400, BILL_MSG.priceBelowCost),
  invalid_price: refuse(400, BILL_MSG.invalidPrice),
  above_approved_price: ({ product, approvedPriceKobo }) => refusal(400, aboveApprovedPriceMessage(product.name, formatNaira(approvedPriceKobo))),
});

/** POST /admin/billProduct: an admin sets a bouquet's or exam's prices (tiers and cost) or availability. */
export const updateBillProductOperation =
  (deps: BillCatalogueDeps): UserOperation =>
  async ({ body }) => {
    const input = parseInput(updateBillProductRequest, body);
    const edit = {
      ...(input.costPrice === undefined ? {} : { costPriceKobo: input.costPrice }),
      ...(input.my_price === undefined ? {} : { smartEarnerPriceKobo: input.my_price }),
      ...(input.resellerPrice === undefined ? {} : { resellerPriceKobo: input.resellerPrice }),
      ...(input.apiPrice === undefined ? {} : { apiPriceKobo: input.apiPrice }),
      ...(input.isAvailable === undefined ? {} : { isAvailable: input.isAvailable }),
    };
    return billProductAnswer(await editBillProduct(input.code, edit, deps));
  };

// ---------------------------------------------------------------------------------------------
// VTpass services offered by configuration

export interface ServiceCatalogueDeps {
  configuredServices: ConfiguredServiceStore;
  now(): Date;
}

/** GET /services (public): the services switched on, with their available plans and every tier's price (the price list's and the screen's). */
export const listServicesOperation =
  (deps: ServiceCatalogueDeps): PublicOperation =>
  async () => {
    const body: ServiceListResponse = { services: servicesOnSale(await deps.configuredServices.listConfiguredServices()) };
    return ok(body);
  };

/** GET /admin/services: every configured service, on or off, with its costs. */
export const listConfiguredServicesOperation =
  (deps: ServiceCatalogueDeps): UserOperation =>
  async () => {
    const services = (await deps.configuredServices.listConfiguredServices()).sort((a, b) => a.name.localeCompare(b.name));
    const body: ConfiguredServiceListResponse = { services: services.map(toConfiguredServiceView) };
    return ok(body);
  };

const saveServiceAnswer = answerWith<SaveServiceResult>({
  saved: ({ service }) => {
    const body: SaveServiceResponse = { msg: SERVICE_MSG.saved, service: toConfiguredServiceView(service) };
    return ok(body);
  },
  invalid: ({ problem }) => refusal(400, CONFIGURATION_PROBLEMS[problem]),
  changed_meanwhile: refuse(409, SERVICE_MSG.changedMeanwhile),
});

/** PUT /admin/services: an admin's whole configuration of one service (new, or as read), checked then stored. */
export const saveConfiguredServiceOperation =
  (deps: ServiceCatalogueDeps): UserOperation =>
  async ({ body }) =>
    saveServiceAnswer(await saveService(parseInput(saveServiceRequest, body), deps));

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session]);

const deps: CatalogueDeps & BillCatalogueDeps & ServiceCatalogueDeps = {
  configuredServices: dynamoConfiguredServices,
  catalogue: dynamoCatalogue,
  billProducts: dynamoBillProducts,
  now: () => new Date(),
  log: domainLog,
  newId: () => ulid(),
};

export const handler = httpService(
  'catalogue',
  {
    listPrices: listPricesOperation(deps),
    filterPrices: filterPricesOperation(deps),
    listPlans: listPlansOperation(deps),
    addPlan: addPlanOperation(deps),
    updatePlan: updatePlanOperation(deps),
    deletePlan: deletePlanOperation(deps),
    updatePrice: updatePriceOperation(deps),
    listCostPrices: listCostPricesOperation(deps),
    setCostPrice: setCostPriceOperation(deps),
    listBillProducts: listBillProductsOperation(deps),
    updateBillProduct: updateBillProductOperation(deps),
    listServices: listServicesOperation(deps),
    listConfiguredServices: listConfiguredServicesOperation(deps),
    saveConfiguredService: saveConfiguredServiceOperation(deps),
  },
  edge,
);
