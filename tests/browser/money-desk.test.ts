/**
 * The money desk's pages in Chromium, at 360 px and at 1280 px on one local cloud: the floats page
 * (each balance and its 7-day chart), a threshold set above the balance on the page raising the
 * low-float banner across the back office, and the reconciliation page running a day with purchases
 * (one charged ₦1 too much, one refunded that the supplier delivered, one charge with no purchase at
 * all), its classes, its CSV, and the actions on a discrepancy (re-query, resolve with a required
 * reason, settle as delivered) in dialogs that fit a phone.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../shared/api/accounts.js';
import { RECONCILIATION_CSV_COLUMNS, type FloatsResponse } from '../../shared/api/money-desk-floats.js';
import type { PurchaseResponse } from '../../shared/api/purchases.js';
import type { TransactionView } from '../../shared/api/transactions.js';
import { callApi, issueCoupon, loginInUi, newTestUser, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
/** Today in Lagos (UTC+1): the day the purchases are reconciled. */
const DAY = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
const REPORT = `/admin/reconciliation?day=${DAY}&supplier=ALARO`;

describe('the money desk pages', () => {
  const suite = useBrowserSuite({ viewport: PHONE });
  const buyer = newTestUser('desk');
  let adminToken = '';
  let mismatched = '';
  let refundedButDelivered = '';

  const simulator = async (path: string, body: unknown) => {
    const response = await fetch(`${suite.cloud.simulatorsUrl}/_sim/alaro${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    const { baseUrl, adminLogin } = suite.cloud;
    await registerViaApi(baseUrl, buyer);
    const code = await issueCoupon(baseUrl, adminLogin, buyer.userName, 2000);
    const token = (await callApi<SessionResponse>(baseUrl, 'login', { body: { userName: buyer.userName, password: buyer.password } })).token;
    await callApi(baseUrl, 'fundWithCoupon', { token, body: { userName: buyer.userName, coupon: code } });
    adminToken = (await callApi<SessionResponse>(baseUrl, 'login', { body: adminLogin })).token;

    const buy = async () =>
      (await callApi<PurchaseResponse>(baseUrl, 'buyAirtime', { token, body: { network: 1, mobile_number: '08011111111', amount: 100 } })).receipt._id;
    // Polled by hand: expect.poll belongs to tests, not to their set-up.
    const reaches = async (id: string, wanted: 'success' | 'refunded') => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const { transactions } = await callApi<{ transactions: TransactionView[] }>(baseUrl, 'listTransactions', { token });
        const status = transactions.find((t) => t._id === id)?.trans_Status;
        if (status === wanted) return;
        if (Date.now() > deadline) throw new Error(`purchase ${id} still ${status} after 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    // ALARO charges the next purchase ₦1 above its price; it must have reached ALARO before the clean one is placed.
    await simulator('/faults', { next: 'wrong-amount' });
    mismatched = await buy();
    await reaches(mismatched, 'success');
    await reaches(await buy(), 'success');
    // ALARO answers "failed" but delivers and charges; GLAD, next for MTN, fails it too: refunded, though delivered.
    await suite.cloud.forceSupplierOutcome('GLAD', 'failed');
    await simulator('/faults', { next: 'failed-but-delivered' });
    refundedButDelivered = await buy();
    await reaches(refundedButDelivered, 'refunded');
    await suite.cloud.forceSupplierOutcome('GLAD', null);
    // And a charge of ALARO's with no purchase of ours.
    await simulator('/faults', { chargeWithoutPurchase: 50 });
  }, 120_000);

  const fitsWidth = async (p: Page, width: number) => expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const toast = (p: Page, text: string | RegExp) => p.locator('.Toastify').getByText(text).first().waitFor();
  const alaroBalance = async () =>
    (await callApi<FloatsResponse>(suite.cloud.baseUrl, 'listFloats', { token: adminToken })).floats.find((f) => f.supplier === 'ALARO')!;
  const card = (p: Page, requestId: string) => p.locator(`[data-testid="discrepancy"][data-request-id="${requestId}"]`);
  const orphan = (p: Page) => p.locator('[data-testid="discrepancy"][data-class="supplier-only"][data-request-id^="unknown-"]');

  /** The floats page: ALARO's balance as read, and its chart drawn. */
  async function floatsShown(p: Page) {
    await p.goto('/admin/floats');
    const alaro = p.getByTestId('float-ALARO');
    await expect.poll(() => alaro.getByTestId('float-balance').innerText()).toMatch(/^₦[\d,]+\.\d\d$/);
    expect(await alaro.getByTestId('float-chart').locator('path').getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+ .*H300$/);
    return alaro;
  }

  /** A dialog that fits the screen, with its reason box full width. */
  async function fitsDialog(p: Page, width: number) {
    const dialog = (await p.getByRole('dialog').boundingBox())!;
    expect(dialog.x).toBeGreaterThanOrEqual(0);
    expect(dialog.x + dialog.width).toBeLessThanOrEqual(width);
    const reason = (await p.getByTestId('reason-input').boundingBox())!;
    expect(reason.width).toBeGreaterThan(Math.min(width, 480) - 80);
    expect(reason.x + reason.width).toBeLessThanOrEqual(width);
  }

  it('at 360 px: balances and charts, a threshold above the balance raises the banner across the back office, and a run of the day with its classes, CSV and a resolve with a reason', async () => {
    const p = await suite.freshPage(PHONE);
    await loginInUi(p, suite.cloud.adminLogin);
    const alaro = await floatsShown(p);
    // Every float above its threshold: no banner (its answer is the page's, read above).
    expect(await p.getByTestId('low-float-banner').count()).toBe(0);
    const thresholds = alaro.getByRole('form', { name: 'ALARO thresholds' });
    const minBalance = thresholds.getByLabel('Minimum balance (₦)');
    expect((await minBalance.boundingBox())!.width).toBeGreaterThan(250);
    await minBalance.fill(String(Math.ceil((await alaroBalance()).balance) + 1000));
    await thresholds.getByRole('button', { name: 'Save thresholds' }).click();
    await toast(p, 'Thresholds of ALARO saved');
    const banner = p.getByTestId('low-float-banner');
    await expect.poll(() => banner.innerText()).toContain('ALARO');
    expect(await alaro.getAttribute('data-level')).toBe('low');
    await fitsWidth(p, PHONE.width);

    // Elsewhere in the back office the banner stays, and leads back to the floats page.
    await p.goto(REPORT);
    await banner.getByRole('link').waitFor();
    await p.getByTestId('recon-run').click();
    await p.getByTestId('confirm-run').click();
    await p.getByTestId('recon-running').waitFor();
    const head = p.locator('[data-testid="recon-head"][data-supplier="ALARO"]');
    await p.locator('[data-testid="recon-head"][data-supplier="ALARO"][data-complete="true"]').waitFor({ timeout: 60_000 });
    await p.getByTestId('recon-running').waitFor({ state: 'detached' });
    const count = (name: string) => head.locator(`li[data-class="${name}"]`).getAttribute('data-count');
    expect(await count('amount-mismatch')).toBe('1');
    expect(await count('supplier-only')).toBe('2');
    expect(Number(await count('matched'))).toBeGreaterThanOrEqual(1);
    expect(await head.locator('[data-figure="charged"] strong').innerText()).toMatch(/^₦/);
    await card(p, mismatched).waitFor();
    // Only a refunded purchase of ours can be settled as delivered: a charge with no purchase has nothing to settle.
    await card(p, refundedButDelivered).getByTestId('settle-button').waitFor();
    expect(await orphan(p).getByTestId('settle-button').count()).toBe(0);
    expect(await card(p, mismatched).getByTestId('settle-button').count()).toBe(0);
    await fitsWidth(p, PHONE.width);

    const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId('recon-csv').click()]);
    expect(download.suggestedFilename()).toBe(`reconciliation-${DAY}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe(RECONCILIATION_CSV_COLUMNS.join(','));
    expect(csv).toContain(`${DAY},ALARO,${mismatched},amount-mismatch`);

    // Resolve: the reason is required (the server's rule, checked before sending); the dialog fits the phone.
    await card(p, mismatched).getByTestId('resolve-button').click();
    await fitsDialog(p, PHONE.width);
    await p.getByRole('dialog').getByRole('button', { name: 'Mark resolved' }).click();
    expect(await p.getByTestId('reason-error').innerText()).toContain('reason must say why');
    await p.getByTestId('reason-input').fill('ALARO confirmed a ₦1 fee');
    await p.getByRole('dialog').getByRole('button', { name: 'Mark resolved' }).click();
    await toast(p, 'Marked resolved');
    await expect.poll(() => card(p, mismatched).getAttribute('data-resolved')).toBe('true');
    expect(await card(p, mismatched).getByTestId('discrepancy-resolution').innerText()).toMatch(/^Resolved by admin .*: ALARO confirmed a ₦1 fee$/);

    await banner.getByRole('link').click();
    await p.getByTestId('floats-page').waitFor();
  });

  it('at 1280 px: the chart and the banner, the report with its resolution kept, a re-query, a resolve and a settle in the server’s words, and the CSV with each', async () => {
    const p = await suite.freshPage(DESKTOP);
    await loginInUi(p, suite.cloud.adminLogin);
    expect(await p.getByTestId('sidebar').getByRole('link', { name: 'Reconciliation' }).count()).toBe(1);
    await floatsShown(p);
    await p.getByTestId('low-float-banner').waitFor();

    await p.goto(REPORT);
    const head = p.locator('[data-testid="recon-head"][data-supplier="ALARO"]');
    expect(await head.locator('li[data-class="amount-mismatch"]').getAttribute('data-count')).toBe('1');
    expect(await card(p, mismatched).getByTestId('discrepancy-resolution').innerText()).toContain('ALARO confirmed a ₦1 fee');
    expect(await card(p, mismatched).getByTestId('resolve-button').count()).toBe(0);

    // Re-query: confirmed first, then answered in the server's words (a toast, or the refusal in the dialog).
    await orphan(p).getByTestId('requery-button').click();
    await p.getByTestId('confirm-requery').click();
    await p
      .locator('.Toastify')
      .getByText(/Re-queried/)
      .or(p.getByTestId('action-error'))
      .first()
      .waitFor();
    if ((await p.getByRole('dialog').count()) > 0) await p.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await orphan(p).getByTestId('resolve-button').click();
    await fitsDialog(p, DESKTOP.width);
    await p.getByTestId('reason-input').fill('Test charge ALARO made by hand; credited back');
    await p.getByRole('dialog').getByRole('button', { name: 'Mark resolved' }).click();
    await toast(p, 'Marked resolved');
    await expect.poll(() => orphan(p).getAttribute('data-resolved')).toBe('true');

    // Settle as delivered: the refund is taken back from the customer's wallet, in the server's words.
    await card(p, refundedButDelivered).getByTestId('settle-button').click();
    await fitsDialog(p, DESKTOP.width);
    await p.getByTestId('reason-input').fill('ALARO statement shows it delivered');
    await p.getByRole('dialog').getByRole('button', { name: 'Settle as delivered' }).click();
    await toast(p, new RegExp(`Settled as delivered: ₦[\\d,.]+ taken back from ${buyer.userName}'s wallet`));
    await expect.poll(() => card(p, refundedButDelivered).getAttribute('data-resolved')).toBe('true');
    expect(await card(p, refundedButDelivered).getByTestId('discrepancy-resolution').innerText()).toMatch(/^Settled as delivered/);

    const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId('recon-csv').click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('resolved,admin,ALARO confirmed a ₦1 fee');
    expect(csv).toContain('settled,admin,ALARO statement shows it delivered');
    expect(csv).toContain('resolved,admin,Test charge ALARO made by hand; credited back');
    await fitsWidth(p, DESKTOP.width);
  });
});
