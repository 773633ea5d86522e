/** Port to what the admin dashboard reads: running totals and bounded counts, never the history. */
import type { Kobo } from '../../../shared/money.js';
import type { StatTotals } from './sales-stats.js';

/** One of the newest users, with only what the dashboard may show. */
export interface NewestUser {
  userId: string;
  userName: string;
  email: string;
  phoneNumber: string;
  userType: string;
  balanceKobo: Kobo;
  createdAt: string;
  lastLogin: string | null;
}

export interface BackOfficeFigures {
  /** Every shard of the sales totals between two Lagos days, inclusive. */
  salesTotals(fromDay: string, toDay: string): Promise<StatTotals[]>;
  walletTotalKobo(): Promise<Kobo>;
  countUsers(): Promise<number>;
  countOpenPurchases(): Promise<number>;
  newestUsers(limit: number): Promise<NewestUser[]>;
}
