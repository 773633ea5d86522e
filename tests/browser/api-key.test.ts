/**
 * The Account page's API key in Chromium on a 360 px phone: the first button
 * says "Generate"; every change asks for the password (a wrong one changes nothing); the key is
 * shown once with Copy ("Copied", clipboard holds it) and authenticates; Regenerate asks first —
 * Cancel keeps the key — and on Confirm the old key stops working; afterwards the card shows the
 * hint, when the key was made and last used; Revoke ends it. The webhook signing secret is masked, with Reveal and Copy.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MSG, MSG } from '../../shared/messages.js';
import { loginInUi, newTestUser, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const PHONE = { width: 360, height: 780 };

describe('Account page: API key', () => {
  const suite = useBrowserSuite({ viewport: PHONE });
  const user = newTestUser('key');

  beforeAll(async () => {
    await registerViaApi(suite.cloud.baseUrl, user);
  });

  const status = async (key: string) => (await fetch(`${suite.cloud.baseUrl}/api/v1/auth`, { headers: { authorization: `Bearer ${key}` } })).status;
  const toast = (text: string) => suite.page.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();

  it('generates with the password, copies ("Copied"), regenerates with confirmation (the old key stops), shows its facts and revokes it', async () => {
    const page = await suite.freshPage(PHONE);
    await suite.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginInUi(page, user);
    await page.goto(`${suite.cloud.baseUrl}/profile/user`);
    const card = page.getByTestId('api-key');
    await card.getByText('You have no API key yet.').waitFor();
    expect((await page.getByTestId('regenerate-api-key').textContent())!.trim()).toBe('Generate API key');
    expect(await page.getByTestId('revoke-api-key').count()).toBe(0);

    // A wrong password: refused, no key.
    await page.getByTestId('regenerate-api-key').click();
    await page.getByLabel('Your password').fill('not-my-password');
    await page.getByTestId('confirm-regenerate-api-key').click();
    await toast(API_KEY_MSG.wrongPassword);
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('api-key-value').count()).toBe(0);

    await page.getByTestId('regenerate-api-key').click();
    await page.getByLabel('Your password').fill(user.password);
    await page.getByTestId('confirm-regenerate-api-key').click();
    await toast(API_KEY_MSG.regenerated);
    const first = (await page.getByTestId('api-key-value').textContent())!.trim();
    expect(first).toMatch(/^vtu_[\w-]{43}$/);
    expect((await page.getByTestId('regenerate-api-key').textContent())!.trim()).toBe('Regenerate API key');
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
    await page.getByLabel('Your password').fill(user.password);
    await page.getByTestId('confirm-regenerate-api-key').click();
    await page.getByTestId('api-key-value').filter({ hasNotText: first }).waitFor();
    const second = (await page.getByTestId('api-key-value').textContent())!.trim();
    expect(await status(first)).toBe(401);
    expect(await status(second)).toBe(200);

    // After a reload only the hint and the key's dates are shown: the key itself is not kept.
    await page.reload();
    await page.getByTestId('api-key-hint').waitFor();
    expect(await page.getByTestId('api-key-hint').textContent()).toBe(`${second.slice(0, 8)}…${second.slice(-4)}`);
    expect(await page.getByTestId('api-key-value').count()).toBe(0);
    expect((await page.getByTestId('api-key-last-used').textContent())!.trim()).not.toBe('never');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByTestId('revoke-api-key').click();
    await page.getByLabel('Your password').fill(user.password);
    await page.getByTestId('confirm-regenerate-api-key').click();
    await toast(API_KEY_MSG.revoked);
    await card.getByText('You have no API key yet.').waitFor();
    expect(await status(second)).toBe(401);
  });

  it('shows the webhook signing secret masked, with Reveal and Copy', async () => {
    const page = await suite.freshPage(PHONE);
    await suite.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginInUi(page, user);
    // The account's own read answers only after the save: the page shows the signed-in session's user, which
    // the save replaces, remaking the form under the pending save (the secret was lost this way under load).
    let saved!: () => void;
    const afterSave = new Promise<void>((resolve) => (saved = resolve));
    await page.route(/\/api\/v1\/auth$/, async (route) => {
      if (route.request().method() === 'GET') await afterSave;
      await route.continue();
    });
    page.on('response', (response) => response.url().endsWith('/auth/updateWebhook') && saved());
    await page.goto(`${suite.cloud.baseUrl}/profile/user`);
    // A name this machine (and CI) can resolve without the internet: the URL is resolved when saved.
    await page.getByLabel('Webhook URL').fill('http://127.0.0.1/vtu-webhook');
    await page.getByRole('button', { name: 'Update webhook' }).click();
    const shown = page.getByTestId('webhook-secret');
    await shown.waitFor();
    const masked = (await shown.textContent())!;
    expect(masked).toContain('••••••••');
    await page.getByRole('button', { name: 'Copy secret' }).click();
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret.length).toBeGreaterThan(12);
    expect(masked).not.toContain(secret);
    await page.getByTestId('reveal-webhook-secret').click();
    expect(await shown.textContent()).toContain(secret);
  });
});
