/**
 * "The first screen is done": the page has loaded, its first API answers are in, and the browser
 * is idle. Work that helps later visits but not this one waits for it: the service worker's
 * registration, whose install downloads and stores the whole app shell (some 60 files) and runs a
 * worker thread in the page's own process. Started with the first screen, it competed with it for
 * the network and for a phone's few cores, and the dashboard painted and answered later for it.
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

/** Resolves once per page load (later screens of the same page are not waited for again). */
export function firstLoadSettled(): Promise<void> {
  // Idle once before looking at the requests: the screen's own queries start when its code has run.
  settled ??= afterLoad()
    .then(afterIdle)
    .then(() => afterRequests(SETTLE_CAP_MS))
    .then(afterIdle);
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
