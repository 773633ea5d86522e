/**
 * A newcomer's walk at 360 px in Chromium, on the local cloud: the installable app (manifest, icons,
 * a service worker that keeps the shell and never an API answer, the offline page with the last
 * known balance "as of" when it was read, the update prompt), and what a newcomer tripped on — signed
 * and coloured amounts with words for names and a bulk batch's lines under it, a "being processed"
 * toast that goes once the receipt says Delivered and never covers its title, the reseller card in
 * the dark theme, cable TV's saved cards, errors and due dates, the electricity token, airtime's
 * quick amounts, "Last login", the upgrade dialog's promise and the webhook secret's card.
 * Lighthouse 12 has no installability audit any more: the criteria it checked are checked here.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../shared/api/accounts.js';
import type { FundWithCouponResponse } from '../../shared/api/wallet.js';
import { BILL_MSG } from '../../shared/messages.js';
import { REPO_ROOT } from '../support/local-cloud.js';
import { callApi, isCallOf, issueCoupon, loginInUi, newPage, newTestUser, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const PHONE = { width: 360, height: 740 };

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
}

/** A PNG's own width and height (its IHDR chunk), whatever its name says. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** WCAG contrast between two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** How many lines an element's text takes: the distinct tops of its boxes (a line may hold several, one per text node). */
const lineCount = (locator: Locator) => locator.evaluate((element) => new Set([...element.getClientRects()].map((rect) => Math.round(rect.top))).size);

async function noSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe('a newcomer at 360 px, and the installable app', () => {
  const suite = useBrowserSuite({ viewport: PHONE, cloud: { env: { SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '300' } } });
  const user = newTestUser('newbie');
  let token = '';
  let offlineContext: BrowserContext | undefined;

  beforeAll(async () => {
    const session = await registerViaApi(suite.cloud.baseUrl, user);
    token = session.token;
    const code = await issueCoupon(suite.cloud.baseUrl, suite.cloud.adminLogin, user.userName, 20_000);
    await callApi<FundWithCouponResponse>(suite.cloud.baseUrl, 'fundWithCoupon', { token, body: { userName: user.userName, coupon: code } });
  });

  afterAll(async () => {
    await offlineContext?.close();
  });

  it('is installable (manifest, maskable 192 and 512 px icons, theme colour, a controlling worker), keeps no API answer, opens offline on the last balance "as of", and offers a new version', async () => {
    const base = suite.cloud.baseUrl;
    // Installability as Chromium judges it: a linked manifest with a name, a start URL, standalone display and 192 and 512 px icons.
    const manifest = (await (await fetch(`${base}/manifest.webmanifest`)).json()) as WebManifest;
    expect(manifest).toMatchObject({ short_name: 'VTU Wallet', start_url: '/profile', display: 'standalone', theme_color: '#0b6e4f' });
    expect(manifest.name.length).toBeGreaterThan(0);
    for (const size of [192, 512]) {
      for (const purpose of ['any', 'maskable']) {
        const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === purpose);
        expect(icon, `${purpose} ${size} px icon`).toBeDefined();
        const answer = await fetch(base + icon!.src);
        expect(answer.headers.get('content-type')).toBe('image/png');
        expect(pngSize(new Uint8Array(await answer.arrayBuffer()))).toEqual({ width: size, height: size });
      }
    }
    // The worker is served as itself (not the SPA's index.html) and revalidated, so a deploy reaches every phone.
    const worker = await fetch(`${base}/sw.js`);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const workerText = await worker.text();

    ({ context: offlineContext } = await newPage(suite.browser, base, PHONE, 'reduce', 'allow'));
    const page = await offlineContext.newPage();
    await loginInUi(page, user);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
    // Registered after the first screen; the first install takes the open page at once.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);
    const balance = (await page.getByTestId('dashboard-balance').textContent())!;
    expect(balance).toBe('₦20,000.00');

    // Offline: the shell comes from the worker and says so, with the balance as last read and when.
    await offlineContext.setOffline(true);
    await page.reload();
    const offline = page.getByTestId('offline-page');
    await offline.getByRole('heading', { name: 'You are offline' }).waitFor();
    expect(await offline.getByTestId('offline-balance').textContent()).toContain(balance);
    expect(await offline.getByTestId('offline-balance-as-of').textContent()).toMatch(/^as of \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
    const readAt = Date.parse((await offline.locator('time').getAttribute('datetime'))!);
    expect(Date.now() - readAt).toBeLessThan(10 * 60_000);
    await noSideways(page);
    // Any address opens on it, and nothing pretends to work.
    await page.goto('/profile/buyAirtime');
    await offline.waitFor();
    expect(await page.getByLabel('Phone number').count()).toBe(0);

    // Back online, the app comes back by itself.
    await offlineContext.setOffline(false);
    await page.getByLabel('Phone number').waitFor();

    // A new deploy: a changed sw.js where the app is served from. Playwright cannot route a worker's own script, so
    // the built file itself changes for the moment of the check (the other suites block workers and never read it).
    const builtWorker = join(REPO_ROOT, 'web', 'dist', 'sw.js');
    writeFileSync(builtWorker, `${workerText}\n// the next deploy\n`);
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByTestId('update-prompt');
      await prompt.getByText('A new version of the app is ready.').waitFor();
      // The app offers it rather than swapping the page under the user; taking it reloads onto the new worker.
      await prompt.getByRole('button', { name: 'Update now' }).click();
      await prompt.waitFor({ state: 'detached' });
      await page.getByLabel('Phone number').waitFor();
      await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    } finally {
      writeFileSync(builtWorker, workerText);
    }
  });

  it('cable TV: the "being processed" toast never covers the receipt’s title and goes once it says Delivered; errors once, inline; saved cards from the left edge, of the chosen provider only; due dates in words on one line', async () => {
    const page = await suite.freshPage();
    await loginInUi(page, user);
    await page.goto('/profile/cableTv');
    // An invalid card: the reason under the field, and not a second time in a toast.
    await page.getByLabel('Smartcard number').fill('1222222222');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByTestId('cable-error').textContent(), { timeout: 15_000 }).toMatch(/not correct/);
    const toasts = page.locator('.Toastify__toast');
    expect(await toasts.filter({ hasText: 'not correct' }).count()).toBe(0);
    await page.getByLabel('Smartcard number').fill('12');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByTestId('cable-error').textContent()).toBe(BILL_MSG.enterSmartcard);
    expect(await toasts.filter({ hasText: BILL_MSG.enterSmartcard }).count()).toBe(0);

    // A card the supplier confirms after a re-query: the receipt waits, then says Delivered.
    await page.getByLabel('Smartcard number').fill('1233333333');
    await page.getByRole('button', { name: 'Verify' }).click();
    const due = page.getByTestId('cable-current').locator('.nowrap');
    await expect.poll(() => due.textContent(), { timeout: 15_000 }).toMatch(/^due \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(await lineCount(due)).toBe(1);
    await page.getByTestId('cable-continue').click();
    await page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: 'Confirm' }).click();
    const receipt = page.getByRole('dialog', { name: 'Cable TV receipt' });
    const toast = toasts.filter({ hasText: BILL_MSG.cableProcessing });
    await toast.waitFor();
    // Held under the pointer, the toast would stay for good (hover pauses its timer): only the receipt's outcome can take it away.
    const toastBox = (await toast.boundingBox())!;
    await page.mouse.move(toastBox.x + toastBox.width / 2, toastBox.y + toastBox.height / 2);
    const title = (await receipt.getByRole('heading', { name: 'Cable TV receipt' }).boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(title.y);
    await expect.poll(() => receipt.getByTestId('bill-receipt').getAttribute('data-status'), { timeout: 45_000 }).toBe('success');
    await toast.waitFor({ state: 'detached', timeout: 5_000 });
    const newDue = receipt.getByTestId('bill-due-date');
    expect(await newDue.textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(await lineCount(newDue.locator('.nowrap'))).toBe(1);
    await receipt.getByRole('button', { name: 'Done' }).click();

    // The card paid for is offered again (remembered by the stream consumer after the settlement), from the form's left edge…
    const chip = page.getByTestId('saved-decoders').getByRole('button', { name: /· 1233333333$/ });
    await expect
      .poll(
        async () => {
          const listed = page.waitForResponse((response) => isCallOf(response, 'listDecoders'));
          await page.goto('/profile/cableTv');
          await listed;
          await page.getByLabel('Smartcard number').waitFor();
          await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
          return chip.count();
        },
        { timeout: 45_000 },
      )
      .toBe(1);
    const field = (await page.getByLabel('Smartcard number').boundingBox())!;
    expect(Math.abs((await chip.boundingBox())!.x - field.x)).toBeLessThanOrEqual(1);
    await noSideways(page);
    // …and only while its provider is chosen: no DStv card for GOtv.
    await page.getByLabel('Provider').selectOption('GOTV');
    await expect.poll(() => page.getByTestId('saved-decoders').count()).toBe(0);
    await page.getByLabel('Provider').selectOption('DSTV');
    await chip.waitFor();
  });

  it('electricity: the 20-digit token wraps between groups of four, never inside one; airtime offers quick amounts', async () => {
    const page = await suite.freshPage();
    await loginInUi(page, user);
    await page.goto('/profile/electricity');
    await page.getByLabel('Meter number').fill('45011111111');
    await page.getByRole('button', { name: 'Validate meter' }).click();
    await page.getByTestId('meter-customer').waitFor();
    await page.getByLabel('Amount (₦)').fill('1000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: 'Confirm' }).click();
    const receipt = page.getByRole('dialog', { name: 'Electricity receipt' });
    const token = receipt.getByTestId('electricity-token');
    await expect.poll(() => token.textContent(), { timeout: 30_000 }).toMatch(/^\d{4}( \d{4}){4}$/);
    const groups = token.locator('.token-group');
    expect(await groups.count()).toBe(5);
    for (let i = 0; i < 5; i++) expect(await lineCount(groups.nth(i)), `group ${i + 1}`).toBe(1);
    const box = (await token.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await noSideways(page);
    await receipt.getByRole('button', { name: 'Done' }).click();

    await page.goto('/profile/buyAirtime');
    const quick = page.getByTestId('quick-amounts');
    // The screen is a lazy chunk drawn after the session check: wait for its chips, not for the load event.
    await expect.poll(() => quick.getByRole('button').allTextContents()).toEqual(['₦100', '₦200', '₦500', '₦1,000', '₦2,000']);
    await quick.getByRole('button', { name: '₦500' }).click();
    expect(await page.getByLabel('Amount (₦)').inputValue()).toBe('500');
    expect(await quick.getByRole('button', { name: '₦500' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('charge-preview').locator('strong').textContent()).toBe('₦495.00');
    await noSideways(page);
  });

  it('dashboard: money in "+" green, out "−" red, named in words; a bulk batch’s lines under it, unsigned; the reseller card readable in the dark theme; the upgrade dialog promises what happens', async () => {
    const line = (mobile_number: string) => ({ network: 1, mobile_number, amount: 100 });
    await callApi(suite.cloud.baseUrl, 'buyAirtime', { token, body: { ...line('08011111113'), request_id: `single-${user.userName}` } });
    await callApi(suite.cloud.baseUrl, 'buyAirtimeBulk', {
      token,
      body: { request_id: `bulk-${user.userName}`, lines: [line('08011111111'), line('08011111112')] },
    });
    const page = await suite.freshPage();
    await loginInUi(page, user);
    const recent = page.getByTestId('recent-transaction');
    const batch = recent.filter({ hasText: 'Bulk airtime' });
    // The batch's lines are written as it is expanded, just after its debit: reload until both show under it.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('recent-transactions').locator('.row-list').waitFor();
          return batch.getByTestId('batch-line').count();
        },
        { timeout: 30_000 },
      )
      .toBe(2);
    const names = await recent.locator('.row-text strong').allTextContents();
    expect(names).toContain('Wallet funding · Coupon');
    expect(names).toContain('Airtime · MTN');
    for (const name of names) expect(name, 'a name in words').toMatch(/^[A-Z]/);
    // The lines are parts of the batch, not rows of their own.
    expect(await recent.filter({ hasText: '08011111112' }).count()).toBe(1);
    expect(await batch.getByTestId('recent-amount').textContent()).toBe('−₦198.00');
    for (const amount of await batch.getByTestId('batch-line').locator('.num').allTextContents()) expect(amount).toBe('₦99.00');

    const funding = recent.filter({ hasText: 'Wallet funding' }).getByTestId('recent-amount');
    const spend = batch.getByTestId('recent-amount');
    expect(await funding.textContent()).toBe('+₦20,000.00');
    const colour = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color);
    const [inColour, outColour, textColour] = [await colour(funding), await colour(spend), await colour(batch.locator('.row-text strong'))];
    expect(new Set([inColour, outColour, textColour]).size).toBe(3);
    expect(Number(inColour.match(/\d+/g)![1])).toBeGreaterThan(Number(inColour.match(/\d+/g)![0])); // green
    expect(Number(outColour.match(/\d+/g)![0])).toBeGreaterThan(Number(outColour.match(/\d+/g)![1])); // red
    await noSideways(page);

    // The reseller offer in both themes: its text at least 4.5:1 against every colour of its background.
    const offer = page.locator('.card-offer');
    for (const scheme of ['dark', 'light'] as const) {
      // Reduced motion (the suites' pages ask for it) has no transitions (base.css): the colours are the new scheme's at once.
      await page.emulateMedia({ colorScheme: scheme });
      const { text, background } = await offer.evaluate((card) => ({
        text: getComputedStyle(card.querySelector('p')!).color,
        background: getComputedStyle(card).backgroundImage,
      }));
      const stops = background.match(/rgba?\([^)]+\)/g) ?? [];
      expect(stops.length, scheme).toBeGreaterThan(0);
      for (const stop of stops) expect(contrast(text, stop), `${scheme}: ${text} on ${stop}`).toBeGreaterThanOrEqual(4.5);
    }

    // The upgrade: the dialog says the session stays, and it does.
    await offer.getByRole('button', { name: /^Upgrade to reseller/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to reseller' });
    const promise = (await dialog.locator('.modal-body').textContent())!;
    expect(promise).not.toMatch(/sign(ed)? out|sign in again/i);
    expect(promise).toContain('You stay signed in');
    await dialog.getByTestId('confirm-upgrade').click();
    await expect.poll(() => page.locator('.wallet-type').textContent()).toBe('reseller');
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.reload();
    await page.getByTestId('dashboard-balance').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
  });

  it('account: no "Last login —" after a first sign-in, the sign-in before this one after the next; the webhook secret inside its card', async () => {
    const other = newTestUser('firsttime');
    await registerViaApi(suite.cloud.baseUrl, other);
    const page = await suite.freshPage();
    await loginInUi(page, other);
    await page.goto('/profile/user');
    const details = page.locator('.details').first();
    await details.getByText('Member since').waitFor();
    expect(await details.getByText('Last login').count()).toBe(0);
    expect(await details.textContent()).not.toContain('Last login—');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/profile'));
    const first = await callApi<SessionResponse>(suite.cloud.baseUrl, 'login', { body: { userName: other.userName, password: other.password } });
    expect(first.user.lastLogin).not.toBeNull();
    await loginInUi(page, other);
    await page.goto('/profile/user');
    const row = details.locator('.details-row').filter({ has: page.locator('dt', { hasText: /^Last login$/ }) });
    await expect.poll(() => row.locator('dd').textContent()).toMatch(/\d{4}/);
    // The server's: the sign-in made elsewhere (through the API), which this browser never saw.
    const shown = (iso: string) => new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
    expect(await row.locator('dd').textContent()).toBe(await page.evaluate(shown, first.user.lastLogin!));

    await page.getByLabel('Webhook URL').fill('http://127.0.0.1/vtu-webhook');
    await page.getByRole('button', { name: 'Update webhook' }).click();
    const secret = page.getByTestId('webhook-secret');
    await secret.waitFor();
    const card = page.locator('form.card').filter({ has: page.getByRole('heading', { name: 'Webhook' }) });
    expect(await card.getByTestId('webhook-secret').count()).toBe(1);
    // Read once the card has grown around the secret it just received (the layout settles over a frame or two).
    const secretInsideCard = async () => {
      const [cardBox, secretBox] = [(await card.boundingBox())!, (await secret.boundingBox())!];
      return (
        secretBox.x >= cardBox.x && secretBox.x + secretBox.width <= cardBox.x + cardBox.width && secretBox.y + secretBox.height <= cardBox.y + cardBox.height
      );
    };
    await expect.poll(secretInsideCard).toBe(true);
    await noSideways(page);
  });
});
