/**
 * The plan manager's form (spec §2 "Plan manager", §5 "a network must be selected"): values as
 * typed ↔ the body of POST /dataPlan/add and PATCH /dataPlan/update, checked with the API's own
 * schemas (shared/api/catalogue.ts) before anything is sent.
 */
import { addPlanRequest, updatePlanRequest, type PlanView } from '@shared/api/catalogue.js';
import { DEFAULT_PLAN_VALIDITY, SUPPLIERS, isPlanType, type PlanType, type SupplierName } from '@shared/constants.js';
import { CATALOGUE_MSG, MSG } from '@shared/messages.js';

export interface PlanFormValues {
  /** A plan type (MTN, MTN-CG, …, 9MOBILE); '' until chosen. */
  planType: string;
  planName: string;
  planValidity: string;
  smartEarnerPrice: string;
  resellerPrice: string;
  apiPrice: string;
  planCostPrice: string;
  volumeRatio: string;
  isAvailable: boolean;
  /** Our plan id: optional when adding (the next free one), fixed when editing. */
  planId: string;
  supplierPlanIds: Record<SupplierName, string>;
}

export interface PlanBody {
  planId?: number;
  planType?: PlanType;
  planName?: string;
  planValidity?: string;
  smartEarnerPrice?: number;
  resellerPrice?: number;
  apiPrice?: number;
  planCostPrice?: number;
  volumeRatio?: number;
  isAvailable?: boolean;
  supplierPlanIds?: Partial<Record<SupplierName, number>>;
}

const noSupplierIds = () => Object.fromEntries(SUPPLIERS.map((name) => [name, ''])) as Record<SupplierName, string>;

export const EMPTY_PLAN_FORM: PlanFormValues = {
  planType: '',
  planName: '',
  planValidity: DEFAULT_PLAN_VALIDITY,
  smartEarnerPrice: '',
  resellerPrice: '',
  apiPrice: '',
  planCostPrice: '',
  volumeRatio: '',
  isAvailable: true,
  planId: '',
  supplierPlanIds: noSupplierIds(),
};

/** The form filled from a plan (editing), or blank with `planType` preset (adding). */
export function planFormValues(plan?: PlanView, planType = ''): PlanFormValues {
  if (!plan) return { ...EMPTY_PLAN_FORM, planType, supplierPlanIds: noSupplierIds() };
  const ids = noSupplierIds();
  for (const name of SUPPLIERS) if (plan.supplierPlanIds?.[name] !== undefined) ids[name] = String(plan.supplierPlanIds[name]);
  return {
    planType: plan.planType,
    planName: plan.planName,
    planValidity: plan.planValidity,
    smartEarnerPrice: String(plan.smartEarnerPrice),
    resellerPrice: String(plan.resellerPrice),
    apiPrice: String(plan.apiPrice),
    planCostPrice: String(plan.planCostPrice),
    volumeRatio: String(plan.volumeRatio),
    isAvailable: plan.isAvailable,
    planId: String(plan.planId),
    supplierPlanIds: ids,
  };
}

const text = (value: string | undefined) => (value ?? '').trim();

/** The filled-in fields, blank ones left out (the server then applies its defaults); numbers as `toNumber` makes them. */
function collect<N>(values: PlanFormValues, toNumber: (typed: string) => N) {
  const body: Record<string, unknown> = {};
  const type = text(values.planType).toUpperCase();
  if (isPlanType(type)) body.planType = type;
  if (text(values.planName)) body.planName = text(values.planName);
  if (text(values.planValidity)) body.planValidity = text(values.planValidity);
  for (const field of ['smartEarnerPrice', 'resellerPrice', 'apiPrice', 'planCostPrice', 'volumeRatio', 'planId'] as const) {
    if (text(values[field])) body[field] = toNumber(text(values[field]));
  }
  body.isAvailable = values.isAvailable;
  const ids: Record<string, N> = {};
  for (const name of SUPPLIERS) if (text(values.supplierPlanIds?.[name])) ids[name] = toNumber(text(values.supplierPlanIds[name]));
  if (Object.keys(ids).length > 0) body.supplierPlanIds = ids;
  return body;
}

/** The request body sent to POST /dataPlan/add or PATCH /dataPlan/update. */
export function planBody(values: PlanFormValues): PlanBody {
  return collect(values, Number) as PlanBody;
}

/** The first problem with the form, or null when it may be sent. `editing` checks it as an update. */
export function planFormProblem(values: PlanFormValues, editing: boolean): string | null {
  if (!isPlanType(text(values.planType).toUpperCase())) return MSG.selectNetworkAdmin;
  if (!text(values.planName)) return CATALOGUE_MSG.enterPlanName;
  if (!text(values.smartEarnerPrice)) return MSG.enterValidPrice;
  // Checked as typed (the API takes numeric text too), so a wrong number is refused with its message.
  const typed = collect(values, (value) => value);
  const parsed = editing ? updatePlanRequest.safeParse(typed) : addPlanRequest.safeParse(typed);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MSG.enterValidPrice);
}
