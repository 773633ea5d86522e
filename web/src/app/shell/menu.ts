import type { Roles } from '../../lib/session.js';
import type { IconName } from '../../ui/Icon.js';

export interface MenuItem {
  label: string;
  to: string;
  icon: IconName;
}

/**
 * The sidebar by role (spec §2). Only entries whose screens exist are listed; the rest of the
 * spec's menu (Buy Data, Electricity Payment, My contacts, admin settings, Update price, Transfer,
 * Send email, my users, agent Update) is added here together with its screen and endpoint.
 */
export function menuFor(roles: Roles): MenuItem[] {
  const items: MenuItem[] = [
    { label: 'Dashboard', to: '/profile', icon: 'home' },
    { label: 'Buy Airtime', to: '/profile/buyAirtime', icon: 'phone' },
    { label: 'Transactions', to: '/profile/transactions', icon: 'receipt' },
    { label: 'Account', to: '/profile/user', icon: 'user' },
    { label: 'Settings', to: '/profile/changePassword', icon: 'settings' },
  ];
  if (roles.isAdmin) {
    items.push({ label: 'Fund wallet (COUPON)', to: '/profile/fundWallet/coupon', icon: 'card' }, { label: 'generate Coupon', to: '/admin/generateCoupon', icon: 'ticket' });
  }
  return items;
}

/** The top bar's role button: ADMIN for admins, Agent for agents, otherwise home. */
export function roleButtonFor(roles: Roles): { label: string; to: string } {
  if (roles.isAdmin) return { label: 'ADMIN', to: '/admin' };
  if (roles.isAgent) return { label: 'Agent', to: '/profile/transactions' };
  return { label: 'Home', to: '/' };
}
