import { describe, expect, it } from 'vitest';
import { MONEY_MSG, MSG } from '@shared/messages.js';
import { submitForm } from '@/lib/forms.testing.js';
import { ACCOUNT_FIELD_ORDER, accountForm, amountToReceiveKobo, withdrawAmountForm, withdrawBody } from './withdraw-form.js';

const accountWarning = async (bankName: string, accountNumber: string) =>
  (await submitForm(accountForm, { bankName, accountNumber }, ACCOUNT_FIELD_ORDER)).warning;
const amountWarning = async (amount: string, balanceKobo: number) => (await submitForm(withdrawAmountForm(balanceKobo), { amount }, ['amount'])).warning;

describe('withdraw form', () => {
  it('needs a bank, then a 10-digit account number', async () => {
    expect(await accountWarning('', '0123456789')).toBe(MONEY_MSG.selectBank);
    expect(await accountWarning('', '')).toBe(MONEY_MSG.selectBank);
    expect(await accountWarning('Guaranty Trust Bank', ' ')).toBe(MSG.enterAccountNumber);
    expect(await accountWarning('Guaranty Trust Bank', '12345')).toBe(MONEY_MSG.invalidAccountNumber);
    expect(await accountWarning('Guaranty Trust Bank', ' 0123456789 ')).toBeNull();
  });

  it('checks the amount against the limits, then the balance', async () => {
    expect(await amountWarning('', 1_000_00)).toBe(MSG.enterValidAmount);
    expect(await amountWarning('0', 1_000_00)).toBe(MSG.enterValidAmount);
    expect(await amountWarning('50', 1_000_00)).toBe(MONEY_MSG.minimumWithdrawal);
    expect(await amountWarning('2000', 1_000_00)).toBe(MSG.insufficientBalance);
    expect(await amountWarning('500', 1_000_00)).toBeNull();
  });

  it('sends the amount in naira, not kobo', async () => {
    const { values } = await submitForm(withdrawAmountForm(1_000_00), { amount: '200.5' });
    const account = { bankName: 'GTBank', bankCode: '058', accountNumber: '0123456789', accountName: 'ADA OBI' };
    expect(withdrawBody(account, values!.amount, 'req-12345678')).toEqual({
      ...account,
      bankAccountName: 'ADA OBI',
      amount: 200.5,
      request_id: 'req-12345678',
    });
  });

  it('takes the ₦50 fee off what the account receives', () => {
    expect(amountToReceiveKobo(100_000)).toBe(95_000);
  });
});
