import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTokenCheckOnStartup } from '@/features/auth/api/is-token-valid.js';
import { OfflinePage } from '@/features/offline/components/OfflinePage.js';
import { useOnline } from '@/lib/online.js';
import { onToastsAsked, toastsAsked } from '@/ui/notify.js';
// Direct imports (not the ui barrel): the first download carries only what the first screen needs.
import { Spinner } from '@/ui/Spinner.js';
import { ChatLink } from './ChatLink.js';
import { firstScreensLoaded, useFirstLoadSettled } from './first-load-settled.js';
import { GlobalLoader } from './GlobalLoader.js';
import { RouteErrorBoundary } from './RouteError.js';

/**
 * react-toastify (~12 KB gzipped) is not needed to paint a page. Its code is fetched once the first
 * screen is done (./first-load-settled.ts), and its container mounts at the first toast: mounting
 * injects react-toastify's stylesheet, and a new stylesheet makes the browser restyle the whole
 * page, a long task once a screen is up. A toast raised before the container mounts waits in
 * react-toastify's queue and shows as it mounts. If its download fails the page goes on without
 * toasts rather than failing.
 */
const Toasts = lazy<ComponentType>(() =>
  import('@/ui/toast.js').then(
    (module) => ({ default: module.Toasts }),
    () => ({ default: () => null }),
  ),
);

/**
 * The service worker's registration and its update prompt (vite-plugin-pwa's register code and
 * workbox-window) once the first screen is done (./first-load-settled.ts says why); a failed
 * download leaves the app without them.
 */
const UpdatePrompt = lazy<ComponentType>(() =>
  import('@/features/offline/components/UpdatePrompt.js').then(
    (module) => ({ default: module.UpdatePrompt }),
    () => ({ default: () => null }),
  ),
);

export function RootLayout() {
  useTokenCheckOnStartup(firstScreensLoaded);
  // With no network the app opens on the offline page (the service worker served the shell), whatever the address.
  const online = useOnline();
  const { pathname } = useLocation();
  const settled = useFirstLoadSettled();
  const toastAsked = useSyncExternalStore(onToastsAsked, toastsAsked, toastsAsked);
  // The toasts' code is here before the first toast needs it (the download only; nothing mounts).
  useEffect(() => {
    if (settled) void import('@/ui/toast.js').catch(() => undefined);
  }, [settled]);
  // A new screen starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies(pathname): the route change is what triggers the scroll; the body needs no value from it.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <GlobalLoader />
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense
          fallback={
            <div className="page-loading">
              <Spinner label="Loading…" size="lg" />
            </div>
          }
        >
          {online ? <Outlet /> : <OfflinePage />}
        </Suspense>
      </RouteErrorBoundary>
      <ChatLink />
      <Suspense fallback={null}>
        {toastAsked ? <Toasts /> : null}
        {settled ? <UpdatePrompt /> : null}
      </Suspense>
    </>
  );
}
