import { describe, expect, it } from 'vitest';
import { menuFor, roleButtonFor } from './menu.js';

const user = { isAdmin: false, isAgent: false, isCouponVendor: false };

describe('sidebar menu', () => {
  it('gives everyone the common entries, with Account and Settings at their routes', () => {
    const menu = menuFor(user);
    expect(menu.map((m) => m.label)).toEqual(['Dashboard', 'Buy Airtime', 'Transactions', 'Account', 'Settings']);
    expect(menu.find((m) => m.label === 'Account')?.to).toBe('/profile/user');
    expect(menu.find((m) => m.label === 'Settings')?.to).toBe('/profile/changePassword');
  });

  it('adds coupon funding and coupon generation for admins only', () => {
    expect(menuFor({ ...user, isAdmin: true }).map((m) => m.to)).toEqual(expect.arrayContaining(['/profile/fundWallet/coupon', '/admin/generateCoupon']));
    expect(menuFor({ ...user, isAgent: true }).map((m) => m.to)).not.toContain('/admin/generateCoupon');
  });

  it('labels the role button by role', () => {
    expect(roleButtonFor({ ...user, isAdmin: true }).label).toBe('ADMIN');
    expect(roleButtonFor({ ...user, isAgent: true }).label).toBe('Agent');
    expect(roleButtonFor(user)).toEqual({ label: 'Home', to: '/' });
  });
});
