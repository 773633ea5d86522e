/**
 * The audit log in Chromium on one local cloud: an admin changes a user's type on "My users",
 * opens the audit log from the sidebar, filters by that action and finds the entry; the sidebar
 * carries the admin items for an admin (plus the audit log) and only "My users" and Update for an
 * agent, who is sent back to /profile from the audit log. An admin's credit shows the receiver's
 * balance before and after, as the credit's own write recorded it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_AGENT } from '../../functions/local-seed.js';
import type { SessionResponse } from '../../shared/api/accounts.js';
import { callApi, loginInUi, newTestUser, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

// Everyone's menu (Transfer included: it is no longer an admin extra).
const COMMON = [
  'Dashboard',
  'Buy Data',
  'Buy Airtime',
  'Electricity Payment',
  'Cable TV',
  'Exam PINs',
  'Recharge cards',
  'Internet & more',
  'Bulk purchase',
  'Fund wallet',
  'Transfer',
  'Withdraw',
  'Earnings',
  'My contacts',
  'Transactions',
  'Account',
  'Settings',
  'API docs',
];

async function sidebarLinks(p: Page): Promise<string[]> {
  const links = p.getByTestId('sidebar').getByRole('link');
  await links.first().waitFor();
  return (await links.allInnerTexts()).map((text) => text.trim());
}

describe('the audit log', () => {
  const suite = useBrowserSuite();

  it("an admin's type change shows in the audit log, found by filtering on the action", async () => {
    const user = newTestUser('aud');
    const session = await registerViaApi(suite.cloud.baseUrl, user);
    const p = await suite.freshPage();
    await loginInUi(p, suite.cloud.adminLogin);

    await p.goto('/admin/users');
    await p.getByLabel('User name', { exact: true }).fill(user.userName);
    await p.getByRole('button', { name: 'Search' }).click();
    const row = p.getByTestId(`user-${user.userName}`);
    await row.getByTestId('cycle-type').click();
    await p.getByTestId('confirm-type').click();
    await row.getByTestId('user-type').filter({ hasText: 'reseller' }).waitFor();

    await p.getByTestId('sidebar').getByRole('link', { name: 'Audit log' }).click();
    await p.getByRole('heading', { name: 'Audit log' }).waitFor();
    await p.getByLabel('Action').selectOption('adminUpgradeUser');
    await p.getByRole('button', { name: 'Search' }).click();

    const entry = p.getByTestId('audit-row').filter({ has: p.getByTestId('audit-target').getByText(`userId=${session.user._id}`) });
    await entry.waitFor();
    expect(await entry.getAttribute('data-status')).toBe('200');
    expect(await entry.innerText()).toContain(suite.cloud.adminLogin.userName);
    expect(await entry.getByTestId('audit-target').innerText()).toContain('userType=reseller');
    // The filter holds: every row shown is that action.
    const operations = await p.getByTestId('audit-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-operation')));
    expect(new Set(operations)).toEqual(new Set(['adminUpgradeUser']));
  });

  it("an admin's credit shows the receiver's balance before and after; an entry without them shows no change", async () => {
    const user = newTestUser('audc');
    await registerViaApi(suite.cloud.baseUrl, user);
    const adminSession = await callApi<SessionResponse>(suite.cloud.baseUrl, 'login', { body: suite.cloud.adminLogin });
    await callApi(suite.cloud.baseUrl, 'transferFund', { token: adminSession.token, body: { userName: user.userName, amount: 250 } });
    await expect(
      callApi(suite.cloud.baseUrl, 'transferFund', { token: adminSession.token, body: { userName: `${user.userName}x`, amount: 250 } }),
    ).rejects.toThrow(/404/);

    const p = await suite.freshPage();
    await loginInUi(p, suite.cloud.adminLogin);
    await p.goto('/admin/audit');
    await p.getByLabel('Action').selectOption('transferFund');
    await p.getByRole('button', { name: 'Search' }).click();
    const credit = p.getByTestId('audit-row').filter({ has: p.getByTestId('audit-target').getByText(`userName=${user.userName}`, { exact: true }) });
    await credit.waitFor();
    await credit.getByText('Show').click();
    expect(await credit.getByTestId('audit-before').innerText()).toContain(`receiver.userName=${user.userName}, receiver.balance=₦0.00`);
    expect(await credit.getByTestId('audit-after').innerText()).toContain('receiver.balance=₦250.00');
    const refused = p.getByTestId('audit-row').filter({ has: p.getByTestId('audit-target').getByText(`userName=${user.userName}x`, { exact: true }) });
    await refused.waitFor();
    expect(await refused.getAttribute('data-status')).toBe('404');
    expect(await refused.getByTestId('audit-change').count()).toBe(0);
  });

  it('shows an admin the admin items and the audit log, an agent only my users and Update (and no audit log)', async () => {
    const admin = await suite.freshPage();
    await loginInUi(admin, suite.cloud.adminLogin);
    const adminExtras = (await sidebarLinks(admin)).filter((label) => !COMMON.includes(label));
    expect(adminExtras).toEqual(expect.arrayContaining(['Admin settings', 'Update price', 'My users', 'Fund wallet (coupon)', 'Generate coupon', 'Audit log']));
    expect(adminExtras.filter((label) => label !== 'Send email')).toEqual([
      'Admin settings',
      'Update price',
      'My users',
      'Fund wallet (coupon)',
      'Generate coupon',
      'Audit log',
      'VTpass services',
      'Profit and loss',
      'Supplier floats',
      'Reconciliation',
    ]);

    const agent = await suite.freshPage();
    await loginInUi(agent, DEMO_AGENT);
    expect((await sidebarLinks(agent)).filter((label) => !COMMON.includes(label))).toEqual(['My users', 'Update']);
    await agent.goto('/admin/audit');
    await agent.waitForURL('**/profile');
    expect(await agent.getByRole('heading', { name: 'Audit log' }).count()).toBe(0);
  });
});
