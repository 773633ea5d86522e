import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages.js';
import { submitForm } from '@/lib/forms.testing.js';
import { couponAmountForm, couponOwnerForm, generateCouponBody } from './coupon-form.js';

describe('coupon generation', () => {
  it('wants the user name first', async () => {
    expect((await submitForm(couponOwnerForm, { userAccount: '' }, ['userAccount'])).warning).toBe(MSG.enterUsername);
  });

  it('wants a positive amount up to the largest coupon, sent in naira', async () => {
    expect((await submitForm(couponAmountForm, { amount: '0' }, ['amount'])).warning).toBe(MSG.enterValidAmount);
    expect((await submitForm(couponAmountForm, { amount: '1000000.01' }, ['amount'])).warning).toBe('The largest coupon is ₦1,000,000.00');
    const { values } = await submitForm(couponAmountForm, { amount: '250' });
    expect(generateCouponBody('ada', values!.amount)).toEqual({ userAccount: 'ada', amount: 250 });
  });
});
