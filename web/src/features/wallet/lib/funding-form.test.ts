import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages.js';
import { submitForm } from '@/lib/forms.testing.js';
import { cardPaymentBody, cardPaymentForm, couponForm } from './funding-form.js';

describe('funding forms (card and coupon)', () => {
  it('card: an amount of at least ₦100, sent as a naira number', async () => {
    expect((await submitForm(cardPaymentForm, { amount: '' }, ['amount'])).warning).toBe(MSG.enterValidAmount);
    expect((await submitForm(cardPaymentForm, { amount: '50' }, ['amount'])).warning).toBe(MSG.minimumPayment);
    const { values } = await submitForm(cardPaymentForm, { amount: '1000' });
    expect(cardPaymentBody(values!.amount, 'ada@example.com')).toEqual({ amount: 1000, email: 'ada@example.com' });
  });

  it('coupon: a code is required', async () => {
    expect((await submitForm(couponForm, { coupon: ' ' }, ['coupon'])).warning).toBe(MSG.enterCouponCode);
    expect((await submitForm(couponForm, { coupon: ' 7KX2-9QPL ' })).values).toEqual({ coupon: '7KX2-9QPL' });
  });
});
