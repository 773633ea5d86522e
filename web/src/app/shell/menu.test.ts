import { describe, expect, it } from 'vitest';
import { PRODUCTS } from '@shared/products.js';
import { PRODUCT_ICONS } from '@/ui/purchase/product-icons.js';
import { hasRoute, menuFor, roleButtonFor } from './menu.js';

const user = { isAdmin: false, isAgent: false, isCouponVendor: false };

describe('sidebar menu', () => {
  it('gives everyone the common entries in the spec order, with Account and Settings at their routes', () => {
    const menu = menuFor(user);
    expect(menu.map((m) => m.label)).toEqual([
      'Dashboard',
      'Buy Data',
      'Buy Airtime',
      'Electricity Payment',
      'Cable TV',
      'Exam PINs',
      'Recharge cards',
      'Internet & more',
      'Bulk purchase',
      'Fund wallet',
      'Transfer',
      'Withdraw',
      'Earnings',
      'My contacts',
      'Transactions',
      'Account',
      'Settings',
      'API docs',
    ]);
    expect(menu.find((m) => m.label === 'Fund wallet')?.to).toBe('/profile/fundWallet');
    expect(menu.find((m) => m.label === 'Withdraw')?.to).toBe('/profile/withdraw');
    expect(menu.find((m) => m.label === 'Earnings')?.to).toBe('/profile/earnings');
    expect(menu.find((m) => m.label === 'API docs')?.to).toBe('/docs');
    expect(menu.find((m) => m.label === 'Electricity Payment')?.to).toBe('/profile/electricity');
    expect(menu.find((m) => m.label === 'Account')?.to).toBe('/profile/user');
    expect(menu.find((m) => m.label === 'Settings')?.to).toBe('/profile/changePassword');
    expect(menu.find((m) => m.label === 'Buy Data')?.to).toBe('/profile/buyData');
    expect(menu.find((m) => m.label === 'My contacts')?.to).toBe('/profile/contacts');
  });

  it('hides an entry whose backend route is not in the route table', () => {
    expect(hasRoute('POST /buy/data')).toBe(true);
    expect(hasRoute('POST /no/such/route')).toBe(false);
    const table = new Set(['POST /buy/airtime', 'GET /transaction']);
    expect(menuFor(user, table).map((m) => m.label)).toEqual(['Dashboard', 'Buy Airtime', 'Transactions', 'Account', 'Settings', 'API docs']);
    expect(menuFor({ ...user, isAgent: true }, table).map((m) => m.label)).not.toContain('Update');
  });

  it('adds admin settings, Update price, coupon funding and generation for admins', () => {
    const admin = menuFor({ ...user, isAdmin: true }).map((m) => m.to);
    expect(admin).toEqual(expect.arrayContaining(['/profile/adminSettings', '/profile/updatePrice', '/profile/fundWallet/coupon', '/admin/generateCoupon']));
    expect(menuFor({ ...user, isAdmin: true }).find((m) => m.to === '/profile/updatePrice')?.label).toBe('Update price');
  });

  it("adds Send email after Update price for admins only, at /admin/sendMail (Transfer is in everyone's menu now)", () => {
    const admin = menuFor({ ...user, isAdmin: true }).map((m) => m.label);
    expect(admin.slice(admin.indexOf('Update price'), admin.indexOf('Update price') + 3)).toEqual(['Update price', 'Send email', 'My users']);
    expect(menuFor({ ...user, isAdmin: true }).find((m) => m.label === 'Send email')?.to).toBe('/admin/sendMail');
    expect(menuFor({ ...user, isAgent: true }).map((m) => m.label)).not.toContain('Send email');
  });

  it('gives everyone Transfer once, admins included', () => {
    expect(menuFor({ ...user, isAdmin: true }).filter((m) => m.label === 'Transfer')).toHaveLength(1);
    expect(menuFor(user).find((m) => m.label === 'Transfer')?.to).toBe('/profile/transfer');
  });

  it('gives agents "My users" and Update only; admins get "My users" too', () => {
    const agent = menuFor({ ...user, isAgent: true });
    expect(agent.filter((m) => !menuFor(user).includes(m)).map((m) => m.label)).toEqual(['My users', 'Update']);
    expect(menuFor({ ...user, isAdmin: true }).find((m) => m.label === 'My users')?.to).toBe('/admin/users');
    expect(menuFor(user).map((m) => m.to)).not.toContain('/admin/users');
    expect(agent.find((m) => m.to === '/profile/updatePrice')?.label).toBe('Update');
    expect(agent.map((m) => m.to)).not.toContain('/admin/generateCoupon');
    expect(agent.map((m) => m.to)).not.toContain('/profile/adminSettings');
    expect(menuFor(user).map((m) => m.to)).not.toContain('/profile/updatePrice');
  });

  it('gives admins their extra items in a fixed order, then the audit log; Send email appears once its route exists', () => {
    const extras = (table?: ReadonlySet<string>) => {
      const common = new Set(menuFor(user, table).map((m) => m.label));
      return menuFor({ ...user, isAdmin: true }, table).filter((m) => !common.has(m.label));
    };
    expect(extras().map((m) => m.label)).toEqual(
      [
        'Admin settings',
        'Update price',
        hasRoute('POST /admin/sendMail') ? 'Send email' : null,
        'My users',
        'Fund wallet (coupon)',
        'Generate coupon',
        'Audit log',
        'VTpass services',
        'Profit and loss',
        'Supplier floats',
        'Reconciliation',
      ].filter(Boolean),
    );
    const withMail = new Set(['POST /admin/sendMail', 'GET /admin/audit']);
    expect(extras(withMail).map((m) => [m.label, m.to])).toEqual([
      ['Send email', '/admin/sendMail'],
      ['Audit log', '/admin/audit'],
    ]);
    // Rejection: the audit log is for admins only.
    expect(menuFor({ ...user, isAgent: true }).map((m) => m.to)).not.toContain('/admin/audit');
    expect(menuFor({ ...user, isAgent: true }).map((m) => m.to)).not.toContain('/admin/sendMail');
  });

  it('gives a coupon vendor "Generate coupon" (paid from their wallet) and nothing else of the admin tools; an admin who is a vendor gets it once', () => {
    const vendor = menuFor({ ...user, isCouponVendor: true });
    expect(vendor.filter((m) => !menuFor(user).includes(m)).map((m) => m.to)).toEqual(['/admin/generateCoupon']);
    expect(menuFor({ ...user, isAdmin: true, isCouponVendor: true }).filter((m) => m.to === '/admin/generateCoupon')).toHaveLength(1);
    expect(menuFor(user).map((m) => m.to)).not.toContain('/admin/generateCoupon');
  });

  it('labels the role button by role', () => {
    expect(roleButtonFor({ ...user, isAdmin: true }).label).toBe('ADMIN');
    expect(roleButtonFor({ ...user, isAgent: true }).label).toBe('Agent');
    // Rejection of the old behaviour: Home never leaves the app for the landing page.
    expect(roleButtonFor(user)).toEqual({ label: 'Home', to: '/profile' });
  });
});

describe('the products in the menu', () => {
  it('offers every product of the registry at its path, with its icon', () => {
    const menu = menuFor(user);
    for (const product of PRODUCTS) {
      const item = menu.find((m) => m.to === product.path);
      expect(item, product.type).toBeDefined();
      expect(item?.icon).toBe(PRODUCT_ICONS[product.type]);
    }
  });
});
