/**
 * The plan manager's form: typed values
 * → the body of POST /dataPlan/add and PATCH /dataPlan/update. The network, name and price are
 * asked for first; then the whole plan is checked with the API's own schemas
 * (shared/api/catalogue.ts), which take numbers as typed text too, so a wrong number is refused
 * with the API's message before anything is sent.
 */
import { z } from 'zod';
import { addPlanRequest, updatePlanRequest, type PlanView } from '@shared/api/catalogue.js';
import { DEFAULT_PLAN_VALIDITY, SUPPLIERS, isPlanType, type PlanType, type SupplierName } from '@shared/constants.js';
import { CATALOGUE_MSG, MSG } from '@shared/messages.js';
import { filled } from '@/lib/forms.js';

const text = z.string().trim();

const planFields = z.object({
  /** A plan type (MTN, MTN-CG, …, 9MOBILE); '' until chosen. */
  planType: text.toUpperCase().refine(isPlanType, MSG.selectNetworkAdmin),
  planName: filled(CATALOGUE_MSG.enterPlanName),
  smartEarnerPrice: filled(MSG.enterValidPrice),
  planValidity: text,
  resellerPrice: text,
  apiPrice: text,
  planCostPrice: text,
  volumeRatio: text,
  /** Our plan id: optional when adding (the next free one), fixed when editing. */
  planId: text,
  isAvailable: z.boolean(),
  supplierPlanIds: z.record(z.enum(SUPPLIERS), text),
});
export type PlanFormValues = z.input<typeof planFields>;
export const PLAN_FIELD_ORDER = ['planType', 'planName', 'smartEarnerPrice'] as const;

/** The body sent: naira and ids as numbers; blank fields left out (the server then applies its defaults). */
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

type PlanFields = z.output<typeof planFields>;

/** The filled-in fields, numbers as `toNumber` makes them. */
function collect<N>(values: PlanFields, toNumber: (typed: string) => N): Record<string, unknown> {
  const body: Record<string, unknown> = { planType: values.planType, planName: values.planName };
  if (values.planValidity) body.planValidity = values.planValidity;
  for (const field of ['smartEarnerPrice', 'resellerPrice', 'apiPrice', 'planCostPrice', 'volumeRatio', 'planId'] as const) {
    if (values[field]) body[field] = toNumber(values[field]);
  }
  body.isAvailable = values.isAvailable;
  const ids: Record<string, N> = {};
  for (const name of SUPPLIERS) if (values.supplierPlanIds[name]) ids[name] = toNumber(values.supplierPlanIds[name]);
  if (Object.keys(ids).length > 0) body.supplierPlanIds = ids;
  return body;
}

/** The form; `editing` checks it as an update. */
export function planForm(editing: boolean) {
  const request = editing ? updatePlanRequest : addPlanRequest;
  return planFields.transform((values, ctx): PlanBody => {
    const parsed = request.safeParse(collect(values, (typed) => typed));
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: issue.message, path: issue.path.length ? issue.path : ['planType'] });
      return z.NEVER;
    }
    return collect(values, Number) as PlanBody;
  });
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
