import { describe, expect, it } from 'vitest';
import type { UserView } from '@shared/api/accounts.js';
import { landingAfterLogin } from './landing.js';

const user = (roles: Partial<Pick<UserView, 'isAdmin' | 'isAgent' | 'isCouponVendor'>>) =>
  ({ isAdmin: false, isAgent: false, isCouponVendor: false, ...roles }) as UserView;

describe('where a person lands after login', () => {
  it('an admin lands on the admin dashboard', () => {
    expect(landingAfterLogin(user({ isAdmin: true }))).toBe('/admin');
    expect(landingAfterLogin(user({ isAdmin: true, isCouponVendor: true }))).toBe('/admin');
  });

  it('rejection: customers, agents and coupon vendors land on their dashboard', () => {
    for (const roles of [{}, { isAgent: true }, { isCouponVendor: true }]) expect(landingAfterLogin(user(roles))).toBe('/profile');
    expect(landingAfterLogin(null)).toBe('/profile');
  });
});
