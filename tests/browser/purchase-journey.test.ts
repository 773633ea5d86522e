/**
 * A customer's first day, end to end in Chromium on the local cloud: register, get a coupon from
 * the admin, redeem it, buy airtime, and watch the purchase settle (delivered, or refunded).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.js';
import type { FundWithCouponResponse } from '../../shared/api/wallet.js';
import { callApi, issueCoupon, loginInUi, newPage, newTestUser, registerViaApi, waitForTransactionStatus } from './helpers.js';
import { useBrowserSuite } from './suite.js';

describe('purchase journey', () => {
  // The sweeper re-queries pending purchases every 2 s here, so one settles while the list is open.
  const suite = useBrowserSuite({ cloud: { env: { LOCAL_SCHEDULE_INTERVAL_MS: '2000' } } });
  const user = newTestUser('buyer');

  beforeAll(async () => {
    await suite.freshPage();
  });

  async function balanceOnDashboard(): Promise<string> {
    return (await suite.page.getByTestId('dashboard-balance').textContent())?.trim() ?? '';
  }

  async function buyAirtime(phone: string, amount: string): Promise<void> {
    await suite.page.getByRole('link', { name: 'Airtime', exact: true }).click();
    await suite.page.waitForURL('**/profile/buyAirtime');
    expect(await suite.page.getByLabel('MTN').isChecked()).toBe(true);
    await suite.page.getByLabel('Phone number').fill(phone);
    await suite.page.getByLabel('Amount (₦)').fill(amount);
    await suite.page.getByRole('button', { name: 'Continue' }).click();
    const dialog = suite.page.getByRole('dialog', { name: 'Confirm purchase' });
    await dialog.waitFor();
    await dialog.getByText(phone).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // A receipt, not a "being processed" toast: Done goes to the dashboard, whatever the status by then.
    const receipt = suite.page.getByRole('dialog', { name: 'Airtime receipt' });
    await receipt.getByTestId('purchase-receipt').waitFor();
    await receipt.getByRole('button', { name: 'Done' }).click();
    await suite.page.waitForURL((url) => url.pathname === '/profile');
  }

  it('registers, redeems an admin coupon, buys airtime that is delivered', async () => {
    // Register through the UI.
    await suite.page.goto('/register');
    await suite.page.getByLabel('User name').fill(user.userName);
    await suite.page.getByLabel('Email', { exact: true }).fill(user.email);
    await suite.page.getByLabel('Phone number').fill(user.phoneNumber);
    await suite.page.getByLabel('Password', { exact: true }).fill(user.password);
    await suite.page.getByLabel('Confirm password', { exact: true }).fill(user.password);
    await suite.page.getByRole('button', { name: 'Register' }).click();
    await suite.page.waitForURL('**/profile');
    expect(await balanceOnDashboard()).toBe('₦0.00');
    expect(await suite.page.getByTestId('sidebar-username').textContent()).toBe(user.userName);

    // The admin issues a coupon for the new user.
    const code = await issueCoupon(suite.cloud.baseUrl, suite.cloud.adminLogin, user.userName, 1000);

    // Redeem it from the dashboard's fund wallet button (the fund wallet screen links to coupon funding).
    await suite.page.getByRole('main').getByRole('link', { name: 'Fund wallet', exact: true }).click();
    await suite.page.waitForURL('**/profile/fundWallet');
    await suite.page.getByRole('link', { name: 'Fund wallet with a coupon' }).click();
    await suite.page.waitForURL('**/profile/fundWallet/coupon');
    await suite.page.getByLabel('Coupon code').fill(code);
    await suite.page.getByRole('button', { name: 'Redeem coupon' }).click();
    await suite.page.waitForURL((url) => url.pathname === '/profile');
    await suite.page.getByText(MSG.walletFunded).first().waitFor();
    expect(await balanceOnDashboard()).toBe('₦1,000.00');

    // Buy ₦100 of airtime: a smart earner pays 99%.
    await buyAirtime('08011111111', '100');
    expect(await balanceOnDashboard()).toBe('₦901.00');
    expect(await suite.page.getByTestId('sidebar-balance').textContent()).toBe('₦901.00');

    await suite.page.goto('/profile/transactions');
    await waitForTransactionStatus(suite.page, '08011111111', 'success');

    // The details show the balance chain.
    await suite.page.locator('[data-testid="transaction-row"][data-phone="08011111111"]').first().click();
    const details = suite.page.getByTestId('transaction-details');
    await details.getByText('₦1,000.00', { exact: true }).waitFor();
    await details.getByText('₦901.00', { exact: true }).waitFor();
    await suite.page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  });

  it('shows a purchase the supplier refuses as refunded, with the balance restored', async () => {
    await suite.page.goto('/profile');
    const before = await balanceOnDashboard();
    expect(before).toBe('₦901.00');

    await buyAirtime('08022222222', '200');
    // The dashboard may already show the refund (the supplier refuses at once): the debit is read from
    // the purchase's balance chain instead.

    await suite.page.goto('/profile/transactions');
    await waitForTransactionStatus(suite.page, '08022222222', 'refunded');
    await suite.page.locator('[data-testid="transaction-row"][data-phone="08022222222"][data-status="refunded"]').first().click();
    const details = suite.page.getByTestId('transaction-details');
    await details.getByText('₦901.00', { exact: true }).waitFor();
    await details.getByText('₦703.00', { exact: true }).waitFor();
    await suite.page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();

    // Back on the dashboard the refund is in the balance…
    await suite.page.getByTestId('sidebar').getByRole('link', { name: 'Dashboard' }).click();
    await suite.page.waitForURL((url) => url.pathname === '/profile');
    await expect.poll(() => suite.page.getByTestId('dashboard-balance').textContent(), { timeout: 20_000 }).toBe(before);

    // …and after a reload, which checks the token while the page loads.
    await suite.page.reload();
    await expect.poll(() => suite.page.getByTestId('sidebar-balance').textContent(), { timeout: 20_000 }).toBe(before);
    expect(await balanceOnDashboard()).toBe(before);
  });

  it('follows a pending purchase on the open list until it is successful, reading only its status, never the whole list every 3 s', async () => {
    await suite.page.goto('/profile');
    // 08033333333: the supplier says "processing"; a re-query later says delivered.
    await buyAirtime('08033333333', '100');
    // Each page answer saying `countsUpdating` asks for one more read of the page.
    let updatingAnswers = 0;
    const onResponse = async (response: { url(): string; json(): Promise<unknown> }) => {
      if (!new URL(response.url()).pathname.endsWith('/transaction')) return;
      const body = (await response.json().catch(() => ({}))) as { countsUpdating?: boolean };
      if (body.countsUpdating) updatingAnswers++;
    };
    const pageReadsAskedFor = () => updatingAnswers;
    suite.page.on('response', onResponse);
    await suite.page.goto('/profile/transactions');
    const rows = suite.page.locator('[data-testid="transaction-row"][data-phone="08033333333"]');
    await rows.first().waitFor();

    const reads: string[] = [];
    const onRequest = (request: { url(): string }) => {
      const path = new URL(request.url()).pathname;
      if (/\/transaction(\/|$)/.test(path)) reads.push(path);
    };
    suite.page.on('request', onRequest);
    await rows.and(suite.page.locator('[data-status="success"]')).waitFor({ timeout: 60_000 });
    suite.page.off('request', onRequest);
    suite.page.off('response', onResponse);

    const statusReads = reads.filter((path) => /\/transaction\/[A-Za-z0-9_-]+$/.test(path));
    const pageReads = reads.filter((path) => path.endsWith('/transaction'));
    expect(statusReads.length).toBeGreaterThan(0);
    // At most the one re-read of the page when the purchase settles (its totals follow), besides the re-reads
    // its own answer asked for while its counts were updating (summed off the request path, they trail a change).
    expect(pageReads.length - pageReadsAskedFor()).toBeLessThanOrEqual(1);
  });

  it('lets the admin generate a coupon in two steps, and the code credits its owner', async () => {
    const owner = newTestUser('owner');
    const ownerSession = await registerViaApi(suite.cloud.baseUrl, owner);
    const admin = await newPage(suite.browser, suite.cloud.baseUrl);
    try {
      await admin.context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const p = admin.page;
      await loginInUi(p, suite.cloud.adminLogin);
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

      const redeemed = await callApi<FundWithCouponResponse>(suite.cloud.baseUrl, 'fundWithCoupon', {
        token: ownerSession.token,
        body: { userName: owner.userName, coupon: code },
      });
      expect(redeemed.amount).toBe(250);
    } finally {
      await admin.context.close();
    }
  });
});
