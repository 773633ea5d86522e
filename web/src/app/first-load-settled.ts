/**
 * "The first screen is done": the page has loaded, its first API answers are in, and the browser
 * is idle. Work that helps later visits but not this one waits for it: the service worker's
 * registration, whose install downloads and stores the whole app shell (some 60 files) and runs a
 * worker thread in the page's own process. Started with the first screen, it competed with it for
 * the network and for a phone's few cores, and the dashboard painted and answered later for it.
 * The toasts' code (react-toastify) is fetched then too, unless a toast is asked for sooner.
 */
import { useEffect, useState } from 'react';
import { queryClient } from '@/lib/query-client.js';

/** However busy the first screen is (a request left hanging, a screen that polls), the wait ends this long after the load. */
export const SETTLE_CAP_MS = 10_000;
/** Longest wait for an idle moment once the requests are in. */
const IDLE_TIMEOUT_MS = 2_000;

function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** Until no query is fetching, or `capMs` has passed. */
function afterRequests(capMs: number): Promise<void> {
  return new Promise((resolve) => {
    const cache = queryClient.getQueryCache();
    const done = () => {
      clearTimeout(cap);
      unsubscribe();
      resolve();
    };
    const cap = setTimeout(done, capMs);
    const unsubscribe = cache.subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
    if (queryClient.isFetching() === 0) done();
  });
}

function afterIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 200);
  });
}

let settled: Promise<void> | undefined;
let screensLoading: Promise<unknown> = Promise.resolve();

/**
 * The first screen's own code (lazy screens, whose download main.tsx starts): the first screen is
 * not done before it is here, since its queries start only once it has drawn. Without this wait the
 * dashboard counted as done before it had asked for anything, and the service worker installed
 * while its five answers were landing.
 */
export function firstScreensLoading(loading: Promise<unknown>): void {
  screensLoading = loading;
}

/** The longest a start-up step waits for the first screen's code (a download can hang). */
const SCREENS_WAIT_CAP_MS = 3_000;

/** Once the first screen's own code is here, failed to come, or SCREENS_WAIT_CAP_MS passed. */
export function firstScreensLoaded(): Promise<void> {
  return afterScreens(SCREENS_WAIT_CAP_MS);
}

function afterScreens(capMs: number): Promise<void> {
  return new Promise((resolve) => {
    const cap = setTimeout(resolve, capMs);
    void screensLoading.finally(() => {
      clearTimeout(cap);
      resolve();
    });
  });
}

/** Resolves once per page load (later screens of the same page are not waited for again). */
export function firstLoadSettled(): Promise<void> {
  // The screen's code, then an idle moment (it has drawn and asked for its data), then its requests;
  // all within SETTLE_CAP_MS of the load.
  settled ??= afterLoad().then(async () => {
    const capAt = performance.now() + SETTLE_CAP_MS;
    const left = () => Math.max(0, capAt - performance.now());
    await afterScreens(left());
    await afterIdle();
    await afterRequests(left());
    await afterIdle();
  });
  return settled;
}

/** False until the first screen is done (see above), then true for good. */
export function useFirstLoadSettled(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    void firstLoadSettled().then(() => {
      if (live) setDone(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return done;
}
