/**
 * One browser suite's life cycle, declared once: the local cloud and Chromium start before the
 * file's tests, a failing test prints the page (URL and text) and the tail of the platform's output, and everything stops
 * after. A file calls `useBrowserSuite()` inside its describe and registers its own beforeAll
 * after it (hooks run in order, so the cloud is up by then). A file that needs the platform
 * configured otherwise (e.g. a faster sweeper) passes the local cloud's start options as `cloud`.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../support/local-cloud.js';
import { ensureWebBuilt, launchChromium, newPage, reportFailure, type ReducedMotion } from './helpers.js';

export interface BrowserSuite {
  readonly cloud: LocalCloud;
  readonly browser: Browser;
  /** The page of the current test (after freshPage). */
  readonly page: Page;
  readonly context: BrowserContext;
  /** Closes the previous test's context and opens a new one, at the suite's viewport unless given, with reduced motion unless told otherwise. */
  freshPage(viewport?: { width: number; height: number }, reducedMotion?: ReducedMotion): Promise<Page>;
}

export interface BrowserSuiteOptions {
  viewport?: { width: number; height: number };
  cloud?: Parameters<typeof startLocalCloud>[0];
}

export function useBrowserSuite(options: BrowserSuiteOptions = {}): BrowserSuite {
  let cloud: LocalCloud | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    ensureWebBuilt();
    // Screens are tested on answers, not on timeouts (no browser file uses a held answer): a loaded machine
    // passes the test cloud's 1 s supplier timeout and turns a definite answer into a re-query's path.
    cloud = await startLocalCloud({ ...options.cloud, env: { SUPPLIER_TIMEOUT_MS: '6000', ...options.cloud?.env } });
    browser = await launchChromium();
  }, 180_000);

  beforeEach((test) => {
    test.onTestFailed(() => reportFailure(page, cloud?.output(), test.task.name));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await cloud?.stop();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started yet: use it inside a hook or a test`);
    return value;
  };

  return {
    get cloud() {
      return started(cloud, 'the local cloud');
    },
    get browser() {
      return started(browser, 'Chromium');
    },
    get page() {
      return started(page, 'the page (call freshPage first)');
    },
    get context() {
      return started(context, 'the browser context (call freshPage first)');
    },
    async freshPage(viewport = options.viewport, reducedMotion?: ReducedMotion) {
      await context?.close();
      ({ context, page } = await newPage(started(browser, 'Chromium'), started(cloud, 'the local cloud').baseUrl, viewport, reducedMotion));
      return page;
    },
  };
}
