/**
 * The back office as a newcomer walks it, in Chromium at 360 px and at 1280 px on one local cloud:
 * the profit and loss page (figures, chart, period picker, CSV, the tie-out shown), the refund dialog
 * on a phone with the admin's typed reason on the transaction, the dashboard's columns and card
 * titles, an admin's transfer to a user (the receiver's balance after, back to the back office, the
 * "user found" toast with the full name, "Fund this user" in the users list), and Send mail's fields
 * marked required.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../shared/api/accounts.js';
import type { PurchaseResponse } from '../../shared/api/purchases.js';
import type { TransactionView } from '../../shared/api/transactions.js';
import { PNL_CSV_COLUMNS } from '../../shared/api/money-desk-pnl.js';
import { callApi, issueCoupon, loginInUi, newTestUser, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

describe('the back office a newcomer walked', () => {
  const suite = useBrowserSuite({ viewport: PHONE });
  const buyer = { ...newTestUser('walk'), fullName: undefined as string | undefined };

  beforeAll(async () => {
    const cloud = suite.cloud;
    await registerViaApi(cloud.baseUrl, buyer);
    const code = await issueCoupon(cloud.baseUrl, cloud.adminLogin, buyer.userName, 2000);
    await callApi(cloud.baseUrl, 'fundWithCoupon', { token: await tokenOf(buyer), body: { userName: buyer.userName, coupon: code } });
  }, 180_000);

  async function tokenOf(user: { userName: string; password: string }): Promise<string> {
    return (await callApi<SessionResponse>(suite.cloud.baseUrl, 'login', { body: { userName: user.userName, password: user.password } })).token;
  }

  /** A delivered ₦100 airtime purchase to a number no other test uses; its number. */
  async function deliveredPurchase(): Promise<string> {
    const phone = `0809${String(Date.now()).slice(-7)}`;
    const token = await tokenOf(buyer);
    const bought = await callApi<PurchaseResponse>(suite.cloud.baseUrl, 'buyAirtime', { token, body: { network: 1, mobile_number: phone, amount: 100 } });
    await expect
      .poll(
        async () =>
          (await callApi<{ transactions: TransactionView[] }>(suite.cloud.baseUrl, 'listTransactions', { token })).transactions.find(
            (t) => t._id === bought.receipt._id,
          )?.trans_Status,
        {
          timeout: 30_000,
        },
      )
      .toBe('success');
    return phone;
  }

  const fitsWidth = async (p: Page, width: number) => expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const toast = (p: Page, text: string | RegExp) => p.locator('.Toastify').getByText(text).first().waitFor();

  it('the profit and loss page at 360 px and 1280 px: totals, a bar per day, the period picker, the CSV and the tie-out', async () => {
    await deliveredPurchase();
    for (const viewport of [PHONE, DESKTOP]) {
      const p = await suite.freshPage(viewport);
      await loginInUi(p, suite.cloud.adminLogin);
      // The sidebar is a drawer on a phone: its link is checked where it shows.
      if (viewport === DESKTOP) expect(await p.getByTestId('sidebar').getByRole('link', { name: 'Profit and loss' }).count()).toBe(1);
      await p.goto('/admin/profit');
      await p.getByRole('heading', { name: 'Profit and loss' }).waitFor();
      // The figures follow the stream within seconds: the delivered sale shows up.
      await expect.poll(async () => p.getByTestId('pnl-row').filter({ hasText: 'airtime' }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await p.getByTestId('pnl-totals').locator('[data-figure="revenue"] strong').textContent()).not.toBe('₦0.00');
      expect(await p.getByTestId('pnl-chart').locator('rect.pnl-bar').count()).toBe(30);
      await p.getByTestId('pnl-period').selectOption('month');
      await expect.poll(() => p.getByTestId('pnl-chart').locator('rect.pnl-bar').count()).toBeLessThanOrEqual(13);
      const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId('pnl-csv').click()]);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv.split('\n')[0]).toBe(PNL_CSV_COLUMNS.join(','));
      expect(csv).toContain('airtime');
      await p.getByTestId('tie-out-check').click();
      await expect.poll(() => p.getByTestId('tie-out-result').getAttribute('data-ties-out'), { timeout: 30_000 }).toBe('true');
      expect(await p.getByTestId('tie-out-result').innerText()).toContain('The books tie out');
      await fitsWidth(p, viewport.width);
    }
  });

  it('the refund dialog fits a 360 px phone, and the transaction shows the reason the admin typed', async () => {
    const phone = await deliveredPurchase();
    const p = await suite.freshPage(PHONE);
    await loginInUi(p, suite.cloud.adminLogin);
    await p.goto('/profile/transactions');
    await p.locator(`[data-testid="transaction-row"][data-phone="${phone}"][data-status="success"]`).click();
    await p.getByTestId('refund-button').click();
    const warning = p.getByTestId('refund-confirmation');
    await warning.waitFor();
    const box = (await warning.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const reasonBox = (await p.getByTestId('refund-reason').boundingBox())!;
    expect(reasonBox.width).toBeGreaterThan(200);
    expect(reasonBox.x + reasonBox.width).toBeLessThanOrEqual(PHONE.width);
    await p.getByTestId('refund-reason').fill('Customer says airtime not received');
    await p.getByTestId('confirm-refund').click();
    await toast(p, /was successful/);
    // The details stay open on the refunded purchase, or open again from its row.
    if ((await p.getByTestId('transaction-details').count()) === 0)
      await p.locator(`[data-testid="transaction-row"][data-phone="${phone}"][data-status="refunded"]`).click();
    await expect.poll(() => p.getByTestId('details-refund-reason').innerText()).toBe('Refunded by customer support: Customer says airtime not received');
  });

  it("the dashboard's Sales and Profit columns and card titles fit 360 px", async () => {
    const p = await suite.freshPage(PHONE);
    await loginInUi(p, suite.cloud.adminLogin);
    await p.goto('/admin');
    const dashboard = p.getByTestId('admin-dashboard');
    await dashboard.getByTestId('sales-row').first().waitFor({ timeout: 30_000 });
    for (const header of ['Sales', 'Profit']) {
      const cell = (await dashboard.getByRole('columnheader', { name: header }).first().boundingBox())!;
      expect(cell.x + cell.width, `${header} on screen`).toBeLessThanOrEqual(PHONE.width);
    }
    // A flush card's title keeps off the card's edge: its text starts at least 8 px in.
    const inset = await dashboard
      .locator('.card-flush > .card-title')
      .first()
      .evaluate((title) => {
        const style = getComputedStyle(title);
        return Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.marginLeft);
      });
    expect(inset).toBeGreaterThanOrEqual(8);
    await fitsWidth(p, PHONE.width);
  });

  it("an admin funds a user from the users list: the toast names them in full, the confirmation shows the receiver's balance after, and it lands back in the back office", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const p = await suite.freshPage(viewport);
      await loginInUi(p, suite.cloud.adminLogin);
      await p.goto(`/admin/users`);
      await p.getByLabel('User name').fill(buyer.userName);
      await p.getByRole('button', { name: 'Search' }).click();
      const row = p.locator('tr', { hasText: buyer.userName });
      await row.getByTestId('fund-user').click();
      await p.waitForURL('**/profile/transfer?to=*');
      await toast(p, new RegExp(`User found: .*${buyer.userName}`));
      await p.getByTestId('validated-receiver').waitFor();
      const before = (await callApi<SessionResponse>(suite.cloud.baseUrl, 'currentUser', { token: await tokenOf(buyer) })).user.balance;
      await p.getByLabel('Amount (₦)').fill('50');
      await p.getByRole('button', { name: 'Transfer', exact: true }).click();
      const expectedAfter = `₦${(before + 50).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      await expect.poll(() => p.getByText(`${buyer.userName}'s balance after`).count()).toBe(1);
      const dialog = await p.getByRole('dialog').innerText();
      expect(dialog).toContain(expectedAfter);
      expect(dialog).not.toMatch(/−|-₦/);
      await p.getByTestId('confirm-transfer').click();
      await p.waitForURL('**/admin');
      await fitsWidth(p, viewport.width);
    }
  });

  it('Send mail marks its link fields required', async () => {
    const p = await suite.freshPage(PHONE);
    await loginInUi(p, suite.cloud.adminLogin);
    await p.goto('/admin/sendMail');
    await p.getByLabel('Link (required)').waitFor();
    await p.getByLabel('Link text (required)').waitFor();
    expect(await p.getByLabel('User name (optional)').count()).toBe(1);
    await fitsWidth(p, PHONE.width);
  });
});
