import { describe, expect, it } from 'vitest';
import type { PlanView } from '@shared/api/catalogue.js';
import { CATALOGUE_MSG, MSG } from '@shared/messages.js';
import { EMPTY_PLAN_FORM, planBody, planFormProblem, planFormValues } from './plan-form.js';
import { EMPTY_PRICE_FORM, priceUpdateBody, priceUpdateProblem } from './price-form.js';

const filled = { ...EMPTY_PLAN_FORM, planType: 'MTN-CG', planName: '1.5GB', smartEarnerPrice: '410' };

describe('plan form', () => {
  it('needs a network first, then a name and a price', () => {
    expect(planFormProblem(EMPTY_PLAN_FORM, false)).toBe(MSG.selectNetworkAdmin);
    expect(planFormProblem({ ...filled, planName: ' ' }, false)).toBe(CATALOGUE_MSG.enterPlanName);
    expect(planFormProblem({ ...filled, smartEarnerPrice: '' }, false)).toBe(MSG.enterValidPrice);
    expect(planFormProblem({ ...filled, smartEarnerPrice: 'abc' }, false)).toBe(MSG.enterValidPrice);
    expect(planFormProblem({ ...filled, resellerPrice: '1.234' }, false)).toBe(MSG.enterValidPrice);
    expect(planFormProblem(filled, false)).toBeNull();
  });

  it('sends only what was filled in', () => {
    expect(planBody(filled)).toEqual({ planType: 'MTN-CG', planName: '1.5GB', planValidity: '30 days', smartEarnerPrice: 410, isAvailable: true });
    expect(planBody({ ...filled, resellerPrice: '400', planId: '99', supplierPlanIds: { ALARO: '7', GLAD: '' } })).toMatchObject({
      resellerPrice: 400,
      planId: 99,
      supplierPlanIds: { ALARO: 7 },
    });
  });

  it('round-trips a plan for editing, and an edit is checked as an update', () => {
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
    expect(planBody(values)).toEqual({
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
    });
    expect(planFormProblem(values, true)).toBeNull();
    expect(planFormValues(undefined, 'GLO').planType).toBe('GLO');
  });
});

describe('price update form', () => {
  it('needs at least one valid tier', () => {
    expect(priceUpdateProblem(EMPTY_PRICE_FORM, 1)).toBe(MSG.enterValidValue);
    expect(priceUpdateProblem({ ...EMPTY_PRICE_FORM, price: '0' }, 1)).toBe(MSG.enterValidValue);
    expect(priceUpdateProblem({ ...EMPTY_PRICE_FORM, reseller: 'x' }, 1)).toBe(MSG.enterValidValue);
    expect(priceUpdateProblem({ ...EMPTY_PRICE_FORM, api: '250' }, 1)).toBeNull();
    expect(priceUpdateProblem({ price: '300', reseller: '', api: '-1' }, 1)).toBe(MSG.enterValidValue);
  });

  it('leaves blank tiers out', () => {
    expect(priceUpdateBody({ price: '300', reseller: '', api: ' 280.5 ' }, 7)).toEqual({ newPrice: { price: 300, api: 280.5 }, dataId: 7 });
  });
});
