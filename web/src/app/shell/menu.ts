import { productLabels, type ProductType } from '@shared/products.js';
import { ROUTES } from '@shared/routes.js';
import type { Roles } from '@/lib/session.js';
import type { IconName } from '@/ui/Icon.js';
import { PRODUCT_ICONS } from '@/ui/purchase/product-icons.js';

export interface MenuItem {
  label: string;
  to: string;
  icon: IconName;
  /** The backend route ("METHOD /path") the screen needs; the item is hidden until the route table has it. */
  needs?: string;
}

const routeKeys = new Set(ROUTES.map((route) => `${route.method} ${route.path}`));

/** Whether the shared route table declares `METHOD /path`. */
export function hasRoute(key: string, table: ReadonlySet<string> = routeKeys): boolean {
  return table.has(key);
}

/** A product's entry: its menu name, the registry's path and the product's icon. */
function productItem(type: ProductType, label: string, needs: string): MenuItem {
  return { label, to: productLabels(type)!.path, icon: PRODUCT_ICONS[type], needs };
}

/**
 * The sidebar by role, in the order below, then the audit log for admins. An item whose
 * backend route is missing from the shared route table stays hidden.
 */
const COMMON: MenuItem[] = [
  { label: 'Dashboard', to: '/profile', icon: 'home' },
  productItem('data', 'Buy Data', 'POST /buy/data'),
  productItem('airtime', 'Buy Airtime', 'POST /buy/airtime'),
  productItem('electricity', 'Electricity Payment', 'POST /buy/electricity'),
  productItem('cable', 'Cable TV', 'POST /buy/cableTv'),
  productItem('exam', 'Exam PINs', 'POST /buy/exam'),
  productItem('epin', 'Recharge cards', 'POST /buy/epin'),
  productItem('service', 'Internet & more', 'POST /buy/service'),
  // Many numbers at once: airtime or data, pasted or from a CSV.
  { label: 'Bulk purchase', to: '/profile/bulk', icon: 'list', needs: 'POST /buy/airtime/bulk' },
  // Money in and out, reachable from every screen, not only from the dashboard's buttons.
  { label: 'Fund wallet', to: '/profile/fundWallet', icon: 'card', needs: 'POST /fundWallet/squad/initiate' },
  { label: 'Transfer', to: '/profile/transfer', icon: 'wallet', needs: 'POST /auth/transferFund' },
  { label: 'Withdraw', to: '/profile/withdraw', icon: 'wallet', needs: 'POST /withdraw' },
  { label: 'Earnings', to: '/profile/earnings', icon: 'chart', needs: 'GET /auth/referral' },
  { label: 'My contacts', to: '/profile/contacts', icon: 'contacts', needs: 'GET /auth/contact' },
  { label: 'Transactions', to: '/profile/transactions', icon: 'receipt', needs: 'GET /transaction' },
  { label: 'Account', to: '/profile/user', icon: 'user' },
  { label: 'Settings', to: '/profile/changePassword', icon: 'settings' },
  { label: 'API docs', to: '/docs', icon: 'list' },
];

/** Admins and agents alike: the list, read-only for agents. */
const MY_USERS: MenuItem = { label: 'My users', to: '/admin/users', icon: 'user', needs: 'GET /admin/users' };

const GENERATE_COUPON: MenuItem = { label: 'Generate coupon', to: '/admin/generateCoupon', icon: 'ticket', needs: 'POST /admin/generateCoupon' };

const ADMIN: MenuItem[] = [
  { label: 'Admin settings', to: '/profile/adminSettings', icon: 'sliders', needs: 'GET /admin/supplier' },
  { label: 'Update price', to: '/profile/updatePrice', icon: 'tag', needs: 'POST /admin/updatePrice' },
  { label: 'Send email', to: '/admin/sendMail', icon: 'mail', needs: 'POST /admin/sendMail' },
  MY_USERS,
  { label: 'Fund wallet (coupon)', to: '/profile/fundWallet/coupon', icon: 'card', needs: 'POST /fundWallet/coupon' },
  GENERATE_COUPON,
  // Beyond the original admin items: the audit log page the back office asks for.
  { label: 'Audit log', to: '/admin/audit', icon: 'list', needs: 'GET /admin/audit' },
  // VTpass services offered by configuration (Smile, Spectranet …): plans synced from VTpass, tier prices, on/off.
  { label: 'VTpass services', to: '/admin/services', icon: 'sliders', needs: 'PUT /admin/services' },
  // The money desk: what each product earned, and whether the books tie out.
  { label: 'Profit and loss', to: '/admin/profit', icon: 'receipt', needs: 'GET /admin/money-desk/profit-and-loss' },
  // Each supplier account's float: balance, spend, hours left, thresholds and top-ups.
  { label: 'Supplier floats', to: '/admin/floats', icon: 'card', needs: 'GET /admin/money-desk/floats' },
  // Each supplier's day: what it charged against what we delivered, and the purchases the two sides disagree on.
  { label: 'Reconciliation', to: '/admin/reconciliation', icon: 'list', needs: 'GET /admin/money-desk/reconciliation' },
];

const AGENT: MenuItem[] = [MY_USERS, { label: 'Update', to: '/profile/updatePrice', icon: 'tag', needs: 'POST /admin/updatePrice' }];

export function menuFor(roles: Roles, table: ReadonlySet<string> = routeKeys): MenuItem[] {
  const items = [...COMMON, ...(roles.isAdmin ? ADMIN : roles.isAgent ? AGENT : [])];
  // A coupon vendor who is not an admin gets the one tool they may use: coupons paid from their wallet.
  if (roles.isCouponVendor && !roles.isAdmin) items.push(GENERATE_COUPON);
  return items.filter((item) => !item.needs || hasRoute(item.needs, table));
}

/** The top bar's role button: ADMIN for admins, Agent for agents, otherwise Home: the dashboard, inside the app. */
export function roleButtonFor(roles: Roles): { label: string; to: string } {
  if (roles.isAdmin) return { label: 'ADMIN', to: '/admin' };
  if (roles.isAgent) return { label: 'Agent', to: '/profile/transactions' };
  return { label: 'Home', to: '/profile' };
}
