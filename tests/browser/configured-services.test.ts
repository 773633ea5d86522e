/**
 * A configured VTpass service's screen in Chromium at 360 px on the local cloud, built from its
 * configuration: Smile asks for an account id, refuses an unknown one (VTpass's merchant-verify),
 * shows the verified customer, takes a free amount, confirms the charge before spending and shows
 * the receipt; Spectranet asks for a phone, verifies nobody, and its receipt shows the PIN. The
 * admin's page syncs the plans from VTpass and switches Spectranet off: it leaves the customer's screen.
 * The simulator's accounts: infra/local/simulators/vtpass-configured-services.ts.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FundWithCouponResponse } from '../../shared/api/wallet.js';
import { callApi, issueCoupon, loginInUi, newTestUser, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const PHONE = { width: 360, height: 780 };

async function noSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Confirms the reviewed purchase and waits for its receipt to be final. */
async function confirmAndWait(page: Page, title: string, status: string) {
  const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
  await confirm.waitFor();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const receipt = page.getByRole('dialog', { name: title });
  await receipt.waitFor();
  await expect.poll(() => receipt.getByTestId('service-receipt').getAttribute('data-status'), { timeout: 45_000 }).toBe(status);
  return receipt;
}

describe('a configured service’s screen at 360 px', () => {
  const suite = useBrowserSuite({ viewport: PHONE });
  const user = newTestUser('svc');

  beforeAll(async () => {
    await suite.freshPage();
    const session = await registerViaApi(suite.cloud.baseUrl, user);
    const code = await issueCoupon(suite.cloud.baseUrl, suite.cloud.adminLogin, user.userName, 10_000);
    await callApi<FundWithCouponResponse>(suite.cloud.baseUrl, 'fundWithCoupon', { token: session.token, body: { userName: user.userName, coupon: code } });
  });

  it('Smile: refused then verified account, a free amount confirmed and delivered; Spectranet: a phone, no check, the PIN on the receipt', async () => {
    const page = suite.page;
    await loginInUi(page, user);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Internet & more' }).click();
    await page.waitForURL('**/profile/services');
    const form = page.getByTestId('service-form');
    await form.waitFor();
    expect(await form.getAttribute('data-service')).toBe('smile-direct');

    await page.getByLabel('Account id').fill('1222222222');
    await page.getByTestId('service-verify').click();
    await expect.poll(() => page.getByTestId('service-error').textContent(), { timeout: 15_000 }).toMatch(/not correct/);
    await page.getByLabel('Account id').fill('1212121212');
    await page.getByTestId('service-verify').click();
    await expect.poll(() => page.getByTestId('service-customer').textContent(), { timeout: 15_000 }).toBe('DEMO CUSTOMER');
    await page.getByLabel('Plan').selectOption('airtime');
    await page.getByLabel('Amount (₦)').fill('500');
    expect(await page.getByTestId('service-charge').textContent()).toContain('₦500.00');
    await noSideways(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('DEMO CUSTOMER');
    const smile = await confirmAndWait(page, 'Smile receipt', 'success');
    expect(await smile.textContent()).toContain('1212121212');
    await smile.getByRole('button', { name: 'Done' }).first().click();

    // Each service is its own screen, by its serviceID in the address.
    await page.goto('/profile/services?service=spectranet');
    await expect.poll(() => form.getAttribute('data-service'), { timeout: 15_000 }).toBe('spectranet');
    expect(await page.getByRole('button', { name: 'Spectranet' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('service-verify').count()).toBe(0);
    await page.getByLabel('Phone number').fill('08011111111');
    await page.getByRole('button', { name: 'Continue' }).click();
    const spectranet = await confirmAndWait(page, 'Spectranet receipt', 'success');
    await expect.poll(() => spectranet.getByTestId('pin').count(), { timeout: 15_000 }).toBe(1);
    await noSideways(page);
  });

  it('the admin syncs Spectranet’s plans from VTpass and switches it off: the customer’s screen no longer offers it', async () => {
    const page = await suite.freshPage();
    await loginInUi(page, suite.cloud.adminLogin);
    await page.goto('/admin/services');
    await page.getByTestId('edit-service-spectranet').click();
    const editor = page.getByTestId('service-editor');
    await editor.waitFor();
    await page.getByTestId('sync-variations').click();
    // VTpass also sells vt-7000, not priced yet: added, not on sale.
    await expect.poll(() => editor.locator('[data-testid="variation-row"][data-code="vt-7000"]').count(), { timeout: 15_000 }).toBe(1);
    expect(await editor.locator('[data-code="vt-7000"] input[type="checkbox"]').isChecked()).toBe(false);
    await page.getByLabel('On sale (switched on)').uncheck();
    await page.getByTestId('save-service').click();
    await expect.poll(() => page.getByTestId('admin-service-list').textContent(), { timeout: 15_000 }).toMatch(/Spectranet \(spectranet\)\s*Off/);
    await noSideways(page);

    const customer = await suite.freshPage();
    await loginInUi(customer, user);
    await customer.goto('/profile/services');
    await customer.getByTestId('service-form').waitFor();
    expect(await customer.getByTestId('service-chips').textContent()).not.toContain('Spectranet');
  });
});
