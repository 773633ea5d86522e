/**
 * Electricity in Chromium on the local cloud: from the dashboard's Utility tile, validate a meter
 * (an invalid one shows the server's error from response.name), then buy with the charge preview
 * (amount + ₦50) and a confirmation; the receipt shows the VTpass simulator's token (copy → "Copied")
 * and units; Done goes to /profile; the token is in the transaction's details too.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.js';
import type { FundWithCouponResponse } from '../../shared/api/wallet.js';
import { startLocalCloud } from '../support/local-cloud.js';
import { callApi, ensureWebBuilt, issueCoupon, launchChromium, loginInUi, newPage, newTestUser, registerViaApi, reportFailure, waitForTransactionStatus } from './helpers.js';

type Cloud = Awaited<ReturnType<typeof startLocalCloud>>;

describe('electricity payment', () => {
  let cloud: Cloud;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const user = newTestUser('meter');

  beforeAll(async () => {
    ensureWebBuilt();
    cloud = await startLocalCloud();
    browser = await launchChromium();
    ({ context, page } = await newPage(browser, cloud.baseUrl));
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const session = await registerViaApi(cloud.baseUrl, user);
    const code = await issueCoupon(cloud.baseUrl, cloud.adminLogin, user.userName, 3000);
    await callApi<FundWithCouponResponse>(cloud.baseUrl, 'fundWithCoupon', { token: session.token, body: { userName: user.userName, coupon: code } });
    await loginInUi(page, user);
  });

  beforeEach((test) => {
    test.onTestFailed(() => reportFailure(page, cloud?.output(), test.task.name));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await cloud?.stop();
  });

  it('validates the meter (invalid meter shows the error), then buys and shows the token and units', async () => {
    expect(await page.getByTestId('sidebar').getByRole('link', { name: 'Electricity Payment' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Utility', exact: true }).click();
    await page.waitForURL('**/profile/electricity');

    // Defaults: Ikeja (meter id 18), prepaid.
    expect(await page.getByLabel('Electricity company').inputValue()).toBe('18');
    expect(await page.getByLabel('Meter type').inputValue()).toBe('prepaid');

    // An invalid meter: the error the server put in `name` is shown.
    await page.getByLabel('Meter number').fill('45022222222');
    await page.getByRole('button', { name: 'Validate meter' }).click();
    await expect.poll(() => page.getByTestId('meter-error').textContent(), { timeout: 15_000 }).toMatch(/not a valid Ikeja Electric prepaid meter/);

    // A valid one: the customer's name, then the amount step with its charge preview.
    await page.getByLabel('Meter number').fill('45011111111');
    await page.getByRole('button', { name: 'Validate meter' }).click();
    await expect.poll(() => page.getByTestId('meter-customer').textContent(), { timeout: 15_000 }).toBe('DEMO CUSTOMER');
    await page.getByLabel('Amount (₦)').fill('1000');
    expect(await page.getByTestId('charge-preview').locator('strong').textContent()).toBe('₦1,050.00');
    await page.getByRole('button', { name: 'Continue' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
    await confirm.waitFor();
    await confirm.getByText('₦1,050.00').waitFor();
    await confirm.getByText('DEMO CUSTOMER').waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();

    // The receipt waits for the supplier's token, then shows it with the units.
    const receipt = page.getByRole('dialog', { name: 'Electricity receipt' });
    await receipt.waitFor();
    await expect.poll(() => receipt.getByTestId('electricity-token').textContent(), { timeout: 30_000 }).toMatch(/^\d{20}$/);
    const token = (await receipt.getByTestId('electricity-token').textContent())!;
    expect(await receipt.getByTestId('electricity-units').textContent()).toMatch(/kWh$/);
    expect(await receipt.getByTestId('electricity-receipt').getAttribute('data-status')).toBe('success');
    // The token is the one the VTpass simulator issued.
    const atVtpass = await cloud.simulatorCalls('VTPASS');
    expect(atVtpass.transactions?.some((t) => t.token === token)).toBe(true);

    await receipt.getByRole('button', { name: 'Copy token' }).click();
    await page.getByText(MSG.copied).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    await receipt.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await expect.poll(() => page.getByTestId('dashboard-balance').textContent(), { timeout: 15_000 }).toBe('₦1,950.00');

    // Back on the screen the validation has started over.
    await page.goto('/profile/electricity');
    expect(await page.getByLabel('Meter number').inputValue()).toBe('');
    expect(await page.getByTestId('meter-customer').count()).toBe(0);

    // The token is in the transaction's details.
    await page.goto('/profile/transactions');
    await waitForTransactionStatus(page, '45011111111', 'success');
    await page.locator('[data-testid="transaction-row"][data-phone="45011111111"]').first().click();
    await expect.poll(() => page.getByTestId('details-token').textContent(), { timeout: 10_000 }).toBe(token);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  });
});
