import { describe, expect, it } from 'vitest';
import {
  comparePlans,
  mtnDataType,
  mtnDataTypes,
  planPriceFor,
  plansFor,
  selectedPlan,
  sessionPlansFor,
  validityDays,
  type DataPlanOption,
} from './data-plans.js';

const plan = (id: number, plan_type: string, name: string, validity = '30 days', price = 100): DataPlanOption => ({
  id,
  plan_network: (plan_type.startsWith('MTN') ? 'MTN' : plan_type) as DataPlanOption['plan_network'],
  plan_type: plan_type as DataPlanOption['plan_type'],
  plan: name,
  my_price: price,
  resellerPrice: price - 3,
  apiPrice: price - 4,
  month_validate: validity,
});

const catalogue: DataPlanOption[] = [
  plan(7, 'MTN', '20GB'),
  plan(1, 'MTN', '500MB'),
  plan(27, 'MTN-CG', '250MB', '14 days'),
  plan(21, 'MTN-CG', '500MB'),
  plan(11, 'MTN-SME2', '500MB'),
  plan(31, 'MTN-COUPON', '1GB'),
  plan(44, 'GLO', '2GB'),
  plan(41, 'GLO', '200MB', '14 days'),
  plan(52, 'AIRTEL', '300MB', '7 days'),
  plan(51, 'AIRTEL', '100MB', '7 days'),
  plan(53, 'AIRTEL', '500MB', '1 month'),
  plan(61, '9MOBILE', '500MB'),
];

describe('MTN data type', () => {
  it('comes from the plan type when it names one', () => {
    expect(mtnDataType({ plan_type: 'MTN-CG', plan: '1GB' })).toBe('CG');
    expect(mtnDataType({ plan_type: 'MTN-SME2', plan: '1GB' })).toBe('SME2');
    expect(mtnDataType({ plan_type: 'MTN-COUPON', plan: '1GB' })).toBe('COUPON');
  });

  it('is read from the plan text when the type is plain MTN, SME by default', () => {
    expect(mtnDataType({ plan_type: 'MTN', plan: '1GB' })).toBe('SME');
    expect(mtnDataType({ plan_type: 'MTN', plan: '1GB SME' })).toBe('SME');
    expect(mtnDataType({ plan_type: 'MTN', plan: '1GB SME 2' })).toBe('SME2');
    expect(mtnDataType({ plan_type: 'MTN', plan: '2GB (CG)' })).toBe('CG');
    expect(mtnDataType({ plan_type: 'MTN', plan: '2GB Corporate Gifting' })).toBe('CG');
    expect(mtnDataType({ plan_type: 'MTN', plan: '1.5GB Gifting' })).toBe('GIFTING');
    expect(mtnDataType({ plan_type: 'MTN', plan: '1GB coupon' })).toBe('COUPON');
  });

  it('lists the types present, known ones first in the usual order', () => {
    expect(mtnDataTypes(catalogue)).toEqual(['SME', 'SME2', 'CG', 'COUPON']);
    expect(mtnDataTypes([plan(5, 'MTN', '1GB Gifting'), plan(6, 'MTN-CG', '1GB')])).toEqual(['CG', 'GIFTING']);
    expect(mtnDataTypes(catalogue.filter((p) => p.plan_network === 'GLO'))).toEqual([]);
  });
});

describe('plan list', () => {
  it('reads validity in days', () => {
    expect(validityDays('30 days')).toBe(30);
    expect(validityDays('7 Days')).toBe(7);
    expect(validityDays('1 month')).toBe(30);
    expect(validityDays('2 weeks')).toBe(14);
    expect(validityDays('14')).toBe(14);
    expect(validityDays('Monthly')).toBe(30);
    expect(validityDays('')).toBe(Number.POSITIVE_INFINITY);
  });

  it('sorts by size within a type (500MB before 1GB before 2GB), then validity, then id; a plan without a size goes last', () => {
    const sorted = [
      plan(1, 'GLO', '2GB'),
      plan(2, 'GLO', '1GB', '7 days'),
      plan(3, 'GLO', 'Night plan'),
      plan(4, 'GLO', '500MB'),
      plan(5, 'GLO', '1GB', '1 day'),
      plan(6, 'GLO', '1.5GB'),
    ].sort(comparePlans);
    expect(sorted.map((p) => p.id)).toEqual([4, 5, 2, 6, 1, 3]);
  });

  it('sorts plans of the same size by validity, then id', () => {
    const sorted = [plan(3, 'GLO', 'a', '30 days'), plan(2, 'GLO', 'b', '30 days'), plan(9, 'GLO', 'c', '1 day'), plan(1, 'GLO', 'd', '')].sort(comparePlans);
    expect(sorted.map((p) => p.id)).toEqual([9, 2, 3, 1]);
  });

  it('filters by network and, for MTN, by data type', () => {
    expect(plansFor(catalogue, 'GLO').map((p) => p.id)).toEqual([41, 44]);
    expect(plansFor(catalogue, 'AIRTEL').map((p) => p.id)).toEqual([51, 52, 53]);
    expect(plansFor(catalogue, 'MTN', 'SME').map((p) => p.id)).toEqual([1, 7]);
    expect(plansFor(catalogue, 'MTN', 'CG').map((p) => p.id)).toEqual([27, 21]);
    expect(plansFor(catalogue, 'MTN', 'COUPON').map((p) => p.id)).toEqual([31]);
    expect(plansFor(catalogue, null)).toEqual([]);
  });

  it('keeps the chosen plan while offered, else preselects the first', () => {
    const offered = plansFor(catalogue, 'MTN', 'CG');
    expect(selectedPlan(offered, null)?.id).toBe(27);
    expect(selectedPlan(offered, 21)?.id).toBe(21);
    expect(selectedPlan(offered, 1)?.id).toBe(27);
    expect(selectedPlan([], 1)).toBeNull();
  });

  it('prices by user type with the shared rule', () => {
    const p = plan(1, 'MTN', '1GB', '30 days', 270);
    expect(planPriceFor(p, 'smart earner')).toBe(270);
    expect(planPriceFor(p, 'reseller')).toBe(267);
    expect(planPriceFor(p, 'api user')).toBe(266);
    expect(planPriceFor(p, undefined)).toBe(270);
  });

  it('takes a network’s plans from the session groups (9MOBILE is NMOBILE there)', () => {
    const groups = { NMOBILE: [catalogue[11]], MTN: [] };
    expect(sessionPlansFor(groups, '9MOBILE')?.map((p) => p.id)).toEqual([61]);
    expect(sessionPlansFor(groups, 'MTN')).toBeUndefined();
    expect(sessionPlansFor(null, 'GLO')).toBeUndefined();
  });
});
