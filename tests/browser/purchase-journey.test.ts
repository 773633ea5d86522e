/**
 * A customer's first day, end to end in Chromium on the local cloud: register, get a coupon from
 * the admin, redeem it, buy airtime, and watch the purchase settle (delivered, or refunded).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { startLocalCloud } from '../support/local-cloud.js';
import type { FundWithCouponResponse } from '../../shared/api/wallet.js';
import { callApi, ensureWebBuilt, issueCoupon, launchChromium, loginInUi, newPage, newTestUser, registerViaApi, reportFailure, waitForTransactionStatus } from './helpers.js';

type Cloud = Awaited<ReturnType<typeof startLocalCloud>>;

describe('purchase journey', () => {
  let cloud: Cloud;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const user = newTestUser('buyer');

  beforeAll(async () => {
    ensureWebBuilt();
    // The sweeper re-queries pending purchases every 2 s here, so one settles while the list is open.
    cloud = await startLocalCloud({ env: { LOCAL_SCHEDULE_INTERVAL_MS: '2000' } });
    browser = await launchChromium();
    ({ context, page } = await newPage(browser, cloud.baseUrl));
  });

  beforeEach((test) => {
    test.onTestFailed(() => reportFailure(page, cloud?.output(), test.task.name));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await cloud?.stop();
  });

  async function balanceOnDashboard(): Promise<string> {
    return (await page.getByTestId('dashboard-balance').textContent())?.trim() ?? '';
  }

  async function buyAirtime(phone: string, amount: string): Promise<void> {
    await page.getByRole('link', { name: 'Airtime', exact: true }).click();
    await page.waitForURL('**/profile/buyAirtime');
    expect(await page.getByLabel('MTN').isChecked()).toBe(true);
    await page.getByLabel('Phone number').fill(phone);
    await page.getByLabel('Amount (₦)').fill(amount);
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    await dialog.waitFor();
    await dialog.getByText(phone).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByText(MSG.airtimeProcessing).first().waitFor();
  }

  it('registers, redeems an admin coupon, buys airtime that is delivered', async () => {
    // Register through the UI.
    await page.goto('/register');
    await page.getByLabel('User name').fill(user.userName);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Phone number').fill(user.phoneNumber);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/profile');
    expect(await balanceOnDashboard()).toBe('₦0.00');
    expect(await page.getByTestId('sidebar-username').textContent()).toBe(user.userName);

    // The admin issues a coupon for the new user.
    const code = await issueCoupon(cloud.baseUrl, cloud.adminLogin, user.userName, 1000);

    // Redeem it from the dashboard's fund wallet button (the fund wallet screen links to coupon funding).
    await page.getByRole('link', { name: 'Fund wallet', exact: true }).click();
    await page.waitForURL('**/profile/fundWallet');
    await page.getByRole('link', { name: 'Fund wallet with a coupon' }).click();
    await page.waitForURL('**/profile/fundWallet/coupon');
    await page.getByLabel('Coupon code').fill(code);
    await page.getByRole('button', { name: 'Redeem coupon' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByText(MSG.walletFunded).first().waitFor();
    expect(await balanceOnDashboard()).toBe('₦1,000.00');

    // Buy ₦100 of airtime: a smart earner pays 99%.
    await buyAirtime('08011111111', '100');
    expect(await balanceOnDashboard()).toBe('₦901.00');
    expect(await page.getByTestId('sidebar-balance').textContent()).toBe('₦901.00');

    await page.goto('/profile/transactions');
    await waitForTransactionStatus(page, '08011111111', 'success');

    // The details show the balance chain.
    await page.locator('[data-testid="transaction-row"][data-phone="08011111111"]').first().click();
    const details = page.getByTestId('transaction-details');
    await details.getByText('₦1,000.00', { exact: true }).waitFor();
    await details.getByText('₦901.00', { exact: true }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  });

  it('shows a purchase the supplier refuses as refunded, with the balance restored', async () => {
    await page.goto('/profile');
    const before = await balanceOnDashboard();
    expect(before).toBe('₦901.00');

    await buyAirtime('08022222222', '200');
    expect(await balanceOnDashboard()).toBe('₦703.00');

    await page.goto('/profile/transactions');
    await waitForTransactionStatus(page, '08022222222', 'refunded');

    // Back on the dashboard the refund is in the balance…
    await page.getByTestId('sidebar').getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await expect.poll(() => page.getByTestId('dashboard-balance').textContent(), { timeout: 20_000 }).toBe(before);

    // …and after a reload, which checks the token while the page loads.
    await page.reload();
    await expect.poll(() => page.getByTestId('sidebar-balance').textContent(), { timeout: 20_000 }).toBe(before);
    expect(await balanceOnDashboard()).toBe(before);
  });

  it('follows a pending purchase on the open list until it is successful, reading only its status, never the whole list every 3 s', async () => {
    await page.goto('/profile');
    // 08033333333: the supplier says "processing"; a re-query later says delivered.
    await buyAirtime('08033333333', '100');
    await page.goto('/profile/transactions');
    const rows = page.locator('[data-testid="transaction-row"][data-phone="08033333333"]');
    await rows.first().waitFor();

    const reads: string[] = [];
    const onRequest = (request: { url(): string }) => {
      const path = new URL(request.url()).pathname;
      if (/\/transaction(\/|$)/.test(path)) reads.push(path);
    };
    page.on('request', onRequest);
    await rows.and(page.locator('[data-status="success"]')).waitFor({ timeout: 60_000 });
    page.off('request', onRequest);

    const statusReads = reads.filter((path) => /\/transaction\/[A-Za-z0-9_-]+$/.test(path));
    const pageReads = reads.filter((path) => path.endsWith('/transaction'));
    expect(statusReads.length).toBeGreaterThan(0);
    // At most the one re-read of the page when the purchase settles (its totals follow).
    expect(pageReads.length).toBeLessThanOrEqual(1);
  });

  it('lets the admin generate a coupon in two steps, and the code credits its owner', async () => {
    const owner = newTestUser('owner');
    const ownerSession = await registerViaApi(cloud.baseUrl, owner);
    const admin = await newPage(browser, cloud.baseUrl);
    try {
      await admin.context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const p = admin.page;
      await loginInUi(p, cloud.adminLogin);
      await p.getByTestId('role-button').click();
      await p.waitForURL((url) => url.pathname === '/admin');
      await p.getByRole('main').getByRole('link', { name: 'Generate coupon', exact: true }).click();
      await p.waitForURL('**/admin/generateCoupon');

      // Step 1: the user name is validated first; an empty one is refused locally.
      await p.getByRole('button', { name: 'Validate user' }).click();
      await p.getByText(MSG.enterUsername).first().waitFor();
      await p.getByLabel('User name').fill(owner.userName);
      await p.getByRole('button', { name: 'Validate user' }).click();
      expect(await p.getByTestId('validated-user').textContent()).toBe(owner.userName);

      // Step 2: the amount, then the code with a copy button.
      await p.getByLabel('Amount (₦)').fill('250');
      await p.getByRole('button', { name: 'Generate coupon' }).click();
      const code = (await p.getByTestId('coupon-code').textContent())?.trim() ?? '';
      expect(code).not.toBe('');
      await p.getByTestId('coupon-result').getByRole('button', { name: 'Copy' }).click();
      await p.getByText(MSG.copied, { exact: true }).first().waitFor();
      // After the action the form starts over at step 1.
      await p.getByRole('button', { name: 'Validate user' }).waitFor();

      const redeemed = await callApi<FundWithCouponResponse>(cloud.baseUrl, 'fundWithCoupon', { token: ownerSession.token, body: { userName: owner.userName, coupon: code } });
      expect(redeemed.amount).toBe(250);
    } finally {
      await admin.context.close();
    }
  });
});
