import { describe, expect, it } from 'vitest';
import type { PlanView } from '@shared/api/catalogue.js';
import { CATALOGUE_MSG, MSG } from '@shared/messages.js';
import { submitForm } from '@/lib/forms.testing.js';
import { EMPTY_PLAN_FORM, PLAN_FIELD_ORDER, planForm, planFormValues, type PlanFormValues } from './plan-form.js';
import { EMPTY_PRICE_FORM, priceForm, type PriceFormValues } from './price-form.js';

const filled: PlanFormValues = { ...EMPTY_PLAN_FORM, planType: 'MTN-CG', planName: '1.5GB', smartEarnerPrice: '410' };
const adding = (values: PlanFormValues) => submitForm(planForm(false), values, PLAN_FIELD_ORDER);
const priceUpdate = (values: PriceFormValues, planId = 1) => submitForm(priceForm(planId), values, ['price', 'reseller', 'api']);

describe('plan form (a network must be selected)', () => {
  it('needs a network first, then a name and a price, then numbers the API takes', async () => {
    expect((await adding(EMPTY_PLAN_FORM)).warning).toBe(MSG.selectNetworkAdmin);
    expect((await adding({ ...filled, planName: ' ' })).warning).toBe(CATALOGUE_MSG.enterPlanName);
    expect((await adding({ ...filled, smartEarnerPrice: '' })).warning).toBe(MSG.enterValidPrice);
    expect((await adding({ ...filled, smartEarnerPrice: 'abc' })).warning).toBe(MSG.enterValidPrice);
    expect((await adding({ ...filled, resellerPrice: '1.234' })).warning).toBe(MSG.enterValidPrice);
    expect((await adding(filled)).warning).toBeNull();
  });

  it('sends only what was filled in, naira and ids as numbers', async () => {
    expect((await adding(filled)).values).toEqual({ planType: 'MTN-CG', planName: '1.5GB', planValidity: '30 days', smartEarnerPrice: 410, isAvailable: true });
    expect((await adding({ ...filled, resellerPrice: '400', planId: '99', supplierPlanIds: { ALARO: '7', GLAD: '' } })).values).toMatchObject({
      resellerPrice: 400,
      planId: 99,
      supplierPlanIds: { ALARO: 7 },
    });
  });

  it('round-trips a plan for editing, and an edit is checked as an update', async () => {
    const plan = {
      planId: 21,
      planType: 'MTN-CG',
      planName: '500MB',
      planValidity: '30 days',
      isAvailable: false,
      smartEarnerPrice: 140,
      resellerPrice: 136,
      apiPrice: 134,
      planCostPrice: 127.5,
      volumeRatio: 0.5,
      supplierPlanIds: { ALARO: 21, GLAD: 1021 },
    } as PlanView;
    const values = planFormValues(plan);
    expect(values.supplierPlanIds).toEqual({ ALARO: '21', GLAD: '1021' });
    expect(await submitForm(planForm(true), values)).toEqual({
      warning: null,
      values: {
        planId: 21,
        planType: 'MTN-CG',
        planName: '500MB',
        planValidity: '30 days',
        smartEarnerPrice: 140,
        resellerPrice: 136,
        apiPrice: 134,
        planCostPrice: 127.5,
        volumeRatio: 0.5,
        isAvailable: false,
        supplierPlanIds: { ALARO: 21, GLAD: 1021 },
      },
    });
    expect(planFormValues(undefined, 'GLO').planType).toBe('GLO');
  });
});

describe('price update form', () => {
  it('needs at least one valid tier', async () => {
    expect((await priceUpdate(EMPTY_PRICE_FORM)).warning).toBe(MSG.enterValidValue);
    expect((await priceUpdate({ ...EMPTY_PRICE_FORM, price: '0' })).warning).toBe(MSG.enterValidValue);
    expect((await priceUpdate({ ...EMPTY_PRICE_FORM, reseller: 'x' })).warning).toBe(MSG.enterValidValue);
    expect((await priceUpdate({ ...EMPTY_PRICE_FORM, api: '250' })).warning).toBeNull();
    expect((await priceUpdate({ price: '300', reseller: '', api: '-1' })).warning).toBe(MSG.enterValidValue);
  });

  it('leaves blank tiers out and sends naira', async () => {
    expect((await priceUpdate({ price: '300', reseller: '', api: ' 280.5 ' }, 7)).values).toEqual({ newPrice: { price: 300, api: 280.5 }, dataId: 7 });
  });
});
