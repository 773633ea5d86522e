import { describe, expect, it } from 'vitest';
import { ELECTRICITY_MSG, MSG } from '@shared/messages.js';
import { electricityChargeKobo } from '@shared/pricing.js';
import { submitForm } from '@/lib/forms.testing.js';
import {
  COMPANY_OPTIONS,
  EMPTY_METER_FORM,
  METER_FIELD_ORDER,
  METER_TYPE_OPTIONS,
  buyElectricityBody,
  electricityAmountForm,
  meterForm,
  meterMinimumKobo,
  type MeterFormValues,
} from './electricity-form.js';

const meterWarning = async (values: MeterFormValues) => (await submitForm(meterForm, values, METER_FIELD_ORDER)).warning;
const amountWarning = async (amount: string, minAmountNaira?: number) =>
  (await submitForm(electricityAmountForm(minAmountNaira), { amount }, ['amount'])).warning;

describe('electricity form', () => {
  it('starts on Ikeja (meter id 18) and prepaid; lists the spec’s eleven companies by meter id', () => {
    expect(EMPTY_METER_FORM).toEqual({ meterId: '18', meterType: 'prepaid', meterNumber: '' });
    expect(COMPANY_OPTIONS.map((o) => o.value)).toEqual(['18', '19', '20', '21', '22', '23', '24', '25', '26', '28', '29']);
    expect(COMPANY_OPTIONS[0]!.label).toBe('Ikeja Electric');
    expect(METER_TYPE_OPTIONS.map((o) => o.value)).toEqual(['prepaid', 'postpaid']);
  });

  it('needs a meter number, a company and a type before validating, and sends the meter as the API reads it', async () => {
    expect(await meterWarning({ ...EMPTY_METER_FORM, meterNumber: '' })).toBe(ELECTRICITY_MSG.enterMeterNumber);
    expect(await meterWarning({ meterId: '27', meterType: 'prepaid', meterNumber: '45011111111' })).toBe(ELECTRICITY_MSG.selectCompany);
    expect(await meterWarning({ meterId: '18', meterType: '', meterNumber: '45011111111' })).toBe(ELECTRICITY_MSG.selectMeterType);
    const sent = await submitForm(meterForm, { ...EMPTY_METER_FORM, meterNumber: '4501-111 1111' });
    expect(sent).toEqual({ warning: null, values: { meterId: 18, meterType: 'prepaid', meterNumber: '45011111111' } });
  });

  it('previews the charge as the server takes it: the amount plus ₦50', () => {
    expect(electricityChargeKobo(1_000_00)).toBe(1_050_00);
    expect(electricityChargeKobo(2_500_50)).toBe(2_550_50);
  });

  it('refuses amounts below ₦1,000 (or the meter’s higher minimum) and above ₦500,000', async () => {
    expect(await amountWarning('')).toBe(MSG.enterValidAmount);
    expect(await amountWarning('0')).toBe(MSG.enterValidAmount);
    expect(await amountWarning('12.345')).toBe(MSG.enterValidAmount);
    expect(await amountWarning('999')).toBe(ELECTRICITY_MSG.minimumElectricity);
    expect(await amountWarning('1000')).toBeNull();
    expect(await amountWarning('1200', 1500)).toBe('Minimum purchase for this meter is ₦1,500.00');
    expect(await amountWarning('500001')).toBe(ELECTRICITY_MSG.maximumElectricity);
    expect(meterMinimumKobo(500)).toBe(1_000_00);
  });

  it('sends the token value in naira, not kobo', async () => {
    const { values } = await submitForm(electricityAmountForm(undefined), { amount: '1000.50' });
    expect(values?.amount).toBe(1_000_50);
    expect(buyElectricityBody({ meterId: 18, meterNumber: '45011111111', meterType: 'prepaid' }, values!.amount, 'req-12345678')).toEqual({
      amount: 1000.5,
      meterId: 18,
      meterNumber: '45011111111',
      meterType: 'prepaid',
      request_id: 'req-12345678',
    });
  });
});
