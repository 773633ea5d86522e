/**
 * The Account page's API key in Chromium (issue 11): generate with confirmation, the key shown
 * once with Copy ("Copied", clipboard holds it), it authenticates; Regenerate asks first —
 * Cancel keeps the key — and on Confirm the old key stops working and only the hint stays.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MSG, MSG } from '../../shared/messages.js';
import { loginInUi, newTestUser, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

describe('Account page: API key', () => {
  const suite = useBrowserSuite();
  const user = newTestUser('key');

  beforeAll(async () => {
    await registerViaApi(suite.cloud.baseUrl, user);
  });

  const status = async (key: string) => (await fetch(`${suite.cloud.baseUrl}/api/v1/auth`, { headers: { authorization: `Bearer ${key}` } })).status;
  const toast = (text: string) => suite.page.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();

  it('generates, copies ("Copied") and regenerates the key with confirmation; the old key stops working', async () => {
    const page = await suite.freshPage();
    await suite.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginInUi(page, user);
    await page.goto(`${suite.cloud.baseUrl}/profile/user`);
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
