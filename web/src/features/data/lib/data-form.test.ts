import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages.js';
import { submitForm } from '@/lib/forms.testing.js';
import { DATA_FIELD_ORDER, dataForm, formAfterPurchase, type DataFormValues } from './data-form.js';

const valid: DataFormValues = { network: 'GLO', plan: '41', mobile_number: '08011111111' };
const warning = async (values: DataFormValues) => (await submitForm(dataForm, values, DATA_FIELD_ORDER)).warning;

describe('buy data form rules', () => {
  it('accepts a complete form and sends the data network id and the plan id', async () => {
    expect(await submitForm(dataForm, { ...valid, mobile_number: ' 08011111111 ' })).toEqual({
      warning: null,
      values: { network: 2, plan: 41, mobile_number: '08011111111' },
    });
    expect((await submitForm(dataForm, { ...valid, network: '9MOBILE' })).values?.network).toBe(6);
  });

  it('wants all values', async () => {
    expect(await warning({ network: '', plan: '', mobile_number: '' })).toBe(MSG.provideAllValues);
    expect(await warning({ ...valid, network: '' })).toBe(MSG.provideAllValues);
    expect(await warning({ ...valid, plan: '' })).toBe(MSG.provideAllValues);
    expect(await warning({ ...valid, mobile_number: ' ' })).toBe(MSG.provideAllValues);
    expect(await warning({ ...valid, plan: '', mobile_number: '0801' })).toBe(MSG.provideAllValues);
  });

  it('checks the phone number', async () => expect(await warning({ ...valid, mobile_number: '0801111111' })).toBe(MSG.checkPhone));
});

describe('after a successful purchase', () => {
  it('the phone number is cleared and the network reset to MTN, with no plan chosen', () => {
    expect(formAfterPurchase()).toEqual({ network: 'MTN', plan: '', mobile_number: '' });
  });
});
