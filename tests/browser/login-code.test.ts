/**
 * The login screen's code step in Chromium on a 360 px phone: after more failed
 * sign-ins on the account than its ceiling, this browser (never signed in here) is asked for the
 * code e-mailed to the owner; a wrong code is refused; the right one signs in. The failures come
 * from many client addresses (loopback addresses of their own: the edge takes the address from the
 * socket), as a spread guessing run would.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../functions/domain/accounts/login-throttle.js';
import { LOGIN_MSG } from '../../shared/messages.js';
import { loopbackAddress, requestFrom } from '../support/loopback.js';
import { newTestUser, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const PHONE = { width: 360, height: 780 };

describe('Login: the e-mailed code past the failed-login ceiling', () => {
  const suite = useBrowserSuite({ viewport: PHONE });
  const user = newTestUser('code');

  beforeAll(async () => {
    await registerViaApi(suite.cloud.baseUrl, user);
    const { accountCeiling, freeFailures } = LOGIN_THROTTLE;
    for (let a = 0; a < Math.ceil(accountCeiling / freeFailures); a++) {
      for (let g = 0; g < freeFailures; g++) {
        const answer = await requestFrom(suite.cloud.baseUrl, loopbackAddress(51, a), 'POST', '/api/v1/auth/login', {
          body: { userName: user.userName, password: `guess-${a}-${g}` },
        });
        expect(answer.status).toBe(400);
      }
    }
  }, 240_000);

  it('asks for the code, refuses a wrong one and signs in with the right one', async () => {
    const page = await suite.freshPage(PHONE);
    await page.goto('/login');
    await page.getByLabel('User name, email or business name').fill(user.userName);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByTestId('login-code-notice').getByText(LOGIN_MSG.codeSent).waitFor();

    const mail = await suite.cloud.waitForMail(user.email, { subject: /sign-in code/i });
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;

    await page.getByTestId('login-code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.locator('.Toastify').getByText(LOGIN_MSG.codeInvalid, { exact: true }).first().waitFor();

    await page.getByTestId('login-code').fill(code);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/profile');
    await page.getByTestId('dashboard-balance').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
