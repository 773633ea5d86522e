/**
 * Operators in Chromium on one local cloud: Refund in the transaction details (admin and agent,
 * with a confirmation; a delivered purchase only for an admin, with a reason; the list then shows the purchase refunded), never offered to a user or for a
 * wallet funding; and the notification: set by an admin in admin settings, shown to a user until
 * OK, not again after a reload, shown again when an agent sets a new one on the Update screen.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../shared/api/accounts.js';
import type { PurchaseResponse } from '../../shared/api/purchases.js';
import type { TransactionView } from '../../shared/api/transactions.js';
import type { FundWithCouponResponse } from '../../shared/api/wallet.js';
import { NOTIFICATION_MSG } from '../../shared/messages.js';
import { callApi, isCallOf, issueCoupon, loginInUi, newTestUser, notificationThePageRead, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const AGENT = { userName: 'agent', password: 'agent-password-1' };

describe('operators: refunds and the notification', () => {
  const suite = useBrowserSuite();
  const buyer = newTestUser('rfb');
  const reader = newTestUser('rfr');

  beforeAll(async () => {
    const cloud = suite.cloud;
    await registerViaApi(cloud.baseUrl, buyer);
    await registerViaApi(cloud.baseUrl, reader);
    const code = await issueCoupon(cloud.baseUrl, cloud.adminLogin, buyer.userName, 1000);
    await callApi<FundWithCouponResponse>(cloud.baseUrl, 'fundWithCoupon', { token: await tokenOf(buyer), body: { userName: buyer.userName, coupon: code } });
  }, 180_000);

  async function tokenOf(user: { userName: string; password: string }): Promise<string> {
    return (await callApi<SessionResponse>(suite.cloud.baseUrl, 'login', { body: { userName: user.userName, password: user.password } })).token;
  }

  const freshPage = () => suite.freshPage();

  const toast = (p: Page, text: string) => p.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();

  /** A delivered ₦100 airtime purchase (₦99 charged) to a number no other test uses. */
  async function deliveredPurchase(): Promise<string> {
    const phone = `0809${String(Date.now()).slice(-7)}`;
    const token = await tokenOf(buyer);
    const bought = await callApi<PurchaseResponse>(suite.cloud.baseUrl, 'buyAirtime', { token, body: { network: 1, mobile_number: phone, amount: 100 } });
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const list = await callApi<{ transactions: TransactionView[] }>(suite.cloud.baseUrl, 'listTransactions', { token });
      if (list.transactions.find((t) => t._id === bought.receipt._id)?.trans_Status === 'success') return phone;
      await new Promise((r) => setTimeout(r, 300));
    }
    throw new Error(`purchase to ${phone} was not delivered`);
  }

  const rowOf = (p: Page, phone: string, status: string) => p.locator(`[data-testid="transaction-row"][data-phone="${phone}"][data-status="${status}"]`);

  it('an admin refunds a delivered purchase only with a reason (kept in the audit log): ₦99 back, the list shows it refunded, Refund is gone', async () => {
    const phone = await deliveredPurchase();
    const p = await freshPage();
    await loginInUi(p, suite.cloud.adminLogin);
    await p.goto('/profile/transactions');
    await rowOf(p, phone, 'success').click();
    await p.getByTestId('refund-button').click();
    await expect.poll(() => p.getByTestId('refund-confirmation').innerText()).toBe(`Refund ₦99.00 to ${buyer.userName}? The supplier delivered this purchase.`);
    // No reason, no refund: the confirmation waits for one.
    expect(await p.getByTestId('confirm-refund').isDisabled()).toBe(true);
    await p.getByLabel('Reason (kept in the audit log)').fill('customer reports no airtime');
    await p.getByTestId('confirm-refund').click();
    await toast(p, `Refund of ₦99.00 for ${buyer.userName} was successful`);
    await rowOf(p, phone, 'refunded').waitFor();
    expect(await p.getByTestId('refund-button').count()).toBe(0);
  });

  it("rejection: an agent is not offered Refund for a delivered purchase on the admin shell's transactions screen (an open one: tests/integration/admin-refund-notification)", async () => {
    const delivered = await deliveredPurchase();
    const p = await freshPage();
    await loginInUi(p, AGENT);
    await p.goto('/admin/transactions');
    await rowOf(p, delivered, 'success').click();
    await p.getByTestId('transaction-details').waitFor();
    expect(await p.getByTestId('refund-button').count()).toBe(0);
  });

  it('rejection: a user is never offered Refund, and nobody is offered it for a wallet funding', async () => {
    const phone = await deliveredPurchase();
    const p = await freshPage();
    await loginInUi(p, buyer);
    await p.goto('/profile/transactions');
    await rowOf(p, phone, 'success').click();
    await p.getByTestId('transaction-details').waitFor();
    expect(await p.getByTestId('refund-button').count()).toBe(0);
    // The admin shell's transactions screen is for operators: a user is sent back to the dashboard.
    await p.goto('/admin/transactions');
    await p.waitForURL('**/profile');

    const admin = await freshPage();
    await loginInUi(admin, suite.cloud.adminLogin);
    await admin.goto('/profile/transactions');
    await admin.locator('[data-testid="transaction-row"]').filter({ hasText: 'wallet' }).first().click();
    await admin.getByTestId('transaction-details').waitFor();
    expect(await admin.getByTestId('refund-button').count()).toBe(0);
  });

  it("the notification: set by an admin, shown to a user until OK, not again after a reload, again for an agent's new message", async () => {
    const admin = await freshPage();
    await loginInUi(admin, suite.cloud.adminLogin);
    await admin.goto('/profile/adminSettings');
    await admin.getByTestId('notification-input').fill('Airtime is 2% off today');
    await admin.getByTestId('notification-save').click();
    await toast(admin, NOTIFICATION_MSG.updated);

    const p = await freshPage();
    await loginInUi(p, reader);
    await expect.poll(() => p.getByTestId('notification-text').innerText()).toBe('Airtime is 2% off today');
    // OK closes it at once; the server has heard it when its acknowledgement is answered.
    const acknowledged = p.waitForResponse((response) => isCallOf(response, 'acknowledgeNotification'));
    await p.getByRole('button', { name: 'OK' }).click();
    expect(await p.getByTestId('notification-text').count()).toBe(0);
    expect((await acknowledged).status()).toBe(200);
    // After the reload: the notice the page read says acknowledged, and what it then drew shows none.
    const reread = await notificationThePageRead(p, () => p.reload());
    expect(reread).toMatchObject({ msg: 'Airtime is 2% off today', checked: true });
    await p.getByTestId('dashboard-balance').waitFor();
    expect(await p.getByTestId('notification-text').count()).toBe(0);

    const agentContext = await suite.browser.newContext({ baseURL: suite.cloud.baseUrl, viewport: { width: 1280, height: 900 } });
    const agent = await agentContext.newPage();
    await loginInUi(agent, AGENT);
    // The agent sees the admin's notice first, and sets the next one on the Update screen.
    await agent.getByRole('button', { name: 'OK' }).click();
    await agent.goto('/profile/updatePrice');
    // As a person would: wait for the form to show the current notice before replacing it (filling while it
    // loads could land between Playwright's select-all and its typing, and append to the loaded text).
    await expect.poll(() => agent.getByTestId('notification-input').inputValue()).toBe('Airtime is 2% off today');
    await agent.getByTestId('notification-input').fill('Data is back on MTN');
    await agent.getByTestId('notification-save').click();
    await toast(agent, NOTIFICATION_MSG.updated);
    await agentContext.close();

    await p.reload();
    await expect.poll(() => p.getByTestId('notification-text').innerText()).toBe('Data is back on MTN');
    await p.getByRole('button', { name: 'OK' }).click();
    expect(await p.getByTestId('notification-text').count()).toBe(0);
  });
});
