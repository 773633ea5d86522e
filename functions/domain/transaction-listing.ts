/**
 * Who sees which transactions (spec §2, §6): ordinary users only their own (a userName filter
 * naming someone else is ignored); admins and agents everybody's, optionally one user's by exact
 * name — or the house account's chain, by its name. Figures cover the whole filtered set; the platform's margin is shown to admins and agents
 * only.
 */
import type { TransactionListResponse } from '../../shared/api/transactions.js';
import { TRANSACTIONS_PAGE_SIZE } from '../../shared/constants.js';
import type { TransactionFilter, TransactionStore } from '../ports/transactions.js';
import { HOUSE_USER_ID, isHouseAccountName } from './house-account.js';
import { transactionListPage, type TransactionRecord } from './transactions.js';

export interface TransactionListingDeps {
  transactions: Pick<TransactionStore, 'listForUser' | 'listAll'>;
  findUserByUserName(userName: string): Promise<{ userId: string } | undefined>;
}

export interface TransactionViewer {
  userId: string;
  isAdmin: boolean;
  isAgent: boolean;
}

export interface TransactionListing {
  filter: TransactionFilter;
  /** Honoured for admins and agents only. */
  userName?: string;
  page: number;
}

function withoutProfit(page: TransactionListResponse): TransactionListResponse {
  return { ...page, totalProfit: 0, stat: [], transactions: page.transactions.map((t) => ({ ...t, trans_profit: 0 })) };
}

export async function listTransactionsFor(viewer: TransactionViewer, listing: TransactionListing, deps: TransactionListingDeps): Promise<TransactionListResponse> {
  const seesEverybody = viewer.isAdmin || viewer.isAgent;
  let records: TransactionRecord[];
  if (!seesEverybody) {
    records = await deps.transactions.listForUser(viewer.userId, listing.filter);
  } else if (listing.userName) {
    // The house account has no profile to find; its chain is read under its name like a user's.
    const user = isHouseAccountName(listing.userName) ? { userId: HOUSE_USER_ID } : await deps.findUserByUserName(listing.userName);
    records = user ? await deps.transactions.listForUser(user.userId, listing.filter) : [];
  } else {
    records = await deps.transactions.listAll(listing.filter);
  }
  const page = transactionListPage(records, listing.page, TRANSACTIONS_PAGE_SIZE);
  return seesEverybody ? page : withoutProfit(page);
}
