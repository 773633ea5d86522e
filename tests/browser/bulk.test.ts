/**
 * Bulk purchases in Chromium at 360 px on the local cloud: the menu opens the screen;
 * a pasted list with a bad line is refused on screen, that line named, before anything is spent; 20
 * good lines (3 to the simulator's failing number, 08022222222) are previewed with the line count and
 * the total, confirmed, then followed line by line until 17 are delivered and 3 refunded; a CSV file
 * fills the list. The wallet is charged once for the batch, and gets the 3 lines back.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../shared/api/accounts.js';
import type { FundWithCouponResponse } from '../../shared/api/wallet.js';
import { MSG } from '../../shared/messages.js';
import { callApi, issueCoupon, loginInUi, newTestUser, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const PHONE = { width: 360, height: 780 };
const FAILS = '08022222222';
const TWENTY = Array.from({ length: 20 }, (_, i) => `MTN, ${[3, 9, 15].includes(i) ? FAILS : `0801111${String(i).padStart(4, '0')}`}, 100`).join('\n');

async function noSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe('bulk purchase at 360 px', () => {
  const suite = useBrowserSuite({ viewport: PHONE, cloud: { env: { SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '300' } } });
  const user = newTestUser('bulkui');
  let session: SessionResponse;

  const balanceNaira = async () => (await callApi<{ user: { balance: number } }>(suite.cloud.baseUrl, 'currentUser', { token: session.token })).user.balance;

  beforeAll(async () => {
    await suite.freshPage();
    session = await registerViaApi(suite.cloud.baseUrl, user);
    const code = await issueCoupon(suite.cloud.baseUrl, suite.cloud.adminLogin, user.userName, 5_000);
    await callApi<FundWithCouponResponse>(suite.cloud.baseUrl, 'fundWithCoupon', { token: session.token, body: { userName: user.userName, coupon: code } });
    await loginInUi(suite.page, user);
  });

  it('a bad line is named and nothing is spent; 20 lines are previewed, confirmed once, and followed until 17 are delivered and 3 refunded', async () => {
    const page = suite.page;
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Bulk purchase' }).click();
    await page.waitForURL('**/profile/bulk');

    await page.getByTestId('bulk-lines').fill('MTN, 08031234567, 100\nMTN, 0803, 100\nMTN, 08031234567, 20');
    await page.getByRole('button', { name: 'Preview' }).click();
    const problems = page.getByTestId('bulk-problems');
    await problems.waitFor();
    expect(await problems.textContent()).toContain(`Line 2: ${MSG.checkPhone}`);
    expect(await problems.textContent()).not.toContain('Line 1');
    expect(await page.getByRole('dialog', { name: 'Confirm purchase' }).count()).toBe(0);
    // Lines that read well are priced next, as the server does: ₦20 is below the minimum.
    await page.getByTestId('bulk-lines').fill('MTN, 08031234567, 100\nMTN, 08031234567, 20');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => problems.textContent()).toContain(`Line 2: ${MSG.minimumAirtime}`);
    await noSideways(page);

    await page.getByTestId('bulk-lines').fill(TWENTY);
    await page.getByRole('button', { name: 'Preview' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
    await confirm.waitFor();
    expect(await confirm.getByTestId('bulk-line-count').textContent()).toBe('20');
    expect(await confirm.getByTestId('bulk-preview').locator('li').count()).toBe(20);
    // A smart earner pays 99% of ₦100 a line.
    expect(await confirm.textContent()).toContain('₦1,980.00');
    await noSideways(page);
    // Cancelling spends nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await balanceNaira()).toBe(5_000);

    await page.getByRole('button', { name: 'Preview' }).click();
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const progress = page.getByTestId('bulk-progress');
    await progress.waitFor();
    expect(await progress.getByTestId('bulk-line').count()).toBe(20);
    await expect.poll(() => progress.getByTestId('bulk-delivered').textContent(), { timeout: 60_000 }).toBe('17 of 20');
    await expect.poll(() => progress.getByTestId('bulk-refunded').textContent(), { timeout: 60_000 }).toContain('3 (₦297.00');
    expect(await progress.locator('.badge-refunded').count()).toBe(3);
    await noSideways(page);
    expect(await balanceNaira()).toBe(5_000 - 17 * 99);
  });

  it('a CSV file fills the list (its header row skipped) and previews its lines', async () => {
    const page = suite.page;
    await page.goto('/profile/bulk');
    await page
      .getByTestId('bulk-csv')
      .setInputFiles({ name: 'numbers.csv', mimeType: 'text/csv', buffer: Buffer.from('network,phone,amount\nGLO,08051234567,200\nAIRTEL,08021234567,100\n') });
    await expect.poll(() => page.getByTestId('bulk-lines').inputValue()).toContain('GLO,08051234567,200');
    await page.getByRole('button', { name: 'Preview' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
    await confirm.waitFor();
    expect(await confirm.getByTestId('bulk-line-count').textContent()).toBe('2');
    expect(await confirm.textContent()).toContain('₦297.00');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
  });

  it('an answer lost on the way after the batch was taken: Confirm again resends the same request, so the wallet is charged once', async () => {
    const page = suite.page;
    await page.goto('/profile/bulk');
    const before = await balanceNaira();
    // The first POST reaches the server and is done there; its answer never reaches the screen.
    let lost = false;
    await page.route('**/buy/airtime/bulk', async (route) => {
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      await route.abort('failed');
    });
    await page.getByTestId('bulk-lines').fill('MTN, 08011112222, 100\nMTN, 08011113333, 100');
    await page.getByRole('button', { name: 'Preview' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => lost).toBe(true);
    // The dialog stays, with the same request: a second Confirm is the same batch.
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const progress = page.getByTestId('bulk-progress');
    await progress.waitFor();
    expect(await progress.getByTestId('bulk-line').count()).toBe(2);
    await expect.poll(() => progress.getByTestId('bulk-delivered').textContent(), { timeout: 60_000 }).toBe('2 of 2');
    expect(await balanceNaira()).toBe(before - 2 * 99);
    await page.unroute('**/buy/airtime/bulk');
  });
});
