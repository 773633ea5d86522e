/**
 * `npm run bench -- web`: Lighthouse 12.8 (mobile profile, simulated slow 4G and 4× CPU) on the
 * landing page and on a signed-in user's dashboard, served by the local cloud from a fresh build.
 *
 * Each page gets its own Chromium with an empty profile, so every run is a first visit. The
 * dashboard's session is put where the app keeps it (localStorage `token` and `user`) from
 * /robots.txt, a page of the same origin that downloads none of the app; Lighthouse then keeps
 * that storage (disableStorageReset) and still starts with an empty HTTP cache.
 * Knobs: BENCH_LIGHTHOUSE_RUNS (runs per page, the median by performance is printed; default 3),
 * CHROMIUM_PATH (default /usr/bin/chromium), BENCH_LIGHTHOUSE_REPORT_DIR (keeps each run's JSON report there,
 * to open in the Lighthouse viewer), BENCH_LIGHTHOUSE_TRACE=1 (with the report dir: also each run's trace, with
 * JavaScript samples, `<report>.trace.json`, to open in DevTools' Performance panel and see which code a long task runs).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type { SessionResponse } from '../../shared/api/accounts.js';
import { apiPath } from '../../shared/routes.js';
import { startLocalCloud, type LocalCloud } from '../support/local-cloud.js';

const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SAVE_TRACE = process.env.BENCH_LIGHTHOUSE_TRACE === '1';
const CATEGORIES = [
  { id: 'performance', goal: '≥ 95' },
  { id: 'accessibility', goal: '100' },
  { id: 'best-practices', goal: '100' },
  { id: 'seo', goal: '100' },
] as const;

interface PageScores {
  scores: Record<(typeof CATEGORIES)[number]['id'], number>;
  fcp: string;
  lcp: string;
  tbt: string;
  /** Audits of the four categories that did not pass, to say what to fix. */
  failing: string[];
}

async function registerDemoUser(cloud: LocalCloud): Promise<SessionResponse> {
  const userName = `lighthouse${Date.now().toString(36)}`;
  const password = 'lighthouse-demo-1';
  const response = await fetch(cloud.baseUrl + apiPath('register'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, email: `${userName}@example.com`, phoneNumber: '08012345678', password, passwordCheck: password }),
  });
  if (!response.ok) throw new Error(`registering the demo user answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as SessionResponse;
}

/** Signs the browser in the way the app does (web/src/lib/session.ts), without loading the app. */
async function storeSession(chrome: LaunchedChrome, origin: string, session: SessionResponse): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    }, session);
    // Should that page have been the app after all (a build without robots.txt answers index.html),
    // its files must not make the measured load a warm one.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Disconnects only: the browser is chrome-launcher's to end.
    await browser.close();
  }
}

/** The first element an audit points at, if any: where to look. */
function firstOffender(audit: { details?: unknown }): string {
  const items = (audit.details as { items?: Array<{ node?: { snippet?: string } }> } | undefined)?.items;
  const snippet = items?.find((item) => item.node?.snippet)?.node?.snippet;
  return snippet ? ` at ${snippet}` : '';
}

async function lighthouseOnce(url: string, session?: { origin: string; value: SessionResponse }): Promise<PageScores> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    if (session) await storeSession(chrome, session.origin, session.value);
    const flags: Flags = {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: CATEGORIES.map((c) => c.id),
      // Keeps the stored session; the HTTP cache of the fresh profile is empty anyway.
      disableStorageReset: session !== undefined,
      // The samples cost a little time of their own: only when the trace is kept to be read.
      ...(SAVE_TRACE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
    };
    const result: RunnerResult | undefined = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    const reportDir = process.env.BENCH_LIGHTHOUSE_REPORT_DIR;
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      const name = join(reportDir, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}`);
      writeFileSync(`${name}.json`, JSON.stringify(lhr));
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      if (SAVE_TRACE && trace) writeFileSync(`${name}.trace.json`, JSON.stringify(trace));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c.id, Math.round((lhr.categories[c.id]?.score ?? 0) * 100)])) as PageScores['scores'];
    const failing = CATEGORIES.flatMap((c) =>
      (lhr.categories[c.id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id]!)
        .filter((audit) => audit.score !== null && audit.score < 0.9)
        .map((audit) => `${c.id}: ${audit.id} (${audit.displayValue ?? audit.score})${firstOffender(audit)}`),
    );
    const shown = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
    return { scores, fcp: shown('first-contentful-paint'), lcp: shown('largest-contentful-paint'), tbt: shown('total-blocking-time'), failing };
  } finally {
    chrome.kill();
  }
}

/** The median run by performance score (Lighthouse's own advice for noisy scores). */
async function lighthouseMedian(url: string, session?: { origin: string; value: SessionResponse }): Promise<PageScores> {
  const runs: PageScores[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouseOnce(url, session));
  runs.sort((a, b) => a.scores.performance - b.scores.performance);
  return runs[Math.floor(runs.length / 2)]!;
}

function printPage(name: string, url: string, page: PageScores): void {
  console.log(`${name} (${url})`);
  console.log(`  ${CATEGORIES.map((c) => `${c.id} ${page.scores[c.id]} (goal ${c.goal})`).join(', ')}`);
  console.log(`  first contentful paint ${page.fcp}, largest contentful paint ${page.lcp}, total blocking time ${page.tbt}`);
  for (const audit of page.failing) console.log(`  below 90: ${audit}`);
}

export async function webLighthouse(): Promise<void> {
  // The figures are the current source's: build it as `npm run build:web` does.
  await build({ configFile: 'web/vite.config.ts', logLevel: 'warn' });
  const cloud = await startLocalCloud({ env: { POWERTOOLS_LOG_LEVEL: 'WARN' } });
  try {
    const session = await registerDemoUser(cloud);
    // Warms the server's compressed copies, so the first Lighthouse run does not time the compression.
    const html = await (await fetch(`${cloud.baseUrl}/`)).text();
    for (const [, asset] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g))
      await (await fetch(cloud.baseUrl + asset, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();

    console.log(`Lighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'} per page, mobile profile (simulated slow 4G, 4× CPU), ${CHROMIUM}`);
    const landingUrl = `${cloud.baseUrl}/`;
    printPage('landing page', '/', await lighthouseMedian(landingUrl));
    const dashboardUrl = `${cloud.baseUrl}/profile`;
    printPage('dashboard, signed in', '/profile', await lighthouseMedian(dashboardUrl, { origin: cloud.baseUrl, value: session }));
  } finally {
    await cloud.stop();
  }
}
