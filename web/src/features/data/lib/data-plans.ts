/**
 * The buy-data screen's plan list rules, pure: plans of the chosen
 * network, for MTN also of the chosen data type (read from the plan's type or text), sorted by
 * size, then validity, then id; the first one is the preselected plan. Prices follow shared/pricing.ts.
 */
import type { PriceRow, SubscriptionPlans } from '@shared/api/catalogue.js';
import type { NetworkName } from '@shared/constants.js';
import { volumeRatioFromName } from '@shared/plan-volume.js';
import { priceForUserType } from '@shared/pricing.js';

/** What the screen needs of a plan: a price list row, or the same fields of a session plan. */
export type DataPlanOption = Pick<PriceRow, 'id' | 'plan_network' | 'plan_type' | 'plan' | 'my_price' | 'resellerPrice' | 'apiPrice' | 'month_validate'>;

/** MTN data types in the order they are offered; any other type read from a plan follows them. */
export const MTN_DATA_TYPES = ['SME', 'SME2', 'CG', 'COUPON'] as const;

const TYPE_FROM_PLAN_TYPE: Record<string, string> = {
  MTN: 'SME',
  'MTN-SME': 'SME',
  'MTN-SME2': 'SME2',
  'MTN-CG': 'CG',
  'MTN-COUPON': 'COUPON',
};

/** Words in a plan's text that name its data type (the panels write "1GB SME", "2GB (CG)", "Corporate Gifting"…). */
const TYPE_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/\bSME\s*-?\s*2\b/i, 'SME2'],
  [/\bSME\b/i, 'SME'],
  [/\b(CG|CORPORATE(\s+GIFTING)?)\b/i, 'CG'],
  [/\bCOUPON\b/i, 'COUPON'],
  [/\bGIFTING\b/i, 'GIFTING'],
  [/\bDIRECT\b/i, 'DIRECT'],
];

/**
 * The data type of an MTN plan: its plan type when that names one (MTN-CG → CG, MTN-SME2 → SME2,
 * MTN-COUPON → COUPON), else a type word in its text, else the type after "MTN-", else SME.
 */
export function mtnDataType(plan: Pick<DataPlanOption, 'plan_type' | 'plan'>): string {
  const planType = String(plan.plan_type ?? '')
    .trim()
    .toUpperCase();
  if (planType && planType !== 'MTN' && TYPE_FROM_PLAN_TYPE[planType]) return TYPE_FROM_PLAN_TYPE[planType];
  for (const [pattern, type] of TYPE_WORDS) if (pattern.test(plan.plan ?? '')) return type;
  if (planType.startsWith('MTN-') && planType.length > 4) return planType.slice(4);
  return 'SME';
}

/** The data types present among MTN plans, known ones first in their usual order. */
export function mtnDataTypes(plans: readonly Pick<DataPlanOption, 'plan_type' | 'plan' | 'plan_network'>[]): string[] {
  const found = new Set(plans.filter((p) => p.plan_network === 'MTN').map(mtnDataType));
  const known = MTN_DATA_TYPES.filter((type) => found.has(type));
  const others = [...found].filter((type) => !(MTN_DATA_TYPES as readonly string[]).includes(type)).sort();
  return [...known, ...others];
}

const DAYS_PER_UNIT: ReadonlyArray<[RegExp, number]> = [
  [/^(h|hr|hrs|hour|hours)$/, 1 / 24],
  [/^(d|day|days|daily)$/, 1],
  [/^(w|wk|wks|week|weeks|weekly)$/, 7],
  [/^(m|mo|month|months|monthly)$/, 30],
  [/^(y|yr|year|years|yearly)$/, 365],
];

/**
 * The validity as a number of days, for sorting: "30 days" → 30, "7 Days" → 7, "1 month" → 30,
 * "2 weeks" → 14; a bare number counts as days. Text without a number ("Monthly") counts one unit;
 * unreadable text sorts last.
 */
export function validityDays(validity: string | null | undefined): number {
  const text = String(validity ?? '')
    .trim()
    .toLowerCase();
  const match = /(\d+(?:\.\d+)?)\s*([a-z]*)/.exec(text);
  if (match) {
    const unit = DAYS_PER_UNIT.find(([pattern]) => pattern.test(match[2] ?? ''));
    return Number(match[1]) * (unit ? unit[1] : 1);
  }
  const word = DAYS_PER_UNIT.find(([pattern]) => text.split(/\W+/).some((w) => pattern.test(w)));
  return word ? word[1] : Number.POSITIVE_INFINITY;
}

/** A plan's size in GB for sorting; a name stating no size sorts after those that do. */
export function planSizeGb(plan: Pick<DataPlanOption, 'plan'>): number {
  return volumeRatioFromName(plan.plan ?? '') ?? Number.POSITIVE_INFINITY;
}

/** Size (smallest first), then validity (days), then id. */
export function comparePlans(a: Pick<DataPlanOption, 'month_validate' | 'id' | 'plan'>, b: Pick<DataPlanOption, 'month_validate' | 'id' | 'plan'>): number {
  const sizeA = planSizeGb(a);
  const sizeB = planSizeGb(b);
  if (sizeA !== sizeB) return sizeA === Number.POSITIVE_INFINITY ? 1 : sizeB === Number.POSITIVE_INFINITY ? -1 : sizeA - sizeB;
  const byValidity = validityDays(a.month_validate) - validityDays(b.month_validate);
  if (byValidity !== 0 && !Number.isNaN(byValidity)) return byValidity;
  return Number(a.id) - Number(b.id);
}

/** The plans offered for a network (and, for MTN, a data type), sorted; the first is the preselected one. */
export function plansFor<T extends DataPlanOption>(plans: readonly T[], network: NetworkName | null, dataType?: string | null): T[] {
  if (!network) return [];
  return plans
    .filter((plan) => plan.plan_network === network)
    .filter((plan) => network !== 'MTN' || !dataType || mtnDataType(plan) === dataType)
    .sort(comparePlans);
}

/** The plan kept selected: the chosen one while it is still offered, else the first offered (or none). */
export function selectedPlan<T extends DataPlanOption>(offered: readonly T[], chosenId: number | null): T | null {
  return offered.find((plan) => plan.id === chosenId) ?? offered[0] ?? null;
}

/** What this user pays for a plan (reseller → resellerPrice, api user → apiPrice, else my_price). */
export function planPriceFor(plan: DataPlanOption, userType: string | null | undefined): number {
  return priceForUserType(plan, userType);
}

/** The session's plan group of each network. */
const SESSION_GROUP: Record<NetworkName, keyof SubscriptionPlans> = { MTN: 'MTN', GLO: 'GLO', AIRTEL: 'AIRTEL', '9MOBILE': 'NMOBILE' };

/** A network's plans as the session carried them at login (shown until the fresh list arrives). */
export function sessionPlansFor(
  groups: Partial<Record<keyof SubscriptionPlans, unknown[]>> | null | undefined,
  network: NetworkName,
): DataPlanOption[] | undefined {
  const group = groups?.[SESSION_GROUP[network]];
  if (!Array.isArray(group) || group.length === 0) return undefined;
  return group.filter(
    (plan): plan is DataPlanOption =>
      !!plan && typeof plan === 'object' && typeof (plan as DataPlanOption).id === 'number' && (plan as DataPlanOption).plan_network === network,
  );
}
