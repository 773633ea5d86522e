import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { rolesOf, useSession, useSessionValue, type Roles } from '@/lib/session.js';
import { LoginPage } from './pages.js';

/** /profile is shown only with a token; without one the login screen takes its place. Reads only whether there is a session, so a balance update passes it by. */
export function RequireToken({ children }: { children: ReactNode }) {
  const signedIn = useSessionValue((session) => session !== null);
  return signedIn ? children : <LoginPage />;
}

/** /admin: admins only; other signed-in users go back to their profile. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return <LoginPage />;
  if (!session.user.isAdmin) return <Navigate to="/profile" replace />;
  return <>{children}</>;
}

/** A /profile screen for some roles only (admin tools, the agent's Update); anyone else goes back to /profile. */
export function RequireRole({ allow, children }: { allow: (roles: Roles) => boolean; children: ReactNode }) {
  const session = useSession();
  if (!session) return <LoginPage />;
  if (!allow(rolesOf(session.user))) return <Navigate to="/profile" replace />;
  return <>{children}</>;
}

export const isAdmin = (roles: Roles) => roles.isAdmin;
export const isAdminOrAgent = (roles: Roles) => roles.isAdmin || roles.isAgent;
export const isAdminOrCouponVendor = (roles: Roles) => roles.isAdmin || roles.isCouponVendor;
