/**
 * Electricity in Chromium on the local cloud: from the dashboard's Utility tile, validate a meter
 * (an invalid one shows the server's error from response.name), then buy with the charge preview
 * (amount + ₦50) and a confirmation; the receipt shows the VTpass simulator's token (copy → "Copied")
 * and units; Done goes to /profile; the token is in the transaction's details too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.js';
import type { FundWithCouponResponse } from '../../shared/api/wallet.js';
import { callApi, issueCoupon, loginInUi, newTestUser, registerViaApi, waitForTransactionStatus } from './helpers.js';
import { useBrowserSuite } from './suite.js';

describe('electricity payment', () => {
  const suite = useBrowserSuite();
  const user = newTestUser('meter');

  beforeAll(async () => {
    await suite.freshPage();
    await suite.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const session = await registerViaApi(suite.cloud.baseUrl, user);
    const code = await issueCoupon(suite.cloud.baseUrl, suite.cloud.adminLogin, user.userName, 3000);
    await callApi<FundWithCouponResponse>(suite.cloud.baseUrl, 'fundWithCoupon', { token: session.token, body: { userName: user.userName, coupon: code } });
    await loginInUi(suite.page, user);
  });

  it('validates the meter (invalid meter shows the error), then buys and shows the token and units', async () => {
    expect(await suite.page.getByTestId('sidebar').getByRole('link', { name: 'Electricity Payment' }).count()).toBe(1);
    await suite.page.getByRole('link', { name: 'Utility', exact: true }).click();
    await suite.page.waitForURL('**/profile/electricity');

    // Defaults: Ikeja (meter id 18), prepaid.
    expect(await suite.page.getByLabel('Electricity company').inputValue()).toBe('18');
    expect(await suite.page.getByLabel('Meter type').inputValue()).toBe('prepaid');

    // An invalid meter: the error the server put in `name` is shown.
    await suite.page.getByLabel('Meter number').fill('45022222222');
    await suite.page.getByRole('button', { name: 'Validate meter' }).click();
    await expect.poll(() => suite.page.getByTestId('meter-error').textContent(), { timeout: 15_000 }).toMatch(/not a valid Ikeja Electric prepaid meter/);

    // A valid one: the customer's name, then the amount step with its charge preview.
    await suite.page.getByLabel('Meter number').fill('45011111111');
    await suite.page.getByRole('button', { name: 'Validate meter' }).click();
    await expect.poll(() => suite.page.getByTestId('meter-customer').textContent(), { timeout: 15_000 }).toBe('DEMO CUSTOMER');
    await suite.page.getByLabel('Amount (₦)').fill('1000');
    expect(await suite.page.getByTestId('charge-preview').locator('strong').textContent()).toBe('₦1,050.00');
    await suite.page.getByRole('button', { name: 'Continue' }).click();

    const confirm = suite.page.getByRole('dialog', { name: 'Confirm purchase' });
    await confirm.waitFor();
    await confirm.getByText('₦1,050.00').waitFor();
    await confirm.getByText('DEMO CUSTOMER').waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();

    // The receipt waits for the supplier's token, then shows it with the units.
    const receipt = suite.page.getByRole('dialog', { name: 'Electricity receipt' });
    await receipt.waitFor();
    // Shown in groups of four, to read out and type in; copied and stored as the supplier gave it.
    await expect.poll(() => receipt.getByTestId('electricity-token').textContent(), { timeout: 30_000 }).toMatch(/^\d{4}( \d{4}){4}$/);
    const grouped = (await receipt.getByTestId('electricity-token').textContent())!;
    const token = grouped.replaceAll(' ', '');
    expect(await receipt.getByTestId('electricity-units').textContent()).toMatch(/kWh$/);
    expect(await receipt.getByTestId('electricity-receipt').getAttribute('data-status')).toBe('success');
    // The token is the one the VTpass simulator issued.
    const atVtpass = await suite.cloud.simulatorCalls('VTPASS');
    expect(atVtpass.transactions?.some((t) => t.token === token)).toBe(true);

    await receipt.getByRole('button', { name: 'Copy token' }).click();
    await suite.page.getByText(MSG.copied).first().waitFor();
    expect(await suite.page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    await receipt.getByRole('button', { name: 'Done' }).click();
    await suite.page.waitForURL((url) => url.pathname === '/profile');
    await expect.poll(() => suite.page.getByTestId('dashboard-balance').textContent(), { timeout: 15_000 }).toBe('₦1,950.00');

    // Back on the screen the validation has started over.
    await suite.page.goto('/profile/electricity');
    expect(await suite.page.getByLabel('Meter number').inputValue()).toBe('');
    expect(await suite.page.getByTestId('meter-customer').count()).toBe(0);

    // The token is in the transaction's details.
    await suite.page.goto('/profile/transactions');
    await waitForTransactionStatus(suite.page, '45011111111', 'success');
    await suite.page.locator('[data-testid="transaction-row"][data-phone="45011111111"]').first().click();
    await expect.poll(() => suite.page.getByTestId('details-token').textContent(), { timeout: 10_000 }).toBe(grouped);
    await suite.page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  });

  it('names an electricity purchase by its product on a 360 px phone: "Electricity", its disco and its meter number, never a network or a phone number', async () => {
    const page = await suite.freshPage({ width: 360, height: 780 });
    await loginInUi(page, user);
    await page.goto('/profile/transactions');
    const row = page.locator('[data-testid="transaction-row"][data-phone="45011111111"]').first();
    await row.waitFor();
    expect(await row.getByTestId('transaction-type').textContent()).toMatch(/^Electricity/);
    await row.click();
    const details = page.getByTestId('transaction-details');
    await details.waitFor();
    const value = (label: string) =>
      details
        .locator('.details-row')
        .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
        .locator('dd');
    expect(await value('Type').textContent()).toBe('Electricity');
    expect(await value('Disco').textContent()).toBe('Ikeja');
    expect(await value('Meter number').textContent()).toBe('45011111111');
    expect(await value('Network').count()).toBe(0);
    expect(await value('Phone number').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
