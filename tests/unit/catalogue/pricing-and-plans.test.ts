/** Pure catalogue rules: the tier price rule, plan validation and defaults, views, ordering and the HTTP input schemas. */
import { describe, expect, it } from 'vitest';
import { addPlanRequest, filterPricesRequest, setCostPriceRequest, updatePlanRequest, updatePriceRequest } from '../../../shared/api/catalogue.js';
import { buyAirtimeRequest, buyDataRequest } from '../../../shared/api/purchases.js';
import { MSG } from '../../../shared/messages.js';
import { priceForUserType, priceTierFor } from '../../../shared/pricing.js';
import {
  checkPlanForPurchase,
  editPlan,
  newPlan,
  planCostFromCostPrice,
  planPriceFor,
  priceDataPlan,
  priceList,
  repricePlan,
  sortPlans,
  subscriptionPlanGroups,
  toPlanView,
  toPriceRow,
  toSessionPlanView,
  monthValidate,
  validityDays,
  volumeRatioFromName,
  type Plan,
} from '../../../functions/domain/products/data-plans.js';

const NOW = new Date('2025-01-01T10:00:00.000Z');

function plan(overrides: Partial<Plan> & Pick<Plan, 'planId'>): Plan {
  const check = newPlan(
    overrides.planId,
    { planType: overrides.planType ?? 'MTN', planName: overrides.planName ?? '1GB', smartEarnerPrice: 270_00 },
    { now: NOW },
  );
  if (!check.ok) throw new Error(check.problem);
  return { ...check.plan, ...overrides };
}

describe('price by user type (shared rule: server, price preview, price list)', () => {
  const row = { my_price: 270, resellerPrice: 262, apiPrice: 259 };
  it('a reseller pays resellerPrice, an api user apiPrice, a smart earner my_price', () => {
    expect(priceForUserType(row, 'reseller')).toBe(262);
    expect(priceForUserType(row, 'api user')).toBe(259);
    expect(priceForUserType(row, 'smart earner')).toBe(270);
  });
  it('an unknown or missing user type pays my_price, never a discounted tier', () => {
    expect(priceTierFor(undefined)).toBe('my_price');
    expect(priceTierFor('admin')).toBe('my_price');
    expect(priceForUserType(row, null)).toBe(270);
  });
  it('the server charges the same tier in kobo, with cost kept for profit', () => {
    const p = plan({ planId: 2, smartEarnerPriceKobo: 270_00, resellerPriceKobo: 262_00, apiPriceKobo: 259_00, planCostPriceKobo: 250_00 });
    expect(planPriceFor(p, 'reseller')).toBe(262_00);
    expect(priceDataPlan(p, 'api user')).toEqual({ chargeKobo: 259_00, costKobo: 250_00 });
    expect(priceDataPlan(p, 'smart earner')).toEqual({ chargeKobo: 270_00, costKobo: 250_00 });
  });
});

describe('reading plan text', () => {
  it('volume in GB from the name: 500MB → 0.5, 1.5GB → 1.5, 2TB → 2000; none → undefined', () => {
    expect(volumeRatioFromName('500MB')).toBe(0.5);
    expect(volumeRatioFromName('1.0GB')).toBe(1);
    expect(volumeRatioFromName('1.5 GB')).toBe(1.5);
    expect(volumeRatioFromName('2TB')).toBe(2000);
    expect(volumeRatioFromName('Unlimited')).toBeUndefined();
  });
  it('validity in days: "30 days" → 30, "1 Day" → 1, "2 weeks" → 14, "Monthly" → 30; unreadable sorts last', () => {
    expect(validityDays('30 days')).toBe(30);
    expect(validityDays('1 Day')).toBe(1);
    expect(validityDays('2 weeks')).toBe(14);
    expect(validityDays('Monthly')).toBe(30);
    expect(validityDays('forever')).toBe(Number.POSITIVE_INFINITY);
  });
  it('a plan costs its type’s cost price per GB × its volume, rounded half up to the kobo', () => {
    expect(planCostFromCostPrice(250_00, 0.5)).toBe(125_00);
    expect(planCostFromCostPrice(255_00, 0.25)).toBe(63_75);
    expect(planCostFromCostPrice(333, 0.5)).toBe(167); // 166.5 → 167
  });
});

describe('plan validation', () => {
  it('accepts a plan with a type, name and price, defaulting the rest sensibly', () => {
    const check = newPlan(9, { planType: 'MTN-CG', planName: '500MB', smartEarnerPrice: 140_00 }, { now: NOW, costPricePerGbKobo: 255_00 });
    expect(check).toMatchObject({
      ok: true,
      plan: {
        planId: 9,
        network: 'MTN',
        planValidity: '30 days',
        isAvailable: true,
        volumeRatio: 0.5,
        planAmountKobo: 140_00,
        planCostPriceKobo: 127_50,
        resellerPriceKobo: 140_00,
        partnerPriceKobo: 140_00,
        apiPriceKobo: 140_00,
        supplierPlanIds: {},
      },
    });
  });
  it('refuses a plan without a network ("Select a network" case), a name or a positive price', () => {
    expect(newPlan(1, { planName: '1GB', smartEarnerPrice: 100 }, { now: NOW })).toEqual({ ok: false, problem: 'select_network' });
    expect(newPlan(1, { planType: 'GLO', planName: '  ', smartEarnerPrice: 100 }, { now: NOW })).toEqual({ ok: false, problem: 'enter_plan_name' });
    expect(newPlan(1, { planType: 'GLO', planName: '1GB' }, { now: NOW })).toEqual({ ok: false, problem: 'enter_valid_price' });
  });
  it('an edit changes only what it names and keeps id and creation time; a new volume is re-costed', () => {
    const p = plan({ planId: 3, planCostPriceKobo: 250_00, volumeRatio: 1 });
    const later = new Date(NOW.getTime() + 60_000);
    const edited = editPlan(p, { resellerPrice: 250_00, volumeRatio: 2 }, { now: later, costPricePerGbKobo: 250_00 });
    expect(edited).toMatchObject({
      ok: true,
      plan: { planId: 3, createdAt: p.createdAt, resellerPriceKobo: 250_00, smartEarnerPriceKobo: p.smartEarnerPriceKobo, planCostPriceKobo: 500_00 },
    });
    expect(editPlan(p, { planName: ' ' }, { now: later })).toEqual({ ok: false, problem: 'enter_plan_name' });
    expect(editPlan(p, { planType: 'GLO' }, { now: later })).toMatchObject({ ok: true, plan: { planType: 'GLO', network: 'GLO' } });
  });
  it('a price update needs at least one tier; the others stay', () => {
    const p = plan({ planId: 4, smartEarnerPriceKobo: 270_00, resellerPriceKobo: 262_00, apiPriceKobo: 259_00 });
    expect(repricePlan(p, { reseller: 255_00 }, NOW)).toMatchObject({ smartEarnerPriceKobo: 270_00, resellerPriceKobo: 255_00, apiPriceKobo: 259_00 });
    expect(repricePlan(p, {}, NOW)).toBeUndefined();
    expect(repricePlan(p, { price: 0 }, NOW)).toBeUndefined();
  });
  it('only an available plan of the chosen network can be bought', () => {
    const p = plan({ planId: 5, planType: 'GLO', network: 'GLO' });
    expect(checkPlanForPurchase(p, 'GLO')).toEqual({ ok: true, plan: p });
    expect(checkPlanForPurchase({ ...p, isAvailable: false }, 'GLO')).toEqual({ ok: false, reason: 'plan_unavailable' });
    expect(checkPlanForPurchase(undefined, 'GLO')).toEqual({ ok: false, reason: 'plan_unavailable' });
    expect(checkPlanForPurchase(p, 'MTN')).toEqual({ ok: false, reason: 'plan_not_for_network' });
  });
});

describe('views and ordering', () => {
  const plans = [
    plan({ planId: 30, planType: 'GLO', network: 'GLO', planName: '1GB', volumeRatio: 1 }),
    plan({ planId: 12, planType: 'MTN', planName: '2GB', volumeRatio: 2 }),
    plan({ planId: 11, planType: 'MTN', planName: '500MB', volumeRatio: 0.5, planValidity: '1 day' }),
    plan({ planId: 13, planType: 'MTN-CG', planName: '1GB', volumeRatio: 1 }),
    plan({ planId: 14, planType: 'MTN', planName: '10GB', volumeRatio: 10, isAvailable: false }),
    plan({ planId: 40, planType: '9MOBILE', network: '9MOBILE', planName: '1GB', volumeRatio: 1 }),
  ];
  it('orders by network, type, validity, volume, price, id', () => {
    expect(sortPlans(plans).map((p) => p.planId)).toEqual([11, 12, 14, 13, 30, 40]);
  });
  it('the price list shows available plans only, filtered by network or by plan type', () => {
    expect(priceList(plans).map((r) => r.id)).toEqual([11, 12, 13, 30, 40]);
    expect(priceList(plans, { network: 'MTN' }).map((r) => r.id)).toEqual([11, 12, 13]);
    expect(priceList(plans, { network: 'MTN', planType: 'MTN-CG' }).map((r) => r.id)).toEqual([13]);
    // The fields the original reads (client/src/context/UserContext.js, fetchAvailablePlans and setUpPlan).
    expect(Object.keys(toPriceRow(plans[0]!)).sort()).toEqual(
      ['_id', 'apiPrice', 'id', 'isAvailable', 'month_validate', 'my_price', 'plan', 'plan_amount', 'plan_network', 'plan_type', 'resellerPrice'].sort(),
    );
  });
  it('month_validate is three words "<number> <unit> validity", as the original splits it (UserContext.js builds the plan option and reads its 7th word as the data type)', () => {
    expect(monthValidate('30 days')).toBe('30 days validity');
    expect(monthValidate('7days')).toBe('7 days validity');
    expect(monthValidate(' 1 Month ')).toBe('1 month validity');
    expect(monthValidate('14')).toBe('14 days validity');
    expect(monthValidate('Monthly')).toBe('30 days validity');
    expect(monthValidate('Daily')).toBe('1 day validity');
    for (const validity of ['30 days', 'Weekly', 'till end of month', '']) {
      const option = `MTN 1GB ₦270 ${monthValidate(validity)} MTN-CG`;
      expect(option.split(' ')[6]).toBe('MTN-CG');
    }
  });
  it('a session plan shows the price this user pays as plan_amount (the original\'s "You will be charged")', () => {
    const p = plan({ planId: 2, smartEarnerPriceKobo: 270_00, resellerPriceKobo: 260_00, apiPriceKobo: 250_00 });
    expect(toSessionPlanView(p, { showCost: false, userType: 'smart earner' }).plan_amount).toBe(270);
    expect(toSessionPlanView(p, { showCost: false, userType: 'reseller' }).plan_amount).toBe(260);
    expect(toSessionPlanView(p, { showCost: false, userType: 'api user' }).plan_amount).toBe(250);
  });
  it('session groups: MTN has every MTN type, MTN_CG_PRICE the CG ones, NMOBILE is 9MOBILE; DISCO and NETWORK carry ids', () => {
    const groups = subscriptionPlanGroups(plans, { showCost: false, userType: 'smart earner' });
    expect(groups.MTN.map((p) => p.id)).toEqual([11, 12, 13]);
    expect(groups.MTN_CG_PRICE.map((p) => p.id)).toEqual([13]);
    expect(groups.GLO.map((p) => p.id)).toEqual([30]);
    expect(groups.NMOBILE.map((p) => p.id)).toEqual([40]);
    expect(groups.AIRTEL).toEqual([]);
    expect(groups.DISCO).toContainEqual({ id: 18, name: 'Ikeja' });
    expect(groups.DISCO).toContainEqual({ id: 29, name: 'Benin' });
    expect(groups.NETWORK).toContainEqual({ id: 6, name: '9MOBILE', dataNetworkId: 6, airtimeNetworkId: 4 });
  });
  it('money is naira at the edge; the cost shows to admins and agents only', () => {
    const p = plan({ planId: 2, smartEarnerPriceKobo: 270_50, planCostPriceKobo: 250_00 });
    expect(toSessionPlanView(p, { showCost: true, userType: 'smart earner' })).toMatchObject({
      id: 2,
      _id: '2',
      my_price: 270.5,
      planCostPrice: 250,
      month_validate: '30 days validity',
      plan_type: 'MTN',
    });
    expect(toSessionPlanView(p, { showCost: false, userType: 'smart earner' }).planCostPrice).toBe(0);
    expect(toPlanView(p)).toMatchObject({
      _id: '2',
      planId: 2,
      planName: '1GB',
      plan: '1GB',
      smartEarnerPrice: 270.5,
      planCostPrice: 250,
      plan_network: 'MTN',
    });
  });
});

describe('HTTP input schemas', () => {
  it('buy data: network ids 1, 2, 3 and 6 (9MOBILE is 6 here, not 4)', () => {
    expect(buyDataRequest.safeParse({ network: 6, mobile_number: '08011111111', plan: '61' })).toMatchObject({ success: true, data: { network: 6, plan: 61 } });
    const four = buyDataRequest.safeParse({ network: 4, mobile_number: '08011111111', plan: 1 });
    expect(four.success).toBe(false);
    expect(four.error?.issues[0]?.message).toBe(MSG.invalidNetwork);
    expect(buyDataRequest.safeParse({ network: 1, mobile_number: '08011111111' }).error?.issues[0]?.message).toBe(MSG.provideAllValues);
    expect(buyDataRequest.safeParse({ network: 1, mobile_number: '0801', plan: 1 }).error?.issues[0]?.message).toBe(MSG.checkPhone);
  });
  it('rejection: a network no number can be made of (an object whose toString is not a function) is a 400 message, not a thrown error (found by the route fuzz)', () => {
    const unconvertible = { toString: false, valueOf: null };
    expect(buyDataRequest.safeParse({ network: unconvertible, mobile_number: '08031234567', plan: 1 }).error?.issues[0]?.message).toBe(MSG.selectNetwork);
    expect(buyAirtimeRequest.safeParse({ network: unconvertible, mobile_number: '08031234567', amount: 100 }).error?.issues[0]?.message).toBe(
      MSG.invalidNetwork,
    );
    // Strings and numbers still convert as before.
    expect(buyAirtimeRequest.safeParse({ network: '1', mobile_number: '08031234567', amount: 100 }).success).toBe(true);
  });
  it('price update: at least one of price, reseller or api, else "Please enter a valid value"', () => {
    expect(updatePriceRequest.parse({ newPrice: { reseller: '255.50', price: '' }, dataId: '2' })).toEqual({ newPrice: { reseller: 255_50 }, dataId: 2 });
    expect(updatePriceRequest.parse({ newPrice: { apiPrice: 250 }, dataId: 2 })).toEqual({ newPrice: { api: 250_00 }, dataId: 2 });
    for (const newPrice of [{}, { price: '', reseller: 0, api: null }, { price: 'abc' }, { price: -5 }, undefined]) {
      const parsed = updatePriceRequest.safeParse({ newPrice, dataId: 2 });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(MSG.enterValidValue);
    }
  });
  it('cost price: a plan type and a non-zero price, else "Select a network" / "enter a valid price"', () => {
    expect(setCostPriceRequest.parse({ network: 'mtn-cg', costPrice: '255' })).toEqual({ network: 'MTN-CG', costPrice: 255_00 });
    expect(setCostPriceRequest.safeParse({ network: 'MTN', costPrice: 0 }).error?.issues[0]?.message).toBe(MSG.enterValidPrice);
    expect(setCostPriceRequest.safeParse({ network: 'MTN', costPrice: 'x' }).error?.issues[0]?.message).toBe(MSG.enterValidPrice);
    expect(setCostPriceRequest.safeParse({ network: 'MTN' }).error?.issues[0]?.message).toBe(MSG.enterValidPrice);
    expect(setCostPriceRequest.safeParse({ costPrice: 100 }).error?.issues[0]?.message).toBe(MSG.selectNetworkAdmin);
  });
  it('plan add: the network may come as planType, plan_type or plan_network; none → "Select a network"', () => {
    expect(addPlanRequest.parse({ planType: 'MTN-SME2', planName: '1GB', smartEarnerPrice: 285 })).toMatchObject({
      planType: 'MTN-SME2',
      smartEarnerPrice: 285_00,
    });
    expect(addPlanRequest.parse({ plan_network: '9MOBILE', plan: '1GB', my_price: '225' })).toMatchObject({ planType: '9MOBILE', my_price: 225_00 });
    expect(addPlanRequest.safeParse({ planName: '1GB', smartEarnerPrice: 100 }).error?.issues[0]?.message).toBe(MSG.selectNetworkAdmin);
    expect(addPlanRequest.safeParse({ planType: 'VODAFONE', planName: '1GB', smartEarnerPrice: 100 }).error?.issues[0]?.message).toBe(MSG.selectNetworkAdmin);
  });
  it('plan update names the plan by planId, _id or dataId and keeps only the fields sent', () => {
    expect(updatePlanRequest.parse({ _id: '12', isAvailable: 'false' })).toMatchObject({ planId: 12, changes: { isAvailable: false } });
    expect(updatePlanRequest.parse({ dataId: 3, resellerPrice: '250' })).toMatchObject({ planId: 3, changes: { resellerPrice: 250_00 } });
    expect(updatePlanRequest.safeParse({ isAvailable: true }).success).toBe(false);
  });
  it('price filter takes a network name, a data network id or a plan type', () => {
    expect(filterPricesRequest.parse({ network: 'glo' })).toEqual({ network: { network: 'GLO' } });
    expect(filterPricesRequest.parse({ network: 6 })).toEqual({ network: { network: '9MOBILE' } });
    expect(filterPricesRequest.parse({ network: 'MTN-CG' })).toEqual({ network: { network: 'MTN', planType: 'MTN-CG' } });
    // An unknown network lists nothing (the original's POST /prices answers 200 []); a missing one is refused.
    expect(filterPricesRequest.parse({ network: 'nope' })).toEqual({ network: undefined });
    expect(filterPricesRequest.safeParse({}).error?.issues[0]?.message).toBe(MSG.selectNetwork);
  });
});
