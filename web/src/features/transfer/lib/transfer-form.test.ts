import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages.js';
import { submitForm } from '@/lib/forms.testing.js';
import { MONEY_MSG } from '@shared/messages.js';
import { receiverForm, receiverFormFor, transferAmountForm, transferFundBody } from './transfer-form.js';

describe('transfer form', () => {
  it('wants a user name first', async () => {
    expect((await submitForm(receiverForm, { userName: ' ' }, ['userName'])).warning).toBe(MSG.enterUsername);
    expect((await submitForm(receiverForm, { userName: ' bob ' })).values).toEqual({ userName: 'bob' });
  });

  it("refuses the sender's own user name (any case) at the receiver step, and accepts another", async () => {
    expect((await submitForm(receiverFormFor('Alice'), { userName: ' alice ' }, ['userName'])).warning).toBe(MONEY_MSG.cannotTransferToSelf);
    expect((await submitForm(receiverFormFor('Alice'), { userName: 'bob' })).values).toEqual({ userName: 'bob' });
  });

  it('refuses more than the balance for a non-admin, never for an admin', async () => {
    expect((await submitForm(transferAmountForm(1_000_00), { amount: '5000' }, ['amount'])).warning).toBe(MSG.insufficientBalance);
    expect((await submitForm(transferAmountForm(null), { amount: '5000' }, ['amount'])).warning).toBeNull();
    expect((await submitForm(transferAmountForm(1_000_00), { amount: '0' }, ['amount'])).warning).toBe(MSG.enterValidAmount);
  });

  it('sends the amount in naira, not kobo', async () => {
    const { values } = await submitForm(transferAmountForm(1_000_00), { amount: '300.25' });
    expect(transferFundBody('bob', values!.amount, 'req-12345678')).toEqual({ userName: 'bob', amount: 300.25, request_id: 'req-12345678' });
  });
});
