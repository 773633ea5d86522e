/**
 * Operators' screens and the theme in Chromium, at 360 px and 1280 px: an admin lands on the admin dashboard; the
 * sales chart has a value axis, a time axis and values; "My users" fits at 1280 px and asks before
 * a type change; after sending mail the admin stays with the result; the admin menu's casing; a
 * notice acknowledged on one device stays acknowledged on another; the theme follows
 * prefers-color-scheme with readable contrast, and nothing spins at all for a reader who asks for
 * reduced motion; contacts say they stay.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../shared/api/admin.js';
import type { SessionResponse } from '../../shared/api/accounts.js';
import type { NotificationResponse } from '../../shared/api/notification.js';
import type { PurchaseResponse } from '../../shared/api/purchases.js';
import { callApi, isCallOf, issueCoupon, loginInUi, newTestUser, notificationThePageRead, registerViaApi, type ReducedMotion } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
const VIEWPORTS = [
  ['360 px', PHONE],
  ['1280 px', DESKTOP],
] as const;

/** WCAG contrast ratio of two computed CSS colours (rgb()/rgba(), alpha ignored: the pairs measured are opaque). */
async function contrastOf(p: Page, selector: string, backgroundSelector = selector): Promise<number> {
  await p.locator(selector).first().waitFor();
  return p.evaluate(
    ([fgSelector, bgSelector]) => {
      const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (css: string) => {
        const [r, g, b] = channels(css).map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      /** The first opaque background at or above the element. */
      const backgroundOf = (element: Element | null): string => {
        for (let e = element; e; e = e.parentElement) {
          const bg = getComputedStyle(e).backgroundColor;
          if (bg && !/rgba\(.*,\s*0\)$/.test(bg) && bg !== 'transparent') return bg;
        }
        return 'rgb(255, 255, 255)';
      };
      const fg = document.querySelector(fgSelector)!;
      const a = luminance(getComputedStyle(fg).color);
      const b = luminance(backgroundOf(document.querySelector(bgSelector)));
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    },
    [selector, backgroundSelector] as const,
  );
}

describe('operator screens, notices and theme', () => {
  const suite = useBrowserSuite({ viewport: PHONE });
  const buyer = newTestUser('ops');

  beforeAll(async () => {
    const cloud = suite.cloud;
    const session = await registerViaApi(cloud.baseUrl, buyer);
    const code = await issueCoupon(cloud.baseUrl, cloud.adminLogin, buyer.userName, 500);
    await callApi(cloud.baseUrl, 'fundWithCoupon', { token: session.token, body: { userName: buyer.userName, coupon: code } });
    const bought = await callApi<PurchaseResponse>(cloud.baseUrl, 'buyAirtime', {
      token: session.token,
      body: { network: 1, mobile_number: '08011111111', amount: 100 },
    });
    const admin = await callApi<SessionResponse>(cloud.baseUrl, 'login', { body: cloud.adminLogin });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const figures = (await callApi<DashboardResponse>(cloud.baseUrl, 'adminDashboard', { token: admin.token })).figures;
      if (figures.openPurchases === 0 && figures.today.length > 0) break;
      if (Date.now() > deadline) throw new Error(`purchase ${bought.receipt._id} not settled`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }, 180_000);

  for (const [name, viewport] of VIEWPORTS) {
    it(`an admin lands on the admin dashboard after login, without "Become a reseller" (${name})`, async () => {
      const p = await suite.freshPage(viewport);
      await loginInUi(p, suite.cloud.adminLogin);
      expect(new URL(p.url()).pathname).toBe('/admin');
      await p.getByTestId('admin-dashboard').waitFor();
      expect(await p.getByText('Become a reseller').count()).toBe(0);
      // A customer still lands on their dashboard.
      const c = await suite.freshPage(viewport);
      await loginInUi(c, buyer);
      expect(new URL(c.url()).pathname).toBe('/profile');
    });

    it(`the sales chart has a value axis in naira, a time axis of days, and each bar's value (${name})`, async () => {
      const p = await suite.freshPage(viewport);
      await loginInUi(p, suite.cloud.adminLogin);
      const chart = p.getByTestId('sales-chart');
      await chart.waitFor();
      const yTicks = await chart.getByTestId('chart-y-tick').allInnerTexts();
      expect(yTicks.length).toBeGreaterThanOrEqual(2);
      expect(yTicks[0]).toBe('₦0');
      for (const tick of yTicks) expect(tick).toMatch(/^₦[\d.,]+(k|m|bn)?$/);
      const xTicks = await chart.getByTestId('chart-x-tick').allInnerTexts();
      expect(xTicks.length).toBeGreaterThanOrEqual(4);
      for (const tick of xTicks) expect(tick).toMatch(/^\d{1,2} [A-Z][a-z]{2}$/);
      // Today's bar says its value; the caption names the best day.
      expect(await chart.locator('rect.sales-bar').count()).toBe(30);
      expect(await chart.locator('rect.sales-bar').last().getAttribute('aria-label')).toMatch(/^\d{1,2} [A-Z][a-z]{2}: ₦[\d,]+\.\d{2}$/);
      expect(await chart.getByTestId('chart-peak').innerText()).toMatch(/^Best day: \d{1,2} [A-Z][a-z]{2}, ₦[\d,]+\.\d{2}/);
      // Axis labels stay inside the chart's box.
      const box = (await chart.boundingBox())!;
      for (const label of await chart.getByTestId('chart-y-tick').all()) {
        const b = (await label.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(box.x - 1);
      }
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  }

  for (const [name, viewport] of VIEWPORTS) {
    it(`after sending mail the admin stays on Send email with the result, the form cleared for the next (${name})`, async () => {
      const subject = `Hello ${name} ${Date.now()}`;
      const p = await suite.freshPage(viewport);
      await loginInUi(p, suite.cloud.adminLogin);
      await p.goto('/admin/sendMail');
      await p.getByLabel('User name (optional)').fill(buyer.userName);
      await p.getByLabel('Subject').fill(subject);
      await p.getByLabel('Message').fill('Prices are down.');
      await p.getByLabel('Link (required)').fill('https://example.com/prices');
      await p.getByLabel('Link text').fill('See prices');
      await p.getByRole('button', { name: 'Send email' }).click();
      await p.getByTestId('confirm-send-mail').click();
      const result = p.getByTestId('send-mail-result');
      await result.waitFor();
      expect(new URL(p.url()).pathname).toBe('/admin/sendMail');
      expect(await result.innerText()).toContain(buyer.userName);
      expect(await result.innerText()).toContain(subject);
      expect(await p.getByTestId('send-mail-queued').innerText()).toContain('1');
      expect(await p.getByLabel('Subject').inputValue()).toBe('');
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  }

  it('"My users" at 360 px: the page itself never scrolls sideways (the table scrolls in its own box)', async () => {
    const p = await suite.freshPage(PHONE);
    await loginInUi(p, suite.cloud.adminLogin);
    await p.goto('/admin/users');
    await p.getByTestId('users-table').locator('tbody tr').first().waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('"My users" fits at 1280 px: no horizontal scroll in the table or the page', async () => {
    const p = await suite.freshPage(DESKTOP);
    await loginInUi(p, suite.cloud.adminLogin);
    await p.goto('/admin/users');
    const table = p.getByTestId('users-table');
    await table.locator('tbody tr').first().waitFor();
    const fit = await table.evaluate((element) => {
      const wrap = element.closest('.table-wrap') ?? element.parentElement!;
      return { table: element.scrollWidth, wrap: wrap.clientWidth };
    });
    expect(fit.table).toBeLessThanOrEqual(fit.wrap);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
  });

  for (const [name, viewport] of VIEWPORTS) {
    it(`changing a user's type asks first: Cancel changes nothing, Confirm changes it (${name})`, async () => {
      const user = newTestUser('typ');
      await registerViaApi(suite.cloud.baseUrl, user);
      const p = await suite.freshPage(viewport);
      await loginInUi(p, suite.cloud.adminLogin);
      await p.goto('/admin/users');
      await p.getByLabel('User name', { exact: true }).fill(user.userName);
      await p.getByRole('button', { name: 'Search' }).click();
      await expect.poll(() => p.getByTestId('users-table').locator('tbody tr').count()).toBe(1);
      const row = p.getByTestId(`user-${user.userName}`);
      await row.waitFor();

      // Every type change the page asks the server for, answered.
      const typeChanges: number[] = [];
      p.on('response', (response) => {
        if (isCallOf(response, 'adminUpgradeUser')) typeChanges.push(response.status());
      });
      await row.getByTestId('cycle-type').click();
      expect(await p.getByTestId('confirm-type-text').innerText()).toContain(`Make ${user.userName} a reseller (now smart earner)?`);
      await p.getByRole('button', { name: 'Cancel' }).click();
      await p.getByTestId('confirm-type-text').waitFor({ state: 'detached' });
      expect(await row.getByTestId('user-type').innerText()).toBe('smart earner');

      await row.getByTestId('cycle-type').click();
      await p.getByTestId('confirm-type').click();
      await row.getByTestId('user-type').filter({ hasText: 'reseller' }).waitFor();
      // The confirmed change came after the cancelled one: by its answer, a change sent on Cancel would
      // have been answered too, and the user would be an api user now. One change, one step.
      expect(typeChanges).toEqual([200]);
      expect((await callApi<SessionResponse>(suite.cloud.baseUrl, 'login', { body: { userName: user.userName, password: user.password } })).user.userType).toBe(
        'reseller',
      );
    });
  }

  it('the admin menu is in sentence case: "Admin settings", "My users", "Generate coupon" (1280 px)', async () => {
    const p = await suite.freshPage(DESKTOP);
    await loginInUi(p, suite.cloud.adminLogin);
    const links = p.getByTestId('sidebar').getByRole('link');
    await links.first().waitFor();
    const labels = (await links.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
    expect(labels).toEqual(expect.arrayContaining(['Admin settings', 'My users', 'Generate coupon']));
    // Every label starts with a capital, and no word but the first is capitalised except names (MTN …) in capitals.
    for (const label of labels) expect(label[0]).toBe(label[0]!.toUpperCase());
    expect(labels.filter((label) => /^(admin settings|my users|generate Coupon|Fund wallet \(COUPON\))$/.test(label))).toEqual([]);
  });

  it('a notice acknowledged on one device is not shown on another; a new notice shows again (360 px)', async () => {
    const reader = newTestUser('ack');
    const session = await registerViaApi(suite.cloud.baseUrl, reader);
    const admin = await callApi<SessionResponse>(suite.cloud.baseUrl, 'login', { body: suite.cloud.adminLogin });
    await callApi(suite.cloud.baseUrl, 'setNotification', { token: admin.token, body: { msg: `Promo ${reader.userName}` } });

    const phone = await suite.freshPage(PHONE);
    await loginInUi(phone, reader);
    await expect.poll(() => phone.getByTestId('notification-text').innerText()).toBe(`Promo ${reader.userName}`);
    await phone.getByRole('button', { name: 'OK' }).click();
    // The server holds it.
    await expect.poll(async () => (await callApi<NotificationResponse>(suite.cloud.baseUrl, 'getNotification', { token: session.token })).checked).toBe(true);

    // Another device: a new browser context, nothing in its storage.
    const laptopContext = await suite.browser.newContext({ baseURL: suite.cloud.baseUrl, viewport: DESKTOP });
    try {
      const laptop = await laptopContext.newPage();
      // The notice this device read at sign-in says acknowledged, and what it then drew shows none.
      const read = await notificationThePageRead(laptop, () => loginInUi(laptop, reader));
      expect(read).toMatchObject({ msg: `Promo ${reader.userName}`, checked: true });
      expect(await laptop.getByTestId('notification-text').count()).toBe(0);

      await callApi(suite.cloud.baseUrl, 'setNotification', { token: admin.token, body: { msg: `Second ${reader.userName}` } });
      await laptop.reload();
      await expect.poll(() => laptop.getByTestId('notification-text').innerText()).toBe(`Second ${reader.userName}`);
    } finally {
      await laptopContext.close();
    }
  });

  it('with reduced motion asked for, no spinner or loading bar moves at all (the browser suites run so; otherwise they spin)', async () => {
    const animationOf = async (reducedMotion: ReducedMotion) => {
      const p = await suite.freshPage(PHONE, reducedMotion);
      await p.goto('/login');
      await p.getByRole('button', { name: 'Login', exact: true }).waitFor();
      return p.evaluate(() =>
        ['spinner', 'global-loader-bar'].map((name) => {
          const element = document.body.appendChild(document.createElement('span'));
          element.className = name;
          const style = getComputedStyle(element);
          return `${name}: ${style.animationName} ${style.animationIterationCount}`;
        }),
      );
    };
    expect(await animationOf('no-preference')).toEqual(['spinner: spin infinite', 'global-loader-bar: loader-slide infinite']);
    expect(await animationOf('reduce')).toEqual(['spinner: none 1', 'global-loader-bar: none 1']);
  });

  for (const [name, viewport] of VIEWPORTS) {
    it(`the theme follows prefers-color-scheme: dark pages with readable text, light ones as before (${name})`, async () => {
      const dark = await suite.browser.newContext({ baseURL: suite.cloud.baseUrl, viewport, colorScheme: 'dark' });
      try {
        const p = await dark.newPage();
        await loginInUi(p, buyer);
        const page = await p.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
        const [r, g, b] = (page.match(/\d+/g) ?? []).map(Number);
        expect(r! + g! + b!).toBeLessThan(3 * 60);
        expect(await contrastOf(p, '.card .card-title')).toBeGreaterThanOrEqual(4.5);
        expect(await contrastOf(p, '.card .muted')).toBeGreaterThanOrEqual(4.5);
        await p.goto('/profile/buyAirtime');
        expect(await contrastOf(p, 'h1')).toBeGreaterThanOrEqual(4.5);
        expect(await contrastOf(p, '.page-header .muted')).toBeGreaterThanOrEqual(4.5);
        expect(await contrastOf(p, 'form.card label, form.card')).toBeGreaterThanOrEqual(4.5);
        expect(await contrastOf(p, '.btn-primary')).toBeGreaterThanOrEqual(4.5);
        await p.goto('/profile/contacts');
        await p.getByText('A contact stays until you delete it.').waitFor();
        expect(await contrastOf(p, '.page-header .muted')).toBeGreaterThanOrEqual(4.5);
      } finally {
        await dark.close();
      }
      const light = await suite.browser.newContext({ baseURL: suite.cloud.baseUrl, viewport, colorScheme: 'light' });
      try {
        const p = await light.newPage();
        await loginInUi(p, buyer);
        const page = await p.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
        const [r, g, b] = (page.match(/\d+/g) ?? []).map(Number);
        expect(r! + g! + b!).toBeGreaterThan(3 * 200);
        expect(await contrastOf(p, '.card .card-title')).toBeGreaterThanOrEqual(4.5);
        await p.goto('/profile/buyAirtime');
        expect(await contrastOf(p, 'h1')).toBeGreaterThanOrEqual(4.5);
        expect(await contrastOf(p, '.btn-primary')).toBeGreaterThanOrEqual(4.5);
      } finally {
        await light.close();
      }
    });
  }
});
