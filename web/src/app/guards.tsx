import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session.js';
import { LoginPage } from './pages.js';

/** /profile is shown only with a token; without one the login screen takes its place (spec §2). */
export function RequireToken({ children }: { children: ReactNode }) {
  const session = useSession();
  return session ? <>{children}</> : <LoginPage />;
}

/** /admin: admins only; other signed-in users go back to their profile. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return <LoginPage />;
  if (!session.user.isAdmin) return <Navigate to="/profile" replace />;
  return <>{children}</>;
}
