/**
 * The Account page's API key in Chromium (issue 11): generate with confirmation, the key shown
 * once with Copy ("Copied", clipboard holds it), it authenticates; Regenerate asks first —
 * Cancel keeps the key — and on Confirm the old key stops working and only the hint stays.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY_MSG, MSG } from '../../shared/messages.js';
import { startLocalCloud } from '../support/local-cloud.js';
import { ensureWebBuilt, launchChromium, loginInUi, newPage, newTestUser, registerViaApi, reportFailure } from './helpers.js';

type Cloud = Awaited<ReturnType<typeof startLocalCloud>>;

describe('Account page: API key', () => {
  let cloud: Cloud;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  const user = newTestUser('key');

  beforeAll(async () => {
    ensureWebBuilt();
    cloud = await startLocalCloud();
    browser = await launchChromium();
    await registerViaApi(cloud.baseUrl, user);
  }, 180_000);

  beforeEach((test) => {
    test.onTestFailed(() => reportFailure(page, cloud?.output(), test.task.name));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await cloud?.stop();
  });

  const status = async (key: string) => (await fetch(`${cloud.baseUrl}/api/v1/auth`, { headers: { authorization: `Bearer ${key}` } })).status;
  const toast = (text: string) => page.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();

  it('generates, copies ("Copied") and regenerates the key with confirmation; the old key stops working', async () => {
    ({ context, page } = await newPage(browser, cloud.baseUrl));
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginInUi(page, user);
    await page.goto(`${cloud.baseUrl}/profile/user`);
    const card = page.getByTestId('api-key');
    await card.getByText('You have no API key yet.').waitFor();

    await page.getByTestId('regenerate-api-key').click();
    await page.getByTestId('confirm-regenerate-api-key').click();
    await toast(API_KEY_MSG.regenerated);
    const first = (await page.getByTestId('api-key-value').textContent())!.trim();
    expect(first).toMatch(/^vtu_[\w-]{43}$/);
    await card.getByRole('button', { name: 'Copy API key' }).click();
    await toast(MSG.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    expect(await status(first)).toBe(200);

    // Cancel keeps the key.
    await page.getByTestId('regenerate-api-key').click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect((await page.getByTestId('api-key-value').textContent())!.trim()).toBe(first);
    expect(await status(first)).toBe(200);

    await page.getByTestId('regenerate-api-key').click();
    await page.getByTestId('confirm-regenerate-api-key').click();
    await page.getByTestId('api-key-value').filter({ hasNotText: first }).waitFor();
    const second = (await page.getByTestId('api-key-value').textContent())!.trim();
    expect(await status(first)).toBe(401);
    expect(await status(second)).toBe(200);

    // After a reload only the hint is shown: the key itself is not kept.
    await page.reload();
    await page.getByTestId('api-key-hint').waitFor();
    expect(await page.getByTestId('api-key-hint').textContent()).toBe(`${second.slice(0, 8)}…${second.slice(-4)}`);
    expect(await page.getByTestId('api-key-value').count()).toBe(0);
  });
});
