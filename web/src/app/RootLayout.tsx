import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTokenCheckOnStartup } from '@/features/auth/api/is-token-valid.js';
import { OfflinePage } from '@/features/offline/components/OfflinePage.js';
import { useOnline } from '@/lib/online.js';
// Direct imports (not the ui barrel): the first download carries only what the first screen needs.
import { Spinner } from '@/ui/Spinner.js';
import { ChatLink } from './ChatLink.js';
import { useFirstLoadSettled } from './first-load-settled.js';
import { GlobalLoader } from './GlobalLoader.js';
import { RouteErrorBoundary } from './RouteError.js';

/**
 * react-toastify (~12 KB gzipped) is not needed to paint a page, so its container arrives after the
 * first screen; a toast raised before it mounts waits in react-toastify's queue. If its download
 * fails the page goes on without toasts rather than failing.
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
  useTokenCheckOnStartup();
  // With no network the app opens on the offline page (the service worker served the shell), whatever the address.
  const online = useOnline();
  const { pathname } = useLocation();
  const settled = useFirstLoadSettled();
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
        <Toasts />
        {settled ? <UpdatePrompt /> : null}
      </Suspense>
    </>
  );
}
