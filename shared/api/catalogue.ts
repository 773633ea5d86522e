/**
 * The data-plan catalogue over HTTP (plans, price list rows, cost prices, prices): request schemas
 * and the views. Money is kobo inside; these views carry naira.
 */
import type { CableNameOption, CableTvPlanView } from './bills.js';
import { z } from 'zod';
import { isBlank } from './common.js';
import { plainText } from './text.js';
import { PLAN_TYPE_NETWORK, SUPPLIERS, dataNetworkName, isNetworkName, isPlanType, type NetworkName, type PlanType, type SupplierName } from '../constants.js';
import { CATALOGUE_MSG, MSG } from '../messages.js';
import { InvalidAmountError, nairaToKobo, type Kobo } from '../money.js';

// ---------------------------------------------------------------------------------------------
// Views

/** A plan as the admin plan manager sees it; naira. */
export interface PlanView {
  _id: string;
  planId: number;
  planType: PlanType;
  planName: string;
  /** Same as planName (the spec names it both ways). */
  plan: string;
  planAmount: number;
  planValidity: string;
  isAvailable: boolean;
  /** Volume in GB (500MB → 0.5); the plan's cost is the cost price of its type × this. */
  volumeRatio: number;
  planCostPrice: number;
  smartEarnerPrice: number;
  resellerPrice: number;
  partnerPrice: number;
  apiPrice: number;
  plan_network: NetworkName;
  /** Each supplier's own id of this plan (a supplier without one cannot deliver the plan). */
  supplierPlanIds: Partial<Record<SupplierName, number>>;
  createdAt: string;
  updatedAt: string;
}

/** A plan as a session carries it; naira. */
export interface SessionPlanView {
  /** The plan id that POST /buy/data takes as `plan`. */
  id: number;
  _id: string;
  plan_network: NetworkName;
  plan: string;
  /** What this user is charged (their tier's price). */
  plan_amount: number;
  /** "<number> <unit> validity": three words, as existing clients split it. */
  month_validate: string;
  plan_type: PlanType;
  /** The smart earner price. */
  my_price: number;
  resellerPrice: number;
  apiPrice: number;
  /** What the plan costs the platform: shown to admins and agents only (0 for everybody else). */
  planCostPrice: number;
}

/** One row of the public price list; naira. */
export interface PriceRow {
  _id: string;
  id: number;
  plan_network: NetworkName;
  plan_type: PlanType;
  plan: string;
  /** The public price (smart earner). */
  plan_amount: number;
  my_price: number;
  resellerPrice: number;
  apiPrice: number;
  /** "<number> <unit> validity": three words, as existing clients split it. */
  month_validate: string;
  /** Always true: the list shows available plans only. */
  isAvailable: boolean;
}

export interface NetworkOption {
  /** Network id on POST /buy/data (9MOBILE is 6). */
  id: number;
  name: NetworkName;
  dataNetworkId: number;
  /** Network id on POST /buy/airtime (9MOBILE is 4). */
  airtimeNetworkId: number;
}

export interface DiscoOption {
  /** The meter id sent as `meterId` (Ikeja 18 … Benin 29). */
  id: number;
  name: string;
}

/** The plan groups of the login/register answer, by network. */
export type SubscriptionPlans = {
  /** Every MTN plan (SME, SME2, CG, coupon); the data type is told apart by plan_type. */
  MTN: SessionPlanView[];
  /** MTN corporate gifting plans only (also in MTN). */
  MTN_CG_PRICE: SessionPlanView[];
  GLO: SessionPlanView[];
  AIRTEL: SessionPlanView[];
  NMOBILE: SessionPlanView[];
  /** Cable bouquets (available ones), shaped as the original client's cable model. */
  CABLETV: CableTvPlanView[];
  /** The cable providers by id (1 GOTV, 2 DSTV, 3 STARTIMES, 4 SHOWMAX). */
  CABLENAME: CableNameOption[];
  DISCO: DiscoOption[];
  NETWORK: NetworkOption[];
};

export interface CostPriceView {
  /** A plan type (MTN, MTN-CG, …, 9MOBILE). */
  network: PlanType;
  /** Naira per GB (a plan's cost is this × its volumeRatio); 0 when never set. */
  costPrice: number;
  updatedAt: string | null;
}

export interface PlanResponse {
  msg: string;
  plan: PlanView;
}
export interface PlanListResponse {
  plans: PlanView[];
}
/** GET /admin/costPrice answers a bare array (what existing clients map). */
export type CostPriceList = CostPriceView[];

export interface CostPriceListResponse {
  costPrices: CostPriceView[];
}
export interface CostPriceResponse {
  msg: string;
  costPrice: CostPriceView;
  /** How many plans of that type had their cost recomputed. */
  plansUpdated: number;
}

// ---------------------------------------------------------------------------------------------
// Inputs

const blank = isBlank;

/**
 * An optional naira amount → kobo. Blank means absent; `zeroIsAbsent` also treats 0 as absent
 * (the admin's price form leaves unchanged tiers at 0). Anything else must be > 0 with at most
 * 2 decimals, else `message`.
 */
export const optionalKobo = (message: string, options: { zeroIsAbsent?: boolean; allowZero?: boolean } = {}) =>
  z.unknown().transform((value, ctx): Kobo | undefined => {
    if (blank(value)) return undefined;
    if (typeof value !== 'number' && typeof value !== 'string') {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    let kobo: Kobo;
    try {
      kobo = nairaToKobo(value);
    } catch (error) {
      if (!(error instanceof InvalidAmountError)) throw error;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    if (kobo === 0 && options.zeroIsAbsent) return undefined;
    if (kobo === 0 && !options.allowZero) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    return kobo;
  });

/** A plan id: a positive whole number (as number or numeric string). */
const planIdSchema = (message: string) =>
  z.union([z.number(), z.string().trim().regex(/^\d+$/, message)], { required_error: message, invalid_type_error: message }).transform((v, ctx) => {
    const id = Number(v);
    if (!Number.isSafeInteger(id) || id <= 0 || id > 1_000_000_000) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    return id;
  });
const planId = planIdSchema(CATALOGUE_MSG.planNotFound);

/**
 * What names a network or a product in the catalogue's inputs: a network name ("MTN",
 * "9MOBILE"), a plan type ("MTN-CG"), or a data network id (1, 2, 3, 6). Case-insensitive.
 */
export type CatalogueSelector = { network: NetworkName; planType?: PlanType };

export function parseCatalogueSelector(value: unknown): CatalogueSelector | undefined {
  if (blank(value)) return undefined;
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value.trim()))) {
    const network = dataNetworkName(Number(value));
    return network ? { network } : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toUpperCase();
  if (text === 'ETISALAT' || text === 'NMOBILE') return { network: '9MOBILE' };
  if (isPlanType(text) && !isNetworkName(text)) return { network: PLAN_TYPE_NETWORK[text], planType: text };
  if (isNetworkName(text)) return { network: text };
  return undefined;
}

/** A plan type: a product name, or a network name (its own product); else "Select a network". */
export function parsePlanType(value: unknown): PlanType | undefined {
  if (blank(value) || typeof value !== 'string') return undefined;
  const text = value.trim().toUpperCase();
  return isPlanType(text) ? text : undefined;
}

/** POST /prices {network}: the price rows of one network (or one plan type). */
/**
 * POST /prices {network}: a missing network is refused; one we do not sell (undefined here) lists
 * nothing, as existing clients expect (200 []).
 */
export const filterPricesRequest = z.object({
  network: z.unknown().transform((value, ctx) => {
    if (blank(value)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: MSG.selectNetwork });
      return z.NEVER;
    }
    return parseCatalogueSelector(value);
  }),
});

const NEW_PRICE_FIELDS = {
  price: ['price', 'my_price', 'smartEarnerPrice'],
  reseller: ['reseller', 'resellerPrice'],
  api: ['api', 'apiPrice'],
  partner: ['partner', 'partnerPrice'],
} as const;

const priceValue = optionalKobo(MSG.enterValidValue, { zeroIsAbsent: true });

/**
 * POST /admin/updatePrice {newPrice: {price?, reseller?, api?, partner?}, dataId}. Blank or 0
 * leaves a tier unchanged; at least one tier must change ("Please enter a valid value"). The
 * view's own field names (my_price/smartEarnerPrice, resellerPrice, apiPrice, partnerPrice) are
 * accepted too, and a bare number as newPrice means the smart earner price.
 */
export const updatePriceRequest = z
  .object({
    newPrice: z.unknown().transform((value, ctx) => {
      const source: Record<string, unknown> =
        typeof value === 'number' || typeof value === 'string'
          ? { price: value }
          : value && typeof value === 'object'
            ? (value as Record<string, unknown>)
            : {};
      const out: { price?: Kobo; reseller?: Kobo; api?: Kobo; partner?: Kobo } = {};
      for (const [target, names] of Object.entries(NEW_PRICE_FIELDS) as [keyof typeof out, readonly string[]][]) {
        const name = names.find((n) => !blank(source[n]));
        if (name === undefined) continue;
        const parsed = priceValue.safeParse(source[name]);
        if (!parsed.success) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: MSG.enterValidValue });
          return z.NEVER;
        }
        if (parsed.data !== undefined) out[target] = parsed.data;
      }
      if (Object.keys(out).length === 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: MSG.enterValidValue });
        return z.NEVER;
      }
      return out;
    }),
    dataId: planId,
  })
  .strip();
export type UpdatePriceRequest = z.infer<typeof updatePriceRequest>;

/** POST /admin/costPrice {network, costPrice}: naira per GB for one plan type. */
export const setCostPriceRequest = z.object({
  network: z.unknown().transform((value, ctx) => {
    const type = parsePlanType(value);
    if (!type) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: MSG.selectNetworkAdmin });
      return z.NEVER;
    }
    return type;
  }),
  costPrice: optionalKobo(MSG.enterValidPrice).refine((v): v is Kobo => v !== undefined, MSG.enterValidPrice),
});

const supplierPlanIds = z
  .record(z.unknown())
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const out: Partial<Record<SupplierName, number>> = {};
    for (const [name, raw] of Object.entries(value)) {
      const supplier = name.toUpperCase();
      if (!(SUPPLIERS as readonly string[]).includes(supplier)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Unknown supplier ${name}` });
        return z.NEVER;
      }
      if (blank(raw)) continue;
      const id = Number(raw);
      if (!Number.isSafeInteger(id) || id <= 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Enter a valid plan id for ${supplier}` });
        return z.NEVER;
      }
      out[supplier as SupplierName] = id;
    }
    return out;
  });

const volumeRatio = z.unknown().transform((value, ctx) => {
  if (blank(value)) return undefined;
  const ratio = typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.\d{1,4})?$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 100_000 || Math.round(ratio * 10_000) !== ratio * 10_000) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Enter a valid volume ratio (GB, up to 4 decimals)' });
    return z.NEVER;
  }
  return ratio;
});

const booleanish = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

/** The fields of a plan an admin sends (names of the management view; session names accepted). */
const planFields = {
  planName: plainText('Plan name').pipe(z.string().max(40, 'Plan name is too long')).optional(),
  plan: plainText('Plan name').pipe(z.string().max(40, 'Plan name is too long')).optional(),
  planValidity: plainText('Validity').pipe(z.string().max(30, 'Validity is too long')).optional(),
  month_validate: plainText('Validity').pipe(z.string().max(30, 'Validity is too long')).optional(),
  isAvailable: booleanish.optional(),
  volumeRatio,
  planAmount: optionalKobo(MSG.enterValidPrice, { allowZero: true }),
  planCostPrice: optionalKobo(MSG.enterValidPrice, { allowZero: true }),
  smartEarnerPrice: optionalKobo(MSG.enterValidPrice),
  my_price: optionalKobo(MSG.enterValidPrice),
  resellerPrice: optionalKobo(MSG.enterValidPrice),
  partnerPrice: optionalKobo(MSG.enterValidPrice),
  apiPrice: optionalKobo(MSG.enterValidPrice),
  supplierPlanIds,
};

/**
 * The plan's type from planType / plan_type when it names one; else from its network (planNetwork —
 * the original backend's field — plan_network or network, a name or an id): a free-text type the
 * network's products know ("CG", "SME2", "COUPON" on MTN) picks that product, any other the
 * network's own; else "Select a network".
 */
const planTypeOf = (value: {
  planType?: unknown;
  plan_type?: unknown;
  planNetwork?: unknown;
  plan_network?: unknown;
  network?: unknown;
}): PlanType | undefined => {
  const explicit = parsePlanType(value.planType) ?? parsePlanType(value.plan_type);
  if (explicit) return explicit;
  const selector = parseCatalogueSelector(value.planNetwork) ?? parseCatalogueSelector(value.plan_network) ?? parseCatalogueSelector(value.network);
  if (!selector) return undefined;
  if (selector.planType) return selector.planType;
  const freeText = [value.planType, value.plan_type].find((v): v is string => typeof v === 'string' && !blank(v));
  return parsePlanType(freeText && `${selector.network}-${freeText.trim()}`) ?? selector.network;
};

const withPlanType = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ ...shape, planType: z.unknown(), plan_type: z.unknown(), planNetwork: z.unknown(), plan_network: z.unknown(), network: z.unknown() })
    .transform(({ planType: _a, plan_type: _b, planNetwork: _e, plan_network: _c, network: _d, ...rest }, ctx) => {
      const type = planTypeOf({ planType: _a, plan_type: _b, planNetwork: _e, plan_network: _c, network: _d });
      const given = [_a, _b, _c, _d, _e].some((v) => !blank(v));
      if (given && !type) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: MSG.selectNetworkAdmin });
        return z.NEVER;
      }
      return { ...rest, planType: type };
    });

/** POST /dataPlan/add: the plan. A network (planType, or planNetwork / plan_network) is required: "Select a network". */
export const addPlanRequest = withPlanType({ ...planFields, planId: planIdSchema('Enter a valid plan id').optional() }).superRefine((v, ctx) => {
  if (!v.planType) ctx.addIssue({ code: z.ZodIssueCode.custom, message: MSG.selectNetworkAdmin });
});
export type AddPlanRequest = z.infer<typeof addPlanRequest>;

/** PATCH /dataPlan/update: the plan's id (planId, _id or dataId) and the fields that change. */
export const updatePlanRequest = z
  .object({ planId: z.unknown(), _id: z.unknown(), dataId: z.unknown(), id: z.unknown() })
  .passthrough()
  .transform((value, ctx) => {
    const raw = [value.planId, value._id, value.dataId, value.id].find((v) => !blank(v));
    const id = planId.safeParse(raw);
    if (!id.success) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: CATALOGUE_MSG.planNotFound });
      return z.NEVER;
    }
    const fields = withPlanType(planFields).safeParse(value);
    if (!fields.success) {
      for (const issue of fields.error.issues) ctx.addIssue(issue);
      return z.NEVER;
    }
    return { planId: id.data, changes: fields.data };
  });
export type UpdatePlanRequest = z.infer<typeof updatePlanRequest>;

/** DELETE /dataPlan/delete?planId= */
export const deletePlanQuery = z.object({ planId: planId });
