/**
 * Recharge cards in Chromium at 360 px on the local cloud: a shop buys a batch (its price per card
 * previewed, a confirmation before any money moves), the receipt shows the PINs the panel issued,
 * and the print view lays them out on A4 sheets of 3 × 8 cards (each with its network, value, PIN,
 * serial, "Dial *311*PIN#" and the business name, with crop lines) — checked as printed, in a PDF —
 * with a CSV of the same cards; the batch is re-printed later from the list of batches.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FundWithCouponResponse } from '../../shared/api/wallet.js';
import { callApi, issueCoupon, loginInUi, newTestUser, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const PHONE = { width: 360, height: 780 };

async function noSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** The pages of a PDF (each page object names its type once). */
const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

describe('recharge cards at 360 px', () => {
  // The panel has no re-query: a batch whose answer outlasts the supplier timeout stays pending (the browser suites give it 6 s).
  const suite = useBrowserSuite({ viewport: PHONE });
  const user = newTestUser('epins');
  const businessName = 'Mama Tee Stores';

  beforeAll(async () => {
    await suite.freshPage();
    const session = await registerViaApi(suite.cloud.baseUrl, user);
    const code = await issueCoupon(suite.cloud.baseUrl, suite.cloud.adminLogin, user.userName, 10_000);
    await callApi<FundWithCouponResponse>(suite.cloud.baseUrl, 'fundWithCoupon', { token: session.token, body: { userName: user.userName, coupon: code } });
    await loginInUi(suite.page, user);
  });

  it('buys 30 GLO ₦200 cards after a confirmation, prints them on two A4 sheets of 3 × 8 with a CSV, and re-prints the batch later', async () => {
    const page = suite.page;
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Recharge cards' }).click();
    await page.waitForURL('**/profile/rechargeCards');

    await page.getByTestId('epin-network-GLO').click();
    await page.getByTestId('epin-denomination-200').click();
    await page.getByTestId('epin-quantity').fill('30');
    await page.getByTestId('epin-business-name').fill(businessName);
    // The seeded price for everyone else than resellers and API users: ₦198 a ₦200 card.
    await expect.poll(() => page.getByTestId('epin-charge').textContent()).toContain('₦5,940.00');
    expect(await page.getByTestId('epin-charge').textContent()).toContain('₦198.00 per card');
    await noSideways(page);

    // A wrong quantity is refused on screen, nothing sent.
    await page.getByTestId('epin-quantity').fill('101');
    await page.getByTestId('epin-continue').click();
    expect(await page.getByTestId('epin-error').textContent()).toMatch(/1 to 100/);
    await page.getByTestId('epin-quantity').fill('30');

    // The confirmation comes first; cancelling it spends nothing.
    await page.getByTestId('epin-continue').click();
    const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(businessName);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('epin-batches-empty').isVisible()).toBe(true);
    await page.getByTestId('epin-continue').click();
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();

    const receipt = page.getByRole('dialog', { name: 'Recharge card receipt' });
    await receipt.waitFor();
    await expect.poll(() => receipt.getByTestId('epin-receipt').getAttribute('data-status'), { timeout: 45_000 }).toBe('success');
    const pins = await receipt.getByTestId('pin').allTextContents();
    expect(pins).toHaveLength(30);
    await receipt.getByRole('button', { name: 'Done' }).first().click();

    // Done leads to the dashboard; back on the screen, the batch is listed with its Print button, and the print
    // view has every card once, with what a card carries.
    await page.waitForURL('**/profile');
    await page.goto('/profile/rechargeCards');
    const listed = page.getByTestId('epin-batch').first();
    await expect.poll(() => listed.textContent()).toContain('GLO ₦200.00 × 30');
    await listed.getByTestId('epin-reprint').click();
    await page.waitForURL('**/profile/rechargeCards/*/print');
    const cards = page.getByTestId('epin-card');
    await expect.poll(() => cards.count()).toBe(30);
    expect(await page.getByTestId('epin-sheet').count()).toBe(2);
    expect(await page.getByTestId('epin-card-pin').allTextContents()).toEqual(pins);
    const first = (await cards.first().textContent()) ?? '';
    for (const text of ['GLO', '₦200.00', pins[0]!, `Dial *311*${pins[0]!.replace(/\D/g, '')}#`, 'S/N ', businessName]) expect(first).toContain(text);
    await noSideways(page);

    // As printed: only the sheets, 3 cards across and 8 down, cut along dashed lines, two A4 pages.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.epin-toolbar').isVisible()).toBe(false);
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    const layout = await page
      .getByTestId('epin-sheet')
      .first()
      .evaluate((sheet) => {
        const style = getComputedStyle(sheet);
        const card = getComputedStyle(sheet.firstElementChild!);
        return { columns: style.gridTemplateColumns.split(' ').length, rows: style.gridTemplateRows.split(' ').length, border: card.borderTopStyle };
      });
    expect(layout).toEqual({ columns: 3, rows: 8, border: 'dashed' });
    expect(pdfPages(await page.pdf({ format: 'A4', preferCSSPageSize: true }))).toBe(2);
    await page.emulateMedia({ media: 'screen' });

    // The Print button opens the browser's print dialog (counted here); the CSV holds the same cards.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await page.getByTestId('epin-print-button').click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('epin-print-csv').click()]);
    const csv = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
    expect(csv[0]).toBe('Network,Denomination (NGN),PIN,Serial,Dial,Business name');
    expect(csv.slice(1).map((line) => line.split(',')[2])).toEqual(pins);
    expect(csv[1]).toContain(`GLO,200,${pins[0]}`);

    // Later, from the list of batches: the same batch re-printed.
    await page.goto('/profile/rechargeCards');
    const batch = page.getByTestId('epin-batch').first();
    await batch.waitFor();
    expect(await batch.textContent()).toContain('GLO ₦200.00 × 30');
    await batch.getByTestId('epin-reprint').click();
    await page.waitForURL('**/profile/rechargeCards/*/print');
    await expect.poll(() => page.getByTestId('epin-card-pin').allTextContents()).toEqual(pins);
  });
});
