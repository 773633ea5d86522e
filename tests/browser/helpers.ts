/** Shared pieces of the browser suites: Chromium, API shortcuts for setup, unique users. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { API_BASE_PATH, AUTH_HEADER } from '../../shared/constants.js';
import { apiPath, routeByOperation, type Operation } from '../../shared/routes.js';
import type { SessionResponse } from '../../shared/api/accounts.js';
import type { NotificationResponse } from '../../shared/api/notification.js';
import type { GenerateCouponResponse } from '../../shared/api/wallet.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The suites drive the built app; build it once when a bare `vitest --project browser` runs without `npm test`. */
export function ensureWebBuilt(): void {
  if (existsSync(`${repoRoot}/web/dist/index.html`)) return;
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: repoRoot, stdio: 'inherit' });
}

/**
 * Chromium's headless shell (Debian's chromium-headless-shell) when installed: the same engine without
 * the full browser around it, as Playwright itself runs headless. The full browser spent more than
 * twice the CPU (purchase-results: 63 → 26 s of Chromium's CPU), and the suites share two cores with
 * the local clouds. CHROMIUM_PATH picks another build.
 */
const CHROMIUM_BUILDS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'] as const;
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? CHROMIUM_BUILDS.find((path) => existsSync(path)) ?? CHROMIUM_BUILDS[1];
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** Whether the page's reader asks for reduced motion (Playwright's `reducedMotion`). */
export type ReducedMotion = 'reduce' | 'no-preference';

/**
 * A page as a reader who asks for reduced motion sees it, unless told otherwise: spinners and the loading
 * bar stand still. Their endless repaints were about a third of Chromium's CPU in a suite (purchase-journey:
 * 11.6 → 7.5 CPU-s in the renderer). The theme and toast tests also open pages without the preference.
 */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  viewport = { width: 1280, height: 900 },
  reducedMotion: ReducedMotion = 'reduce',
  // The app's service worker copies the whole build into its cache on install: only the suite about it
  // (newcomer-and-offline) lets it, the others test the app without paying for that in every context.
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, reducedMotion, serviceWorkers });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  return { context, page };
}

let counter = 0;
/** A user name nobody else in this run has (3–30 characters, letters and digits). */
export function uniqueUserName(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`.slice(0, 30);
}

export interface TestUser {
  userName: string;
  email: string;
  phoneNumber: string;
  password: string;
}

export function newTestUser(prefix = 'u'): TestUser {
  const userName = uniqueUserName(prefix);
  return { userName, email: `${userName}@example.com`, phoneNumber: '08030000000', password: 'correct-horse-9' };
}

export async function callApi<T>(
  baseUrl: string,
  operation: Operation,
  options: { body?: unknown; token?: string; params?: Record<string, string> } = {},
): Promise<T> {
  const route = routeByOperation(operation);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers[AUTH_HEADER] = options.token;
  const response = await fetch(baseUrl + apiPath(operation, options.params), {
    method: route.method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${operation} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

export async function registerViaApi(baseUrl: string, user: TestUser): Promise<SessionResponse> {
  return callApi<SessionResponse>(baseUrl, 'register', { body: { ...user, passwordCheck: user.password, referredBy: null } });
}

/** The admin logs in through the API and issues a coupon for `owner`. */
export async function issueCoupon(baseUrl: string, admin: { userName: string; password: string }, owner: string, amountNaira: number): Promise<string> {
  const session = await callApi<SessionResponse>(baseUrl, 'login', { body: admin });
  const answer = await callApi<GenerateCouponResponse>(baseUrl, 'generateCoupon', { token: session.token, body: { userAccount: owner, amount: amountNaira } });
  return answer.coupon.code;
}

/** Logs in through the login screen and waits for the dashboard (an admin's: the admin dashboard). */
export async function loginInUi(page: Page, user: { userName: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('User name, email or business name').fill(user.userName);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/(profile|admin)$/);
  if (new URL(page.url()).pathname === '/admin') await page.getByTestId('admin-dashboard').waitFor();
  else await page.getByTestId('dashboard-balance').waitFor();
}

/** Whether `response` answers a call of `operation`: its method, and its path with any path parameters and query. */
export function isCallOf(response: Response, operation: Operation): boolean {
  const route = routeByOperation(operation);
  const path = new RegExp(`^${API_BASE_PATH}${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);
  return response.request().method() === route.method && path.test(new URL(response.url()).pathname);
}

/**
 * The positive signal before "the notice is not shown": the notice the page itself fetched (GET
 * /admin/notification, answered while `action` — a login, a reload — runs) and then two rendered
 * frames, by which React has drawn what that answer says. Returns the answer for the test to check
 * (`checked: true` is what keeps the notice away).
 */
export async function notificationThePageRead(page: Page, action: () => Promise<unknown>): Promise<NotificationResponse> {
  const answered = page.waitForResponse((response) => isCallOf(response, 'getNotification'));
  await action();
  const answer = (await (await answered).json()) as NotificationResponse;
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  return answer;
}

/**
 * Waits until the transactions screen shows a row for `phone` in `status`. The screen refreshes
 * itself while a purchase is open; a reload now and then covers a missed refresh.
 */
export async function waitForTransactionStatus(page: Page, phone: string, status: string, timeoutMs = 90_000): Promise<void> {
  const row = page.locator(`[data-testid="transaction-row"][data-phone="${phone}"][data-status="${status}"]`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // Playwright watches the page for the row (no polling interval to wait out); after 15 s, reload and watch again.
    const found = await row
      .first()
      .waitFor({ state: 'attached', timeout: Math.max(1, Math.min(15_000, deadline - Date.now())) })
      .then(() => true)
      .catch(() => false);
    if (found) return;
    if (Date.now() < deadline) await page.reload();
  }
  const seen = await page
    .locator('[data-testid="transaction-row"]')
    .evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-phone')}:${r.getAttribute('data-status')}`));
  throw new Error(`no ${status} transaction for ${phone} within ${timeoutMs} ms; rows: ${seen.join(', ')}`);
}

/** On a failed test: what the page showed and what the platform printed last, to tell a UI fault from a backend one. */
export async function reportFailure(page: Page | undefined, cloudOutput: string | undefined, name: string): Promise<void> {
  const lines = [`--- diagnostics for "${name}" ---`];
  if (page && !page.isClosed()) {
    lines.push(`url: ${page.url()}`);
    lines.push(`page text: ${(await page.evaluate(() => document.body.innerText).catch(() => '(unavailable)')).slice(0, 2_000)}`);
  }
  if (cloudOutput) lines.push(`platform output (tail):\n${cloudOutput.slice(-4_000)}`);
  console.error(lines.join('\n'));
}
