/**
 * The data-plan catalogue, pure: what a plan is (kobo inside), how an admin's input becomes one,
 * how it is priced for a user's tier, and the three ways it is shown (management view, session
 * view, public price row). No I/O here.
 */
import type { PlanView, PriceRow, SessionPlanView, SubscriptionPlans } from '../../../shared/api/catalogue.js';
import {
  AIRTIME_NETWORK_IDS,
  DATA_NETWORK_IDS,
  DEFAULT_PLAN_VALIDITY,
  ELECTRICITY_COMPANIES,
  NETWORK_NAMES,
  PLAN_TYPE_NETWORK,
  PLAN_TYPES,
  type NetworkName,
  type PlanType,
  type SupplierName,
  type UserType,
} from '../../../shared/constants.js';
import { applyRate, koboToNaira, type Kobo } from '../../../shared/money.js';
import { priceForUserType } from '../../../shared/pricing.js';
import { volumeRatioFromName } from '../../../shared/plan-volume.js';

export interface Plan {
  /** Our id of the plan: what POST /buy/data takes as `plan`. */
  planId: number;
  planType: PlanType;
  network: NetworkName;
  planName: string;
  planValidity: string;
  isAvailable: boolean;
  /** Volume in GB (500MB → 0.5): the plan's cost is its type's cost price × this. */
  volumeRatio: number;
  /** The list price shown as plan_amount. */
  planAmountKobo: Kobo;
  planCostPriceKobo: Kobo;
  smartEarnerPriceKobo: Kobo;
  resellerPriceKobo: Kobo;
  partnerPriceKobo: Kobo;
  apiPriceKobo: Kobo;
  /** Each supplier's own id of the plan; a supplier without one cannot deliver it. */
  supplierPlanIds: Partial<Record<SupplierName, number>>;
  createdAt: string;
  updatedAt: string;
}

/** What a data purchase keeps of its plan: later edits of the plan never change a purchase in flight. */
export interface DataPlanSnapshot {
  planId: number;
  planType: PlanType;
  planName: string;
  planValidity: string;
  /** Volume in GB (for sales figures by volume). */
  volumeRatio: number;
  supplierPlanIds: Partial<Record<SupplierName, number>>;
}

/** Cost price of a plan type: naira per GB, in kobo. */
export interface CostPrice {
  planType: PlanType;
  costPriceKobo: Kobo;
  updatedAt: string;
}

// ---------------------------------------------------------------------------------------------
// Reading plan text

// The volume reader lives in shared/ so the web's plan list sorts by the same reading.
export { volumeRatioFromName };

const VALIDITY_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/daily|\bday\b/, '1 day'],
  [/weekly|\bweek\b/, '7 days'],
  [/monthly|\bmonth\b/, '30 days'],
];

/**
 * A plan's validity as existing clients parse month_validate: exactly three words, "<number>
 * <unit> validity" (the original builds "<network> <plan> ₦<amount> <month_validate> <plan_type>"
 * and reads the data type as its 7th word, and the validity as parseInt of the first word).
 */
export function monthValidate(planValidity: string): string {
  const text = planValidity.trim().toLowerCase();
  const counted = /(\d+(?:\.\d+)?)\s*([a-z]+)?/.exec(text);
  if (counted) return `${counted[1]} ${counted[2] ?? 'days'} validity`;
  const word = VALIDITY_WORDS.find(([pattern]) => pattern.test(text));
  if (word) return `${word[1]} validity`;
  return `${text.replace(/\s+/g, '-') || DEFAULT_PLAN_VALIDITY.replace(' ', '-')} plan validity`;
}

/** Days of validity read from text ("30 days" → 30, "1 Day" → 1, "weekly" → 7); Infinity when unreadable (sorts last). */
export function validityDays(validity: string): number {
  const text = validity.trim().toLowerCase();
  const number = /(\d+(?:\.\d+)?)\s*(day|days|d|week|weeks|wk|month|months|year|years)?\b/.exec(text);
  if (number) {
    const value = Number(number[1]);
    const unit = number[2] ?? 'days';
    if (unit.startsWith('w')) return value * 7;
    if (unit.startsWith('month')) return value * 30;
    if (unit.startsWith('year')) return value * 365;
    return value;
  }
  if (text.includes('daily') || text.includes('day')) return 1;
  if (text.includes('week')) return 7;
  if (text.includes('month')) return 30;
  return Number.POSITIVE_INFINITY;
}

/** A plan's cost from its type's cost price per GB: one rounding rule (applyRate, half up). */
export function planCostFromCostPrice(costPricePerGbKobo: Kobo, volumeRatio: number): Kobo {
  return applyRate(costPricePerGbKobo, Math.round(volumeRatio * 10_000));
}

export function networkOfPlanType(type: PlanType): NetworkName {
  return PLAN_TYPE_NETWORK[type];
}

// ---------------------------------------------------------------------------------------------
// Validating an admin's plan

export interface PlanInput {
  planType?: PlanType;
  planName?: string;
  plan?: string;
  planValidity?: string;
  month_validate?: string;
  isAvailable?: boolean;
  volumeRatio?: number;
  planAmount?: Kobo;
  planCostPrice?: Kobo;
  smartEarnerPrice?: Kobo;
  my_price?: Kobo;
  resellerPrice?: Kobo;
  partnerPrice?: Kobo;
  apiPrice?: Kobo;
  supplierPlanIds?: Partial<Record<SupplierName, number>>;
}

export type PlanProblem = 'select_network' | 'enter_plan_name' | 'enter_valid_price';
export type PlanCheck = { ok: true; plan: Plan } | { ok: false; problem: PlanProblem };

export interface PlanContext {
  now: Date;
  /** The cost price per GB of the plan's type, when one was set: gives the plan's cost when not stated. */
  costPricePerGbKobo?: Kobo;
}

/**
 * A new plan from an admin's input. Needs a plan type ("Select a network"), a name and a smart
 * earner price; the other tiers default to it (partner to the reseller price), the list price to
 * the smart earner price, the volume to what the name says (else 1 GB), the validity to 30 days,
 * the cost to the type's cost price × volume (else 0). Supplier plan ids are only those entered: a
 * supplier without one is not asked for the plan, unless it is configured to share our plan ids
 * (`sharesOurPlanIds`, resolved when the order is sent: adapters/suppliers/msorg.ts).
 */
export function newPlan(planId: number, input: PlanInput, context: PlanContext): PlanCheck {
  if (!input.planType) return { ok: false, problem: 'select_network' };
  const planName = (input.planName ?? input.plan ?? '').trim();
  if (!planName) return { ok: false, problem: 'enter_plan_name' };
  const smartEarnerPriceKobo = input.smartEarnerPrice ?? input.my_price;
  if (smartEarnerPriceKobo === undefined || smartEarnerPriceKobo <= 0) return { ok: false, problem: 'enter_valid_price' };
  const resellerPriceKobo = input.resellerPrice ?? smartEarnerPriceKobo;
  const volumeRatio = input.volumeRatio ?? volumeRatioFromName(planName) ?? 1;
  const nowIso = context.now.toISOString();
  return {
    ok: true,
    plan: {
      planId,
      planType: input.planType,
      network: networkOfPlanType(input.planType),
      planName,
      planValidity: (input.planValidity ?? input.month_validate ?? '').trim() || DEFAULT_PLAN_VALIDITY,
      isAvailable: input.isAvailable ?? true,
      volumeRatio,
      planAmountKobo: input.planAmount ?? smartEarnerPriceKobo,
      planCostPriceKobo: input.planCostPrice ?? (context.costPricePerGbKobo === undefined ? 0 : planCostFromCostPrice(context.costPricePerGbKobo, volumeRatio)),
      smartEarnerPriceKobo,
      resellerPriceKobo,
      partnerPriceKobo: input.partnerPrice ?? resellerPriceKobo,
      apiPriceKobo: input.apiPrice ?? smartEarnerPriceKobo,
      supplierPlanIds: input.supplierPlanIds ?? {},
      createdAt: nowIso,
      updatedAt: nowIso,
    },
  };
}

/** An edited plan: fields given replace the stored ones; the id and creation time stay. */
export function editPlan(plan: Plan, changes: PlanInput, context: PlanContext): PlanCheck {
  const planType = changes.planType ?? plan.planType;
  const planName = (changes.planName ?? changes.plan ?? plan.planName).trim();
  if (!planName) return { ok: false, problem: 'enter_plan_name' };
  const volumeRatio = changes.volumeRatio ?? plan.volumeRatio;
  const recost = changes.planCostPrice === undefined && changes.volumeRatio !== undefined && context.costPricePerGbKobo !== undefined;
  return {
    ok: true,
    plan: {
      ...plan,
      planType,
      network: networkOfPlanType(planType),
      planName,
      planValidity: (changes.planValidity ?? changes.month_validate ?? plan.planValidity).trim() || DEFAULT_PLAN_VALIDITY,
      isAvailable: changes.isAvailable ?? plan.isAvailable,
      volumeRatio,
      planAmountKobo: changes.planAmount ?? plan.planAmountKobo,
      planCostPriceKobo: changes.planCostPrice ?? (recost ? planCostFromCostPrice(context.costPricePerGbKobo!, volumeRatio) : plan.planCostPriceKobo),
      smartEarnerPriceKobo: changes.smartEarnerPrice ?? changes.my_price ?? plan.smartEarnerPriceKobo,
      resellerPriceKobo: changes.resellerPrice ?? plan.resellerPriceKobo,
      partnerPriceKobo: changes.partnerPrice ?? plan.partnerPriceKobo,
      apiPriceKobo: changes.apiPrice ?? plan.apiPriceKobo,
      supplierPlanIds: changes.supplierPlanIds ? { ...plan.supplierPlanIds, ...changes.supplierPlanIds } : plan.supplierPlanIds,
      updatedAt: context.now.toISOString(),
    },
  };
}

export interface NewPrice {
  price?: Kobo;
  reseller?: Kobo;
  api?: Kobo;
  partner?: Kobo;
}

/** POST /admin/updatePrice: at least one tier changes; the others stay. Undefined when nothing changes. */
export function repricePlan(plan: Plan, newPrice: NewPrice, now: Date): Plan | undefined {
  const valid = (v: Kobo | undefined) => v !== undefined && Number.isSafeInteger(v) && v > 0;
  if (![newPrice.price, newPrice.reseller, newPrice.api, newPrice.partner].some(valid)) return undefined;
  return {
    ...plan,
    smartEarnerPriceKobo: valid(newPrice.price) ? newPrice.price! : plan.smartEarnerPriceKobo,
    resellerPriceKobo: valid(newPrice.reseller) ? newPrice.reseller! : plan.resellerPriceKobo,
    apiPriceKobo: valid(newPrice.api) ? newPrice.api! : plan.apiPriceKobo,
    partnerPriceKobo: valid(newPrice.partner) ? newPrice.partner! : plan.partnerPriceKobo,
    updatedAt: now.toISOString(),
  };
}

/** A tier price under the plan's cost: what the platform would lose on each sale. */
export interface PriceBelowCost {
  tier: 'planAmount' | 'smartEarnerPrice' | 'resellerPrice' | 'partnerPrice' | 'apiPrice';
  priceKobo: Kobo;
  costKobo: Kobo;
}

/**
 * The first tier priced below the plan's cost, if any. No one — admin, agent or the API — may sell a
 * plan at a loss: an agent's ₦1 for a ₦125 plan was bought at ₦1. A plan whose cost is unknown (0) has
 * nothing to compare with.
 */
export function priceBelowCost(plan: Plan): PriceBelowCost | undefined {
  const costKobo = plan.planCostPriceKobo;
  if (!(costKobo > 0)) return undefined;
  const tiers: [PriceBelowCost['tier'], Kobo][] = [
    ['smartEarnerPrice', plan.smartEarnerPriceKobo],
    ['resellerPrice', plan.resellerPriceKobo],
    ['partnerPrice', plan.partnerPriceKobo],
    ['apiPrice', plan.apiPriceKobo],
    ['planAmount', plan.planAmountKobo],
  ];
  const below = tiers.find(([, priceKobo]) => priceKobo < costKobo);
  return below ? { tier: below[0], priceKobo: below[1], costKobo } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Buying a plan

export type PlanPurchaseCheck = { ok: true; plan: Plan } | { ok: false; reason: 'plan_unavailable' | 'plan_not_for_network' };

/** A plan can be bought when it exists, is available, and belongs to the network chosen. */
export function checkPlanForPurchase(plan: Plan | undefined, network: NetworkName): PlanPurchaseCheck {
  if (!plan?.isAvailable) return { ok: false, reason: 'plan_unavailable' };
  if (plan.network !== network) return { ok: false, reason: 'plan_not_for_network' };
  return { ok: true, plan };
}

export interface DataPrice {
  /** What the wallet is debited: the plan's price for the user's tier. */
  chargeKobo: Kobo;
  /** What the plan costs us; profit = charge − cost, recorded when delivered. */
  costKobo: Kobo;
}

/** The shared tier rule (shared/pricing.ts) applied to a plan's kobo prices. */
export function planPriceFor(plan: Plan, userType: UserType): Kobo {
  return priceForUserType({ my_price: plan.smartEarnerPriceKobo, resellerPrice: plan.resellerPriceKobo, apiPrice: plan.apiPriceKobo }, userType);
}

export function priceDataPlan(plan: Plan, userType: UserType): DataPrice {
  return { chargeKobo: planPriceFor(plan, userType), costKobo: plan.planCostPriceKobo };
}

export function snapshotOf(plan: Plan): DataPlanSnapshot {
  return {
    planId: plan.planId,
    planType: plan.planType,
    planName: plan.planName,
    planValidity: plan.planValidity,
    volumeRatio: plan.volumeRatio,
    supplierPlanIds: { ...plan.supplierPlanIds },
  };
}

// ---------------------------------------------------------------------------------------------
// Ordering and views

const networkOrder = (network: NetworkName) => NETWORK_NAMES.indexOf(network);
const typeOrder = (type: PlanType) => PLAN_TYPES.indexOf(type);

/** Network, then plan type, then validity (days), volume, price and id: the order of every listing. */
export function comparePlans(a: Plan, b: Plan): number {
  return (
    networkOrder(a.network) - networkOrder(b.network) ||
    typeOrder(a.planType) - typeOrder(b.planType) ||
    validityDays(a.planValidity) - validityDays(b.planValidity) ||
    a.volumeRatio - b.volumeRatio ||
    a.smartEarnerPriceKobo - b.smartEarnerPriceKobo ||
    a.planId - b.planId
  );
}

export function sortPlans(plans: readonly Plan[]): Plan[] {
  return [...plans].sort(comparePlans);
}

export function toPlanView(plan: Plan): PlanView {
  return {
    _id: String(plan.planId),
    planId: plan.planId,
    planType: plan.planType,
    planName: plan.planName,
    plan: plan.planName,
    planAmount: koboToNaira(plan.planAmountKobo),
    planValidity: plan.planValidity,
    isAvailable: plan.isAvailable,
    volumeRatio: plan.volumeRatio,
    planCostPrice: koboToNaira(plan.planCostPriceKobo),
    smartEarnerPrice: koboToNaira(plan.smartEarnerPriceKobo),
    resellerPrice: koboToNaira(plan.resellerPriceKobo),
    partnerPrice: koboToNaira(plan.partnerPriceKobo),
    apiPrice: koboToNaira(plan.apiPriceKobo),
    plan_network: plan.network,
    supplierPlanIds: { ...plan.supplierPlanIds },
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
  };
}

/** The session's view; the cost is the platform's business, shown to admins and agents only. */
export function toSessionPlanView(plan: Plan, options: { showCost: boolean; userType: UserType }): SessionPlanView {
  return {
    id: plan.planId,
    _id: String(plan.planId),
    plan_network: plan.network,
    plan: plan.planName,
    // What this user is charged: the original shows it as "You will be charged".
    plan_amount: koboToNaira(planPriceFor(plan, options.userType)),
    month_validate: monthValidate(plan.planValidity),
    plan_type: plan.planType,
    my_price: koboToNaira(plan.smartEarnerPriceKobo),
    resellerPrice: koboToNaira(plan.resellerPriceKobo),
    apiPrice: koboToNaira(plan.apiPriceKobo),
    planCostPrice: options.showCost ? koboToNaira(plan.planCostPriceKobo) : 0,
  };
}

/** A price row; the list is public, so plan_amount is the smart earner price (the price anyone pays). */
export function toPriceRow(plan: Plan): PriceRow {
  return {
    _id: String(plan.planId),
    id: plan.planId,
    plan_network: plan.network,
    plan_type: plan.planType,
    plan: plan.planName,
    plan_amount: koboToNaira(plan.smartEarnerPriceKobo),
    my_price: koboToNaira(plan.smartEarnerPriceKobo),
    resellerPrice: koboToNaira(plan.resellerPriceKobo),
    apiPrice: koboToNaira(plan.apiPriceKobo),
    month_validate: monthValidate(plan.planValidity),
    isAvailable: plan.isAvailable,
  };
}

/** The public price list: available plans only, optionally of one network or one plan type. */
export function priceList(plans: readonly Plan[], filter: { network?: NetworkName; planType?: PlanType } = {}): PriceRow[] {
  return sortPlans(plans)
    .filter((plan) => plan.isAvailable)
    .filter((plan) => (filter.planType ? plan.planType === filter.planType : filter.network ? plan.network === filter.network : true))
    .map(toPriceRow);
}

export const NETWORK_OPTIONS = NETWORK_NAMES.map((name) => ({
  id: DATA_NETWORK_IDS[name],
  name,
  dataNetworkId: DATA_NETWORK_IDS[name],
  airtimeNetworkId: AIRTIME_NETWORK_IDS[name],
}));

export const DISCO_OPTIONS = ELECTRICITY_COMPANIES.map((company) => ({ id: company.meterId, name: company.name }));

/**
 * The plan groups of a session: the available plans per network, in listing order.
 * MTN holds every MTN type (the data type is told by plan_type), MTN_CG_PRICE the corporate
 * gifting ones again; DISCO the electricity companies, NETWORK the networks with their ids.
 */
export function subscriptionPlanGroups(plans: readonly Plan[], options: { showCost: boolean; userType: UserType }): SubscriptionPlans {
  const available = sortPlans(plans).filter((plan) => plan.isAvailable);
  const of = (predicate: (plan: Plan) => boolean) => available.filter(predicate).map((plan) => toSessionPlanView(plan, options));
  return {
    MTN: of((plan) => plan.network === 'MTN'),
    MTN_CG_PRICE: of((plan) => plan.planType === 'MTN-CG'),
    GLO: of((plan) => plan.network === 'GLO'),
    AIRTEL: of((plan) => plan.network === 'AIRTEL'),
    NMOBILE: of((plan) => plan.network === '9MOBILE'),
    CABLETV: [],
    CABLENAME: [],
    DISCO: DISCO_OPTIONS.map((disco) => ({ ...disco })),
    NETWORK: NETWORK_OPTIONS.map((network) => ({ ...network })),
  };
}
