import { describe, expect, it } from 'vitest';
import { accountProblem, amountProblem, amountToReceiveKobo } from './withdraw-form.js';

describe('withdraw form', () => {
  it('needs a bank and a 10-digit account number', () => {
    expect(accountProblem('', '0123456789')).toBe('Select a bank');
    expect(accountProblem('058', ' ')).toBe('Enter account number');
    expect(accountProblem('058', '12345')).toBe('Account number must be 10 digits');
    expect(accountProblem('058', '0123456789')).toBeNull();
  });

  it('checks the amount against the minimum and the balance', () => {
    expect(amountProblem(null, 100_000)).toBe('enter a valid amount');
    expect(amountProblem(5_000, 100_000)).toBe('Minimum withdrawal is ₦100');
    expect(amountProblem(200_000, 100_000)).toBe('Insufficient balance');
    expect(amountProblem(50_000, 100_000)).toBeNull();
  });

  it('takes the ₦50 fee off what the account receives', () => {
    expect(amountToReceiveKobo(100_000)).toBe(95_000);
  });
});
