import { describe, expect, it } from 'vitest';
import { useMemoryLocalStorage } from './storage.testing.js';
import type { UserView } from '@shared/api/accounts.js';
import { getSession, onSessionChange, sameData, signIn, updateUser } from './session.js';

const ada = {
  _id: 'u1',
  userName: 'ada',
  email: 'ada@example.com',
  balance: 1200,
  userType: 'smart earner',
  accountNumbers: [{ bankName: 'Wema', accountNumber: '0123456789' }],
} as unknown as UserView;

describe('the session tells its screens only of a user that changed', () => {
  useMemoryLocalStorage();

  it('compares answers by their data, whatever the order of their fields', () => {
    expect(sameData({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(sameData({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameData({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameData({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameData({ a: [] }, { a: {} })).toBe(false);
    expect(sameData({ a: null }, { a: 0 })).toBe(false);
  });

  it('an answer equal to the session changes nothing; a new balance is told at once', () => {
    signIn('token-1', ada);
    let told = 0;
    const stop = onSessionChange(() => told++);
    try {
      const before = getSession();
      updateUser(JSON.parse(JSON.stringify({ ...ada })) as UserView);
      expect(told).toBe(0);
      expect(getSession()).toBe(before);
      updateUser({ ...ada, balance: 900 });
      expect(told).toBe(1);
      expect(getSession()?.user.balance).toBe(900);
      expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ balance: 900 });
    } finally {
      stop();
    }
  });
});
