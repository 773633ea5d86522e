/**
 * The admin dashboard in Chromium on a 360 px phone: an admin sees the figures of a purchase made
 * here and the chart of sales per day; a user sent to /admin is turned away.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../shared/api/admin.js';
import type { SessionResponse } from '../../shared/api/accounts.js';
import type { PurchaseResponse } from '../../shared/api/purchases.js';
import { callApi, issueCoupon, loginInUi, newTestUser, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const PHONE = { width: 360, height: 780 };

describe('admin dashboard', () => {
  const suite = useBrowserSuite({ viewport: PHONE });
  const buyer = newTestUser('dash');

  beforeAll(async () => {
    const cloud = suite.cloud;
    const session = await registerViaApi(cloud.baseUrl, buyer);
    const code = await issueCoupon(cloud.baseUrl, cloud.adminLogin, buyer.userName, 500);
    await callApi(cloud.baseUrl, 'fundWithCoupon', { token: session.token, body: { userName: buyer.userName, coupon: code } });
    const bought = await callApi<PurchaseResponse>(cloud.baseUrl, 'buyAirtime', {
      token: session.token,
      body: { network: 1, mobile_number: '08011111111', amount: 100 },
    });
    // Wait until the purchase is final, so the figures include it.
    const admin = await callApi<SessionResponse>(cloud.baseUrl, 'login', { body: cloud.adminLogin });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const figures = (await callApi<DashboardResponse>(cloud.baseUrl, 'adminDashboard', { token: admin.token })).figures;
      if (figures.openPurchases === 0 && figures.today.length > 0) break;
      if (Date.now() > deadline) throw new Error(`purchase ${bought.receipt._id} not settled`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }, 180_000);

  const freshPage = () => suite.freshPage();

  it('acceptance: the admin sees the figures, the sales chart and the newest users, within 360 px', async () => {
    const p = await freshPage();
    await loginInUi(p, suite.cloud.adminLogin);
    await p.goto('/admin');
    const dashboard = p.getByTestId('admin-dashboard');
    await dashboard.waitFor();
    const stat = (label: string) => dashboard.locator('.stat', { hasText: label }).locator('strong').textContent();
    expect(await stat('Sales today')).toBe('₦99.00');
    expect(await stat('Open purchases')).toBe('0');
    // The platform's figures are summed off the request path: the screen says they may lag.
    expect(await dashboard.getByTestId('figures-lag-note').textContent()).toContain('within a few seconds');
    // Products by their registry names.
    expect(await dashboard.getByRole('row', { name: /Airtime MTN 1/ }).count()).toBeGreaterThan(0);
    // The chart: 30 bars, today's with height.
    expect(await dashboard.locator('rect.sales-bar').count()).toBe(30);
    expect(Number(await dashboard.locator('rect.sales-bar').last().getAttribute('height'))).toBeGreaterThan(0);
    await dashboard.getByTestId('newest-users').getByText(buyer.userName).waitFor();
    // Mobile first: nothing wider than the phone.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('counts every product in the sales tables, as the sales statistics do: an exam PIN sale is a row "Exam PINs WAEC", within 360 px', async () => {
    const cloud = suite.cloud;
    const code = await issueCoupon(cloud.baseUrl, cloud.adminLogin, buyer.userName, 10_000);
    const session = await callApi<SessionResponse>(cloud.baseUrl, 'login', { body: { userName: buyer.userName, password: buyer.password } });
    await callApi(cloud.baseUrl, 'fundWithCoupon', { token: session.token, body: { userName: buyer.userName, coupon: code } });
    await callApi<PurchaseResponse>(cloud.baseUrl, 'buyExam', {
      token: session.token,
      body: { exam: 'waec', quantity: 1, request_id: `exam-${buyer.userName}` },
    });
    const admin = await callApi<SessionResponse>(cloud.baseUrl, 'login', { body: cloud.adminLogin });
    await expect
      .poll(async () => (await callApi<DashboardResponse>(cloud.baseUrl, 'adminDashboard', { token: admin.token })).figures.today.map((row) => row.product), {
        timeout: 60_000,
      })
      .toContain('exam');

    const p = await freshPage();
    await loginInUi(p, cloud.adminLogin);
    await p.goto('/admin');
    const dashboard = p.getByTestId('admin-dashboard');
    await dashboard.waitFor();
    await dashboard
      .getByRole('row', { name: /Exam PINs WAEC 1 / })
      .first()
      .waitFor();
    expect(await dashboard.getByRole('row', { name: /^exam\b/ }).count()).toBe(0);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('rejection: a user who opens /admin is sent back to the profile', async () => {
    const p = await freshPage();
    await loginInUi(p, buyer);
    await p.goto('/admin');
    await p.waitForURL((url) => url.pathname === '/profile');
    expect(await p.getByTestId('admin-dashboard').count()).toBe(0);
  });
});
