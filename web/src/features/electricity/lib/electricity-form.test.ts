import { describe, expect, it } from 'vitest';
import { ELECTRICITY_MSG, MSG } from '@shared/messages.js';
import { COMPANY_OPTIONS, EMPTY_METER_FORM, METER_TYPE_OPTIONS, amountProblem, electricityChargeKobo, meterFormProblem, minimumKobo } from './electricity-form.js';

describe('electricity form', () => {
  it('starts on Ikeja (meter id 18) and prepaid; lists the spec’s eleven companies by meter id', () => {
    expect(EMPTY_METER_FORM).toEqual({ meterId: '18', meterType: 'prepaid', meterNumber: '' });
    expect(COMPANY_OPTIONS.map((o) => o.value)).toEqual(['18', '19', '20', '21', '22', '23', '24', '25', '26', '28', '29']);
    expect(COMPANY_OPTIONS[0]!.label).toBe('Ikeja Electric');
    expect(METER_TYPE_OPTIONS.map((o) => o.value)).toEqual(['prepaid', 'postpaid']);
  });

  it('needs a meter number, a company and a type before validating', () => {
    expect(meterFormProblem({ ...EMPTY_METER_FORM, meterNumber: '' })).toBe(ELECTRICITY_MSG.enterMeterNumber);
    expect(meterFormProblem({ ...EMPTY_METER_FORM, meterNumber: '4501-111 1111' })).toBeNull();
    expect(meterFormProblem({ meterId: '27', meterType: 'prepaid', meterNumber: '45011111111' })).toBe(ELECTRICITY_MSG.selectCompany);
    expect(meterFormProblem({ meterId: '18', meterType: '', meterNumber: '45011111111' })).toBe(ELECTRICITY_MSG.selectMeterType);
  });

  it('charges the amount plus ₦50', () => {
    expect(electricityChargeKobo(1_000_00)).toBe(1_050_00);
    expect(electricityChargeKobo(2_500_50)).toBe(2_550_50);
  });

  it('refuses amounts below ₦1,000 (or the meter’s higher minimum) and above ₦500,000', () => {
    expect(amountProblem('')).toBe(MSG.enterValidAmount);
    expect(amountProblem('12.345')).toBe(MSG.enterValidAmount);
    expect(amountProblem('999')).toBe(ELECTRICITY_MSG.minimumElectricity);
    expect(amountProblem('1000')).toBeNull();
    expect(amountProblem('1200', 1500)).toBe('Minimum purchase for this meter is ₦1,500.00');
    expect(amountProblem('500001')).toBe(ELECTRICITY_MSG.maximumElectricity);
    expect(minimumKobo(500)).toBe(1_000_00);
  });
});
