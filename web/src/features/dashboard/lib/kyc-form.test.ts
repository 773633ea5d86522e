import { describe, expect, it } from 'vitest';
import { MONEY_MSG } from '@shared/messages.js';
import { submitForm } from '@/lib/forms.testing.js';
import { EMPTY_KYC_FORM, kycForm } from './kyc-form.js';

describe('KYC form', () => {
  it('sends only the chosen method’s 11-digit number', async () => {
    expect((await submitForm(kycForm, { method: 'bvn', number: ' 22345678901 ' })).values).toEqual({ bvn: '22345678901' });
    expect((await submitForm(kycForm, { ...EMPTY_KYC_FORM, number: '12345678901' })).values).toEqual({ nin: '12345678901' });
  });

  it('refuses a number that is not 11 digits', async () => {
    expect((await submitForm(kycForm, { method: 'nin', number: '1234' }, ['method', 'number'])).warning).toBe(MONEY_MSG.kycInvalidNumber);
  });
});
