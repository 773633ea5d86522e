/**
 * Screens without money: the landing page's FAQ, the not-found page, local validation messages,
 * the password reset by e-mail, toasts, logout on a 401, changing the password, and the signed-in
 * layout on a 360 px phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { TOAST_AUTO_CLOSE_MS } from '../../shared/constants.js';
import { PRODUCTS } from '../../shared/products.js';
import type { SessionResponse } from '../../shared/api/accounts.js';
import { callApi, loginInUi, newTestUser, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const PHONE = { width: 360, height: 740 };

describe('public screens, validation and the phone layout', () => {
  const suite = useBrowserSuite();
  const freshPage = (viewport?: { width: number; height: number }) => suite.freshPage(viewport);

  const expanded = (p: Page) => p.getByTestId('faq').locator('button[aria-expanded="true"]');

  it('shows ten FAQ entries with exactly one open: the first at start, and clicking the open one keeps it open', async () => {
    const p = await freshPage();
    await p.goto('/');
    const questions = p.getByTestId('faq').locator('button.faq-question');
    expect(await questions.count()).toBe(10);
    expect(await expanded(p).count()).toBe(1);
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('true');
    expect(await p.getByTestId('faq').locator('.faq-answer:not([hidden])').count()).toBe(1);

    await questions.nth(6).click();
    expect(await expanded(p).count()).toBe(1);
    expect(await questions.nth(6).getAttribute('aria-expanded')).toBe('true');
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('false');
    expect(await p.getByText('refunded to your wallet automatically').isVisible()).toBe(true);

    // Clicking the open entry again keeps it open: exactly one is always open.
    await questions.nth(6).click();
    expect(await expanded(p).count()).toBe(1);
    expect(await questions.nth(6).getAttribute('aria-expanded')).toBe('true');
    expect(await p.getByTestId('faq').locator('.faq-answer:not([hidden])').count()).toBe(1);

    // Logged out, the first button leads to login and the second to the price list; the chat link is there.
    expect(await p.getByTestId('hero-primary').textContent()).toBe('Login/Register');
    expect(await p.getByTestId('hero-primary').getAttribute('href')).toBe('/login');
    expect(await p.getByTestId('hero-prices').getAttribute('href')).toBe('/priceList');
    expect(await p.getByTestId('chat-link').isVisible()).toBe(true);
    for (const href of ['/', '/login', '/register', '/priceList']) {
      expect(await p.locator(`footer a[href="${href}"]`).count()).toBeGreaterThan(0);
    }
  });

  it('answers an unknown address with the not-found page and a way home', async () => {
    const p = await freshPage();
    await p.goto('/no/such/page');
    await p.getByRole('heading', { name: MSG.pageNotFound }).waitFor();
    await p.getByRole('link', { name: 'Go back home' }).click();
    await p.waitForURL((url) => url.pathname === '/');
    await p.getByTestId('faq').waitFor();
  });

  it('warns about missing login fields and a missing e-mail before calling the server', async () => {
    const p = await freshPage();
    await p.goto('/login');
    await p.getByRole('button', { name: 'Login', exact: true }).click();
    await p.getByText(MSG.allFieldRequiredLogin).waitFor();
    expect(p.url()).toMatch(/\/login$/);

    await p.getByLabel('User name, email or business name').fill('somebody');
    await p.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await p.getByRole('button', { name: 'Show password' }).click();
    expect(await p.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await p.getByRole('button', { name: 'Login', exact: true }).click();
    await p.getByText(MSG.invalidCredentials).waitFor();

    await p.goto('/register/someReferrer');
    expect(await p.getByTestId('referred-by').textContent()).toContain('someReferrer');
    await p.getByLabel('User name').fill('newcomer');
    await p.getByRole('button', { name: 'Register' }).click();
    await p.getByText(MSG.enterYourEmail).waitFor();
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const user = newTestUser('reset');
    await registerViaApi(suite.cloud.baseUrl, user);
    const p = await freshPage();
    await p.goto('/login');
    await p.getByRole('link', { name: 'Forgot your password?' }).click();
    await p.waitForURL('**/requestPasswordReset');
    // The URL changes before the lazily loaded page replaces the login form, whose label also says "email".
    await p.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await p.getByLabel('Email', { exact: true }).fill(user.email);
    await p.getByRole('button', { name: 'Send reset link' }).click();
    await p.getByText(MSG.resetLinkSent).first().waitFor();

    const mail = await suite.cloud.waitForMail(user.email, { timeoutMs: 30_000 });
    const link = mail.text.match(/\/passwordReset\/[^\s"'<>)]+/)?.[0];
    expect(link).toBeTruthy();

    await p.goto(link!);
    await p.getByLabel('New password', { exact: true }).fill('brand-new-pass-7');
    await p.getByLabel('Confirm new password', { exact: true }).fill('something-else-7');
    await p.getByRole('button', { name: 'Reset password' }).click();
    await p.getByText(MSG.samePasswordTwice).waitFor();

    await p.getByLabel('Confirm new password', { exact: true }).fill('brand-new-pass-7');
    await p.getByRole('button', { name: 'Reset password' }).click();
    // After a reset the login screen comes next, not the landing page.
    await p.waitForURL((url) => url.pathname === '/login');
    await p.getByRole('button', { name: 'Login', exact: true }).waitFor();

    await loginInUi(p, { userName: user.userName, password: 'brand-new-pass-7' });
  });

  // A reader who asks for reduced motion gets the same 5 s: the toast's timer is its progress bar's animation.
  it.each(['reduce', 'no-preference'] as const)(
    'shows toasts at the top right and closes them by themselves after about 5 s (reduced motion: %s)',
    async (reducedMotion) => {
      const p = await suite.freshPage(undefined, reducedMotion);
      await p.goto('/login');
      await p.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await p.getByLabel('User name, email or business name', { exact: true }).fill('nobody-here');
      await p.getByLabel('Password', { exact: true }).fill('wrong-password-1');
      await p.getByRole('button', { name: 'Login', exact: true }).click();
      const toast = p.locator('.Toastify__toast').filter({ hasText: MSG.invalidCredentials });
      await toast.waitFor();
      const shownAt = Date.now();
      // Keep the pointer away from the toast: hovering would pause its timer.
      await p.mouse.move(10, 890);

      expect(await p.locator('.Toastify__toast-container--top-right').count()).toBe(1);
      const box = (await toast.boundingBox())!;
      const viewport = p.viewportSize()!;
      expect(box.y).toBeLessThan(100);
      expect(viewport.width - (box.x + box.width)).toBeLessThan(100);
      expect(box.x).toBeGreaterThan(viewport.width / 2);

      await toast.waitFor({ state: 'detached', timeout: 8_000 });
      const closedAfter = Date.now() - shownAt;
      expect(closedAfter).toBeGreaterThan(TOAST_AUTO_CLOSE_MS - 1_500);
      expect(closedAfter).toBeLessThan(8_000);
    },
  );

  it('logs the user out on any 401: a token made stale by a password change elsewhere sends the next call to the login screen', async () => {
    const user = newTestUser('stale');
    await registerViaApi(suite.cloud.baseUrl, user);
    const p = await freshPage();
    await loginInUi(p, user);
    expect(await p.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // The same user changes the password from another session: every older token, the browser's included, dies.
    const other = await callApi<SessionResponse>(suite.cloud.baseUrl, 'login', { body: { userName: user.userName, password: user.password } });
    await callApi(suite.cloud.baseUrl, 'changePassword', {
      token: other.token,
      body: { oldPassword: user.password, newPassword: 'another-pass-42', newPasswordCheck: 'another-pass-42' },
    });

    // The next call the app makes (the transactions list) answers 401.
    await p.getByTestId('sidebar').getByRole('link', { name: 'Transactions' }).click();
    await p.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await p.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('changes the password: all three fields required, then the new password logs in', async () => {
    const user = newTestUser('chpw');
    await registerViaApi(suite.cloud.baseUrl, user);
    const p = await freshPage();
    await loginInUi(p, user);
    await p.goto('/profile/changePassword');
    await p.getByRole('heading', { name: 'Change password' }).waitFor();

    await p.getByRole('button', { name: 'Change password' }).click();
    await p.getByText(MSG.allFieldsRequired).first().waitFor();
    expect(p.url()).toMatch(/\/profile\/changePassword$/);

    const newPassword = 'changed-pass-8';
    await p.getByLabel('Old password', { exact: true }).fill(user.password);
    await p.getByLabel('New password', { exact: true }).fill(newPassword);
    await p.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await p.getByRole('button', { name: 'Change password' }).click();
    await p.getByText(MSG.passwordChanged).first().waitFor();
    await p.waitForURL((url) => url.pathname === '/profile');

    await p.getByRole('button', { name: 'Logout' }).click();
    await p.waitForURL((url) => url.pathname === '/');
    await loginInUi(p, { userName: user.userName, password: newPassword });
    await expect(callApi(suite.cloud.baseUrl, 'login', { body: { userName: user.userName, password: user.password } })).rejects.toThrow(/40[01]/);
  });

  it('offers every product of the registry on a 360 px phone: on the landing page with its pitch, and as a dashboard shortcut to its screen', async () => {
    const p = await freshPage(PHONE);
    await p.goto('/');
    const cards = p.getByTestId('service-card');
    expect(await cards.locator('h3').allTextContents()).toEqual(PRODUCTS.map((product) => product.label));
    for (const product of PRODUCTS) await cards.filter({ hasText: product.pitch }).waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const user = newTestUser('tiles');
    await registerViaApi(suite.cloud.baseUrl, user);
    await loginInUi(p, user);
    const tiles = p.locator('.tile-grid a.tile');
    const targets = await tiles.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const product of PRODUCTS) expect(targets).toContain(product.path);
    await p.locator('.tile-grid').getByRole('link', { name: 'Cable TV', exact: true }).click();
    await p.waitForURL('**/profile/cableTv');
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('fits a 360 px phone: the sidebar waits behind the menu toggle', async () => {
    const user = newTestUser('phone');
    await registerViaApi(suite.cloud.baseUrl, user);
    const p = await freshPage(PHONE);

    await p.goto('/');
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await loginInUi(p, user);
    const sidebar = p.getByTestId('sidebar');
    expect(await sidebar.isVisible()).toBe(false);
    expect(await p.getByTestId('dashboard-balance').isVisible()).toBe(true);

    await p.getByRole('button', { name: 'Toggle menu' }).click();
    await sidebar.waitFor({ state: 'visible' });
    expect(await p.getByTestId('sidebar-username').textContent()).toBe(user.userName);
    expect(await p.getByTestId('sidebar-balance').textContent()).toBe('₦0.00');

    // Choosing a screen closes the drawer again.
    await sidebar.getByRole('link', { name: 'Transactions' }).click();
    await p.waitForURL('**/profile/transactions');
    await sidebar.waitFor({ state: 'hidden' });
    await p.getByText(MSG.noTransactions).waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The landing page now greets the user and offers the dashboard.
    await p.goto('/');
    expect(await p.getByTestId('greeting').textContent()).toContain(user.userName);
    expect(await p.getByTestId('hero-primary').textContent()).toBe('Dashboard');
    expect(await p.getByTestId('hero-primary').getAttribute('href')).toBe('/profile');

    // Logging out forgets the session.
    await p.goto('/profile');
    await p.getByRole('button', { name: 'Logout' }).click();
    await p.waitForURL((url) => url.pathname === '/');
    expect(await p.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await p.goto('/profile');
    await p.getByRole('button', { name: 'Login', exact: true }).waitFor();
  });
});
