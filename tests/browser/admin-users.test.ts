/**
 * "my users" in Chromium on one local cloud: the admin filters the list and downloads it as CSV
 * (file name and rows), cycles a user's type, and resets a password after a confirmation — the old
 * password then fails and the e-mailed link works; an agent sees the list without actions. At 360 px.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_AGENT } from '../../functions/local-seed.js';
import { MSG, userPasswordResetMessage } from '../../shared/messages.js';
import { loginInUi, newTestUser, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const MOBILE = { width: 360, height: 780 };

describe('my users', () => {
  const suite = useBrowserSuite({ viewport: MOBILE });
  const freshPage = () => suite.freshPage();

  async function openUsersFilteredBy(p: Page, userName: string): Promise<void> {
    await p.goto('/admin/users');
    await p.getByRole('heading', { name: 'My users' }).waitFor();
    await p.getByLabel('User name', { exact: true }).fill(userName);
    await p.getByRole('button', { name: 'Search' }).click();
    // The newest user is on the unfiltered list too: wait for the filtered answer itself.
    await expect.poll(() => p.getByTestId('users-table').locator('tbody tr').count()).toBe(1);
    await p.getByTestId(`user-${userName}`).waitFor();
  }

  it('filters by user name and downloads the CSV named by its rows', async () => {
    const user = newTestUser('csv');
    await registerViaApi(suite.cloud.baseUrl, user);
    const p = await freshPage();
    await loginInUi(p, suite.cloud.adminLogin);
    await openUsersFilteredBy(p, user.userName);

    const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId('download-csv').click()]);
    expect(download.suggestedFilename()).toBe('users-1-1.csv');
    const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe('User name,E-mail,Phone,Type,Balance (NGN),KYC,Created,Last login');
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toMatch(new RegExp(`^${user.userName},${user.email},${user.phoneNumber},smart earner,0,not verified,`));
  });

  it('cycles the type: smart earner → reseller → api user → smart earner', async () => {
    const user = newTestUser('cycle');
    await registerViaApi(suite.cloud.baseUrl, user);
    const p = await freshPage();
    await loginInUi(p, suite.cloud.adminLogin);
    await openUsersFilteredBy(p, user.userName);
    const row = p.getByTestId(`user-${user.userName}`);
    for (const next of ['reseller', 'api user', 'smart earner']) {
      await row.getByTestId('cycle-type').click();
      // The change is asked first.
      await p.getByTestId('confirm-type').click();
      await row.getByTestId('user-type').filter({ hasText: next }).waitFor();
    }
  });

  it('resets a password after a confirmation: the old one fails, the e-mailed link works', async () => {
    const user = newTestUser('reset');
    await registerViaApi(suite.cloud.baseUrl, user);
    const p = await freshPage();
    await loginInUi(p, suite.cloud.adminLogin);
    await openUsersFilteredBy(p, user.userName);
    await p.getByTestId(`user-${user.userName}`).getByTestId('reset-password').click();
    await p.getByRole('dialog').getByText(user.userName).waitFor();
    await p.getByTestId('confirm-reset').click();
    await p.locator('.Toastify').getByText(userPasswordResetMessage(user.userName)).waitFor();

    const other = await freshPage();
    await other.goto('/login');
    await other.getByLabel('User name, email or business name').fill(user.userName);
    await other.getByLabel('Password', { exact: true }).fill(user.password);
    await other.getByRole('button', { name: 'Login', exact: true }).click();
    await other.locator('.Toastify').getByText(MSG.invalidCredentials).first().waitFor();

    const mail = await suite.cloud.waitForMail(user.email, { subject: 'Your password has been reset', timeoutMs: 30_000 });
    const link = mail.text.match(/\/passwordReset\/[^\s"'<>)]+/)?.[0];
    expect(link).toBeTruthy();
    await other.goto(link!);
    await other.getByLabel('New password', { exact: true }).fill('chosen-by-owner-7');
    await other.getByLabel('Confirm new password', { exact: true }).fill('chosen-by-owner-7');
    await other.getByRole('button', { name: 'Reset password' }).click();
    // After a reset the login screen comes next.
    await other.waitForURL((url) => url.pathname === '/login');
    await loginInUi(other, { userName: user.userName, password: 'chosen-by-owner-7' });
  });

  it('shows an agent the list under "my users" without download or actions', async () => {
    const p = await freshPage();
    await loginInUi(p, DEMO_AGENT);
    await p.goto('/admin/users');
    await p.getByTestId('users-table').waitFor();
    expect(await p.getByTestId('download-csv').count()).toBe(0);
    expect(await p.getByTestId('cycle-type').count()).toBe(0);
    expect(await p.getByTestId('reset-password').count()).toBe(0);
  });
});
