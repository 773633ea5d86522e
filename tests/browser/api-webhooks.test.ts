/**
 * The Account page's webhook deliveries in Chromium: the last deliveries to the
 * user's URL (time, event, HTTP status) after a purchase settles, the "Send test webhook" button
 * (loading, then its result, then the test in the log); without a URL, the empty log and the
 * button's refusal.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../shared/api/accounts.js';
import { WEBHOOK_MSG } from '../../shared/messages.js';
import { callApi, issueCoupon, loginInUi, newTestUser, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

describe('Account page: webhook deliveries', () => {
  const suite = useBrowserSuite();
  const apiUser = newTestUser('hook');
  const plainUser = newTestUser('nohook');
  let receiver: Server;
  let hits = 0;
  let session: SessionResponse;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        hits += 1;
        // Slow enough that the button's loading state can be seen.
        setTimeout(() => res.writeHead(200).end('ok'), 800);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    session = await registerViaApi(suite.cloud.baseUrl, apiUser);
    await registerViaApi(suite.cloud.baseUrl, plainUser);
    await callApi(suite.cloud.baseUrl, 'updateWebhook', { token: session.token, body: { webhookUrl: url } });
    const coupon = await issueCoupon(suite.cloud.baseUrl, suite.cloud.adminLogin, apiUser.userName, 500);
    await callApi(suite.cloud.baseUrl, 'fundWithCoupon', { token: session.token, body: { userName: apiUser.userName, coupon } });
    await callApi(suite.cloud.baseUrl, 'buyAirtime', { token: session.token, body: { network: 1, mobile_number: '08011111111', amount: 100 } });
    // The settled purchase's webhook reaches the receiver before the page is opened.
    for (const deadline = Date.now() + 30_000; hits === 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 200));
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('shows the last deliveries (time, event, HTTP status) and sends a test webhook with a loading state and its result', async () => {
    expect(hits).toBe(1);
    const page = await suite.freshPage();
    await loginInUi(page, apiUser);
    await page.goto(`${suite.cloud.baseUrl}/profile/user`);
    const log = page.getByTestId('webhook-delivery-log');
    const firstRow = log.locator('tbody tr').first();
    await firstRow.waitFor();
    expect(await log.locator('tbody tr').count()).toBe(1);
    const cells = (await firstRow.locator('td').allTextContents()).map((text) => text.trim());
    expect(cells[0]).toMatch(/\d{4}/);
    expect(cells.slice(1)).toEqual(['success', '200']);

    const button = page.getByTestId('send-test-webhook');
    await button.click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="send-test-webhook"]')?.hasAttribute('disabled') ||
        document.querySelector('[data-testid="send-test-webhook"]')?.getAttribute('aria-busy') === 'true',
    );
    await page.getByTestId('test-webhook-result').getByText(`${WEBHOOK_MSG.testDelivered}: 200`).waitFor();
    await log.locator('tbody tr').nth(1).waitFor();
    expect((await firstRow.locator('td').allTextContents()).map((text) => text.trim())).toEqual([expect.any(String), 'test', '200']);
    expect(hits).toBe(2);
  });

  it('rejection: without a webhook URL the log is empty and the test is refused with the reason', async () => {
    const page = await suite.freshPage();
    await loginInUi(page, plainUser);
    await page.goto(`${suite.cloud.baseUrl}/profile/user`);
    const card = page.getByTestId('webhook-deliveries');
    await card.getByText('No deliveries yet.').waitFor();
    await page.getByTestId('send-test-webhook').click();
    await page.getByTestId('test-webhook-result').getByText(WEBHOOK_MSG.noWebhookUrl).waitFor();
    expect(await page.getByTestId('webhook-delivery-log').count()).toBe(0);
  });
});
