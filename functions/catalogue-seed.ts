/**
 * A realistic starting catalogue for the local cloud (and a fresh deployment, if an operator runs
 * it): 42 data plans across MTN (SME, SME2, corporate gifting, coupon), GLO, AIRTEL and 9MOBILE,
 * with tiered prices, cost prices per GB and each supplier's own plan ids. Idempotent: a plan or
 * cost price that exists is left exactly as it is (an admin may have changed it). On a fresh table
 * each kind of row is one conditional transaction, not a request per row (every test cloud seeds one).
 */
import { seedBillProducts } from './domain/products/bill-catalogue.js';
import { seedEpinProducts } from './domain/products/epin-catalogue.js';
import { SUPPLIERS, type PlanType, type SupplierName } from '../shared/constants.js';
import { applyRate, nairaToKobo, type Kobo } from '../shared/money.js';
import { dynamoCatalogueSeed } from './adapters/dynamo/purchases/catalogue.js';
import { newPlan, planCostFromCostPrice, volumeRatioFromName } from './domain/products/data-plans.js';
import type { CatalogueSeedStore } from './domain/products/catalogue-port.js';

/** Naira per GB each plan type costs the platform. */
export const SEED_COST_PRICES_NAIRA: Record<PlanType, number> = {
  MTN: 250,
  'MTN-SME2': 265,
  'MTN-CG': 255,
  'MTN-COUPON': 240,
  GLO: 240,
  AIRTEL: 260,
  '9MOBILE': 210,
};

/** [our plan id, plan type, name, validity, smart earner price in naira] */
type SeedRow = [number, PlanType, string, string, number];

export const SEED_PLANS: readonly SeedRow[] = [
  // MTN SME: ids 1–5 match the simulated panels' own plan table (500MB, 1GB, 2GB, 5GB, 10GB).
  [1, 'MTN', '500MB', '30 days', 140],
  [2, 'MTN', '1GB', '30 days', 270],
  [3, 'MTN', '2GB', '30 days', 540],
  [4, 'MTN', '5GB', '30 days', 1350],
  [5, 'MTN', '10GB', '30 days', 2700],
  [6, 'MTN', '3GB', '30 days', 810],
  [7, 'MTN', '20GB', '30 days', 5400],
  [11, 'MTN-SME2', '500MB', '30 days', 145],
  [12, 'MTN-SME2', '1GB', '30 days', 285],
  [13, 'MTN-SME2', '2GB', '30 days', 570],
  [14, 'MTN-SME2', '3GB', '30 days', 855],
  [15, 'MTN-SME2', '5GB', '30 days', 1425],
  [21, 'MTN-CG', '500MB', '30 days', 140],
  [22, 'MTN-CG', '1GB', '30 days', 275],
  [23, 'MTN-CG', '2GB', '30 days', 550],
  [24, 'MTN-CG', '3GB', '30 days', 825],
  [25, 'MTN-CG', '5GB', '30 days', 1375],
  [26, 'MTN-CG', '10GB', '30 days', 2750],
  [27, 'MTN-CG', '250MB', '14 days', 75],
  [31, 'MTN-COUPON', '1GB', '30 days', 265],
  [32, 'MTN-COUPON', '2GB', '30 days', 530],
  [33, 'MTN-COUPON', '3GB', '30 days', 795],
  [41, 'GLO', '200MB', '14 days', 60],
  [42, 'GLO', '500MB', '30 days', 130],
  [43, 'GLO', '1GB', '30 days', 255],
  [44, 'GLO', '2GB', '30 days', 510],
  [45, 'GLO', '3GB', '30 days', 765],
  [46, 'GLO', '5GB', '30 days', 1275],
  [47, 'GLO', '10GB', '30 days', 2550],
  [51, 'AIRTEL', '100MB', '7 days', 40],
  [52, 'AIRTEL', '300MB', '7 days', 100],
  [53, 'AIRTEL', '500MB', '30 days', 145],
  [54, 'AIRTEL', '1GB', '30 days', 285],
  [55, 'AIRTEL', '2GB', '30 days', 570],
  [56, 'AIRTEL', '5GB', '30 days', 1425],
  [57, 'AIRTEL', '10GB', '30 days', 2850],
  [61, '9MOBILE', '500MB', '30 days', 115],
  [62, '9MOBILE', '1GB', '30 days', 225],
  [63, '9MOBILE', '1.5GB', '30 days', 340],
  [64, '9MOBILE', '2GB', '30 days', 450],
  [65, '9MOBILE', '3GB', '30 days', 675],
  [66, '9MOBILE', '5GB', '30 days', 1125],
];

/** Each panel numbers plans its own way: ALARO's ids are ours, GLAD's ours + 1000. */
export function seedSupplierPlanIds(planId: number): Partial<Record<SupplierName, number>> {
  const offsets: Record<SupplierName, number> = { ALARO: 0, GLAD: 1000 };
  return Object.fromEntries(SUPPLIERS.map((name) => [name, planId + offsets[name]]));
}

/** Whole naira of a share of a price (the tiers are round numbers). */
const tier = (priceKobo: Kobo, bps: number): Kobo => Math.round(applyRate(priceKobo, bps) / 100) * 100;

export interface CatalogueSeedSummary {
  plansCreated: number;
  plansExisting: number;
  costPricesCreated: number;
}

export async function seedCatalogue(store: CatalogueSeedStore = dynamoCatalogueSeed, now: Date = new Date()): Promise<CatalogueSeedSummary> {
  const costPrices = (Object.entries(SEED_COST_PRICES_NAIRA) as [PlanType, number][]).map(([planType, naira]) => ({
    planType,
    costPriceKobo: nairaToKobo(naira),
    updatedAt: now.toISOString(),
  }));
  const plans = SEED_PLANS.map(([planId, planType, planName, planValidity, naira]) => {
    const smartEarnerPrice = nairaToKobo(naira);
    const volumeRatio = volumeRatioFromName(planName) ?? 1;
    const check = newPlan(
      planId,
      {
        planType,
        planName,
        planValidity,
        volumeRatio,
        smartEarnerPrice,
        // Resellers pay about 3% less, API users about 4% less, partners like resellers.
        resellerPrice: tier(smartEarnerPrice, 9_700),
        apiPrice: tier(smartEarnerPrice, 9_600),
        planCostPrice: planCostFromCostPrice(nairaToKobo(SEED_COST_PRICES_NAIRA[planType]), volumeRatio),
        supplierPlanIds: seedSupplierPlanIds(planId),
      },
      { now },
    );
    if (!check.ok) throw new Error(`seed plan ${planId} is invalid: ${check.problem}`);
    return check.plan;
  });
  // Different items: written side by side.
  const [costPricesCreated, plansCreated] = await Promise.all([store.createCostPricesIfAbsent(costPrices), store.createPlansIfAbsent(plans)]);
  return { plansCreated, plansExisting: plans.length - plansCreated, costPricesCreated };
}

/** Cable bouquets, exam products and recharge cards a fresh catalogue sells; rows an admin already has are left as they are. */
export async function seedBillCatalogue(store: CatalogueSeedStore = dynamoCatalogueSeed, now: Date = new Date()): Promise<{ billProductsCreated: number }> {
  return { billProductsCreated: await store.createBillProductsIfAbsent([...seedBillProducts(now), ...seedEpinProducts(now)]) };
}
