import type { UserView } from '@shared/api/accounts.js';
import { rolesOf } from '@/lib/session.js';

/**
 * Where a person lands after signing in: an admin on the admin dashboard (their work starts there,
 * and the customer dashboard offers them "Become a reseller"), everyone else on their dashboard.
 */
export function landingAfterLogin(user: UserView | null | undefined): string {
  return rolesOf(user).isAdmin ? '/admin' : '/profile';
}
