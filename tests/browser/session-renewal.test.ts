/**
 * Short session tokens renewed while the app is in use, in Chromium on a 360 px
 * phone. The local cloud's tokens live a few seconds here (ACCESS_TOKEN_TTL_SECONDS): a user who
 * keeps using the app well past that stays signed in, on tokens of the same session.
 */
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { newTestUser, registerViaApi, loginInUi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const PHONE = { width: 360, height: 780 };
const LIFETIME_SECONDS = 6;

describe('Sessions: renewal while the app is in use', () => {
  const suite = useBrowserSuite({ viewport: PHONE, cloud: { env: { ACCESS_TOKEN_TTL_SECONDS: String(LIFETIME_SECONDS) } } });
  const user = newTestUser('renew');

  beforeAll(async () => {
    await registerViaApi(suite.cloud.baseUrl, user);
  });

  it('a user active past the token lifetime stays signed in on renewed tokens of the same session', async () => {
    const page = await suite.freshPage(PHONE);
    await loginInUi(page, user);
    const first = (await page.evaluate(() => localStorage.getItem('token')))!;
    const { sid, exp } = decodeJwt(first);
    expect(exp! - decodeJwt(first).iat!).toBe(LIFETIME_SECONDS);

    // Using the app (taps) for twice the token's lifetime.
    const until = Date.now() + 2 * LIFETIME_SECONDS * 1000 + 1000;
    while (Date.now() < until) {
      await page.getByTestId('dashboard-balance').click();
      await page.waitForTimeout(500);
    }
    expect(Date.now()).toBeGreaterThan(exp! * 1000);

    // Another screen's requests go through with the renewed token: no trip to the login screen.
    await page.goto('/profile/transactions');
    await page.locator('[data-testid="transactions-table"], [data-testid="no-transactions"]').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile/transactions');
    const current = (await page.evaluate(() => localStorage.getItem('token')))!;
    expect(current).not.toBe(first);
    expect(decodeJwt(current).sid).toBe(sid);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
