/** The admin dashboard (GET /admin): the newest users, the newest transactions, the service locks and the figures. */
import { koboToNaira } from '../../../shared/money.js';
import type { DashboardResponse, DashboardUserView } from '../../../shared/api/admin.js';
import type { BackOfficeFigures, NewestUser } from './back-office-port.js';
import type { ServiceLockStore } from './settings-port.js';
import { DASHBOARD_DAYS, dashboardFigures, lastDays } from './sales-stats.js';
import { serviceList } from '../purchases/service-locks.js';
import type { TransactionRecord } from '../transactions/transactions.js';
import { viewFor, type TransactionReader } from '../transactions/transaction-views.js';

export const DASHBOARD_NEWEST_USERS = 10;
/** The original client's admin page counts `allTransactions`; a bounded page of the newest, never the history. */
export const DASHBOARD_RECENT_TRANSACTIONS = 10;

export interface DashboardDeps {
  figures: BackOfficeFigures;
  services: ServiceLockStore;
  /** Everybody's newest transactions, newest first (one bounded page of the platform listing). */
  recentTransactions(limit: number): Promise<TransactionRecord[]>;
  now(): Date;
}

function toDashboardUser(user: NewestUser): DashboardUserView {
  return {
    _id: user.userId,
    userName: user.userName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    userType: user.userType,
    balance: koboToNaira(user.balanceKobo),
    createdAt: user.createdAt,
    lastLogin: user.lastLogin,
  };
}

/** The dashboard as its reader (an admin) may read it: the newest transactions through the reader's view (customers' PINs masked). */
export async function adminDashboard(reader: TransactionReader, deps: DashboardDeps): Promise<DashboardResponse> {
  const now = deps.now();
  const days = lastDays(now, DASHBOARD_DAYS);
  const [totals, totalBalanceKobo, totalUsers, openPurchases, newest, locks, recent] = await Promise.all([
    deps.figures.salesTotals(days[0]!, days[days.length - 1]!),
    deps.figures.walletTotalKobo(),
    deps.figures.countUsers(),
    deps.figures.countOpenPurchases(),
    deps.figures.newestUsers(DASHBOARD_NEWEST_USERS),
    deps.services.list(),
    deps.recentTransactions(DASHBOARD_RECENT_TRANSACTIONS),
  ]);
  return {
    allUsers: newest.map(toDashboardUser),
    allTransactions: recent.map((record) => viewFor(reader, record)),
    services: serviceList(locks),
    figures: dashboardFigures(totals, { totalUsers, totalBalanceKobo, openPurchases }, now),
  };
}
