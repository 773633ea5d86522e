import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { SITE } from '@/config/site.js';
import { api } from '@/lib/api-client.js';
import { useCurrentUser } from '@/lib/current-user.js';
import { showNaira } from '@/lib/money.js';
import { useNotification } from '@/lib/notification-api.js';
import { logout, useSession, useSessionValue, type Roles } from '@/lib/session.js';
// Direct imports (not the ui barrel): the shell is on every signed-in first screen, the rest of the ui is not.
import { Icon } from '@/ui/Icon.js';
import { Spinner } from '@/ui/Spinner.js';
import { ChatTopbarLink } from '../ChatLink.js';
import { menuFor, roleButtonFor } from './menu.js';
import { NotificationModal } from './NotificationModal.js';

/**
 * Admins' low-float banner, in its own download: with it come the money desk's schemas (zod), which no
 * customer's screen needs, and the shell is on every signed-in first screen. A failed download shows no banner.
 */
const LowFloatBanner = lazy(() =>
  import('@/features/admin-floats/components/LowFloatBanner.js').then(
    (module) => ({ default: module.LowFloatBanner }),
    () => ({ default: () => null }),
  ),
);

/** Keep in step with the breakpoint in styles.css. */
const WIDE_SCREEN = '(min-width: 960px)';

/**
 * The signed-in frame for /profile and /admin: top bar, sidebar (a drawer on phones), page.
 *
 * The frame reads from the session only what it is built from (signed in, the roles, the user's id),
 * and the parts that change on their own each subscribe to their own data: the sidebar's name and
 * balance to the session, the notice to its query. So a balance update or the notice's answer
 * redraws that part alone, not the menu and the page (on a first screen those answers land one by
 * one, and each redraw of the whole frame was a long task on a phone).
 */
export function AppShell() {
  const signedIn = useSessionValue((session) => session !== null);
  const userId = useSessionValue((session) => session?.user._id);
  const isAdmin = useSessionValue((session) => !!session?.user.isAdmin);
  const isAgent = useSessionValue((session) => !!session?.user.isAgent);
  const isCouponVendor = useSessionValue((session) => !!session?.user.isCouponVendor);
  const navigate = useNavigate();
  const location = useLocation();
  // Phones: the sidebar is a drawer behind the toggle. Wide screens: it shows unless collapsed.
  // The sidebar balance is re-read on every screen change (refunds and other credits happen in the
  // background), and again whenever the transactions screen sees a purchase settle.
  const currentUser = useCurrentUser();
  const { refetch: refetchUser } = currentUser;
  // biome-ignore lint/correctness/useExhaustiveDependencies(location.pathname): the screen change is what triggers the re-read; the body needs no value from it.
  useEffect(() => {
    void refetchUser({ cancelRefetch: false });
  }, [location.pathname, refetchUser]);
  const [menuOpen, setMenuOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(false);

  // A page change closes the drawer on phones: set while rendering (React's way to reset state when
  // an input changes), so the new page never paints under the open drawer.
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  const toggleMenu = () => {
    if (window.matchMedia(WIDE_SCREEN).matches) setCollapsed((value) => !value);
    else setMenuOpen((open) => !open);
  };

  if (!signedIn) return null;
  const roles: Roles = { isAdmin, isAgent, isCouponVendor };
  const roleButton = roleButtonFor(roles);

  return (
    <div className={`shell ${menuOpen ? 'shell-menu-open' : ''} ${collapsed ? 'shell-collapsed' : ''}`}>
      <header className="topbar">
        <button
          type="button"
          className="menu-toggle menu-toggle-dark"
          aria-label="Toggle menu"
          aria-expanded={menuOpen || !collapsed}
          aria-controls="sidebar"
          onClick={toggleMenu}
        >
          <span className="burger" aria-hidden="true" />
        </button>
        {/* Named by its label: on a phone the name is hidden and only the "V" mark shows. */}
        <Link to="/profile" className="brand brand-dark topbar-brand" aria-label={SITE.name}>
          <span className="brand-mark" aria-hidden="true">
            V
          </span>
          <span className="topbar-brand-name">{SITE.name}</span>
        </Link>
        <div className="topbar-actions">
          {isAdmin || isAgent ? null : <ChatTopbarLink />}
          <Link to={roleButton.to} className="btn btn-secondary btn-sm" data-testid="role-button">
            {roleButton.label}
          </Link>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              // The server ends the session (its token stops working anywhere it was copied); the app forgets it at once either way.
              void api('logout', { body: {} }).catch(() => undefined);
              logout();
              navigate('/');
            }}
          >
            Logout
          </button>
        </div>
      </header>

      <aside id="sidebar" className="sidebar" aria-label="Menu" data-testid="sidebar">
        <SidebarUser />
        <SidebarMenu isAdmin={isAdmin} isAgent={isAgent} isCouponVendor={isCouponVendor} />
      </aside>
      <div className="sidebar-scrim" onClick={() => setMenuOpen(false)} aria-hidden="true" />

      <main className="shell-main">
        {/* Admins only: a supplier float at or under its threshold, on every screen until it is topped up. */}
        {isAdmin ? (
          <Suspense fallback={null}>
            <LowFloatBanner />
          </Suspense>
        ) : null}
        <Suspense fallback={<Spinner label="Loading…" />}>
          <Outlet />
        </Suspense>
      </main>
      <ShellNotification key={userId} />
    </div>
  );
}

/** The signed-in user's name and balance, at the top of the sidebar: redrawn alone when the balance moves. */
function SidebarUser() {
  const session = useSession();
  if (!session) return null;
  return (
    <div className="sidebar-user">
      <span className="avatar" aria-hidden="true">
        {session.user.userName.charAt(0).toUpperCase()}
      </span>
      <div>
        <p className="sidebar-name" data-testid="sidebar-username">
          {session.user.userName}
        </p>
        <p className="sidebar-balance" data-testid="sidebar-balance">
          {showNaira(session.user.balance)}
        </p>
      </div>
    </div>
  );
}

/** The menu for the user's roles: drawn again only when a role changes (its links follow the address themselves). */
const SidebarMenu = memo(function SidebarMenu(roles: Roles) {
  return (
    <nav>
      <ul className="sidebar-menu">
        {menuFor(roles).map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.to === '/profile'}>
              <span className="menu-icon">
                <Icon name={item.icon} size={20} />
              </span>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
});

/** The admin's notice, read once the frame shows; its answer redraws this part alone. */
function ShellNotification() {
  const notification = useNotification(true);
  return <NotificationModal notification={notification.data} />;
}
