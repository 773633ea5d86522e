import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTokenCheckOnStartup } from '@/features/auth/api/is-token-valid.js';
// Direct imports (not the ui barrel): the first download carries only what the first screen needs.
import { Spinner } from '@/ui/Spinner.js';
import { Toasts } from '@/ui/toast.js';
import { ChatLink } from './ChatLink.js';
import { GlobalLoader } from './GlobalLoader.js';
import { RouteErrorBoundary } from './RouteError.js';

export function RootLayout() {
  useTokenCheckOnStartup();
  const { pathname } = useLocation();
  // A new screen starts at the top.
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
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <ChatLink />
      <Toasts />
    </>
  );
}
