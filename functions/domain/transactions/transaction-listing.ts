/**
 * Who sees which transactions: ordinary users only their own (a userName filter
 * naming someone else is ignored); admins and agents everybody's, optionally one user's by exact
 * name — or the house account's chain, by its name. An API key's holder is no admin or agent
 * (credentials.ts): it reads its own only. Figures cover the whole filtered set; what each reader is
 * shown of a record (the margin, PINs) is transaction-views.ts's rule.
 */
import type { TransactionListResponse, TransactionView } from '../../../shared/api/transactions.js';
import { LISTING_COUNTS_LAG_MS, TRANSACTIONS_PAGE_SIZE } from '../../../shared/constants.js';
import type { TransactionFilter, TransactionStore } from './transactions-port.js';
import { HOUSE_USER_ID, isHouseAccountName } from '../wallet/house-account.js';
import { listPageOf, transactionListPage } from './transactions.js';
import { seesMargins, shownTo, viewFor, type TransactionReader } from './transaction-views.js';

export interface TransactionListingDeps {
  transactions: Pick<TransactionStore, 'listForUser' | 'listAll' | 'listingTotals' | 'listingPage' | 'get'> & Partial<Pick<TransactionStore, 'latestChangeAt'>>;
  findUserByUserName(userName: string): Promise<{ userId: string } | undefined>;
  now?(): Date;
}

/**
 * Whether a user's counts — and a filtered page, which keeps to the days its counters name — may
 * still trail the records: the user's newest change is younger than LISTING_COUNTS_LAG_MS, the bound
 * on the counters' consumer (decision 129 (docs/decisions/0129-*)). Judged on the newest record only:
 * a settlement of an older purchase while a newer one exists is not seen, and its count is late by at
 * most the same bound.
 */
export function countsMayTrail(latestChangeAt: string | undefined, now: Date): boolean {
  if (latestChangeAt === undefined) return false;
  const age = now.getTime() - Date.parse(latestChangeAt);
  return age < LISTING_COUNTS_LAG_MS;
}

export type TransactionViewer = TransactionReader;

export interface TransactionListing {
  filter: TransactionFilter;
  /** Honoured for admins and agents only. */
  userName?: string;
  page: number;
}

/** The page as this viewer may read it: each record through the reader's view, the margin's figures for operators only. */
function pageFor(viewer: TransactionViewer, page: TransactionListResponse): TransactionListResponse {
  const transactions = page.transactions.map((view) => shownTo(viewer, view));
  return seesMargins(viewer) ? { ...page, transactions } : { ...page, totalProfit: 0, stat: [], transactions };
}

/** Whose listing: a user's id, everybody's (undefined), or nobody's (an unknown name). */
async function listingScope(
  viewer: TransactionViewer,
  listing: TransactionListing,
  deps: TransactionListingDeps,
): Promise<{ userId: string | undefined } | undefined> {
  if (!(viewer.isAdmin || viewer.isAgent)) return { userId: viewer.userId };
  if (!listing.userName) return { userId: undefined };
  // The house account has no profile to find; its chain is read under its name like a user's.
  const user = isHouseAccountName(listing.userName) ? { userId: HOUSE_USER_ID } : await deps.findUserByUserName(listing.userName);
  return user && { userId: user.userId };
}

async function pageOf(
  scope: { userId: string | undefined } | undefined,
  listing: TransactionListing,
  deps: TransactionListingDeps,
): Promise<TransactionListResponse> {
  const { filter, page } = listing;
  if (!scope) return transactionListPage([], page, TRANSACTIONS_PAGE_SIZE);
  if (filter.phoneNumber) {
    // A phone-number filter has no counters: page and totals come from its matching records, read once.
    // A whole number's are read from that number's own index; a part of a number still reads the scope's history.
    const records = await (scope.userId === undefined ? deps.transactions.listAll(filter) : deps.transactions.listForUser(scope.userId, filter));
    return transactionListPage(records, page, TRANSACTIONS_PAGE_SIZE);
  }
  const readPage = (matching?: number) => deps.transactions.listingPage(scope.userId, filter, page, TRANSACTIONS_PAGE_SIZE, matching);
  if (filter.status !== undefined || filter.type !== undefined || filter.userType !== undefined) {
    // The counters say how many records match: the page's read stops at the last of them, so a rare
    // filter costs what it finds, and one that matches nothing reads none. The counters follow from
    // the stream, a moment behind (decisions 92 and 129): for that moment the page, like its totals,
    // may not show a record that has just come to match; the answer says so (`countsUpdating`).
    const totals = await deps.transactions.listingTotals(scope.userId, filter);
    return listPageOf(await readPage(totals.count), totals.count, totals.figures, TRANSACTIONS_PAGE_SIZE);
  }
  if (page === 1) {
    const [totals, records] = await Promise.all([deps.transactions.listingTotals(scope.userId, filter), readPage()]);
    return listPageOf(records, totals.count, totals.figures, TRANSACTIONS_PAGE_SIZE);
  }
  // A later page costs the keys before it: a page past the end (the count says so) reads none.
  const totals = await deps.transactions.listingTotals(scope.userId, filter);
  const records = (page - 1) * TRANSACTIONS_PAGE_SIZE < totals.count ? await readPage() : [];
  return listPageOf(records, totals.count, totals.figures, TRANSACTIONS_PAGE_SIZE);
}

/**
 * A user's page (not a phone-number filter's, which reads its records) marked `countsUpdating` while
 * its counts may trail: the newest record shown on an unfiltered first page tells without a read.
 */
async function withCountsUpdating(
  page: TransactionListResponse,
  scope: { userId: string | undefined } | undefined,
  listing: TransactionListing,
  deps: TransactionListingDeps,
): Promise<TransactionListResponse> {
  if (scope?.userId === undefined || listing.filter.phoneNumber || !deps.transactions.latestChangeAt) return page;
  const { filter } = listing;
  const unfiltered = filter.type === undefined && filter.status === undefined && filter.userType === undefined && !filter.fromIso && !filter.toIso;
  const shown = unfiltered && listing.page <= 1 ? page.transactions.map((view) => view.updatedAt) : [];
  // ISO instants: the newest sorts last.
  const latest = shown.length > 0 ? [...shown].sort().at(-1) : await deps.transactions.latestChangeAt(scope.userId);
  return countsMayTrail(latest, deps.now?.() ?? new Date()) ? { ...page, countsUpdating: true } : page;
}

export async function listTransactionsFor(
  viewer: TransactionViewer,
  listing: TransactionListing,
  deps: TransactionListingDeps,
): Promise<TransactionListResponse> {
  const scope = await listingScope(viewer, listing, deps);
  return pageFor(viewer, await withCountsUpdating(await pageOf(scope, listing, deps), scope, listing, deps));
}

export type TransactionLookup = { kind: 'found'; transaction: TransactionView } | { kind: 'not_found' };

/**
 * One transaction under the listing's rule: its owner sees it, admins and agents see anybody's (as
 * the reader's view shows it). Somebody else's is "not found", so an id tells nobody it exists.
 */
export async function transactionFor(viewer: TransactionViewer, id: string, deps: Pick<TransactionListingDeps, 'transactions'>): Promise<TransactionLookup> {
  const seesEverybody = viewer.isAdmin || viewer.isAgent;
  const record = await deps.transactions.get(id);
  if (!record || (!seesEverybody && record.userId !== viewer.userId)) return { kind: 'not_found' };
  // One transaction's own receipt: the one place a batch of recharge cards shows its PINs (to its buyer).
  return { kind: 'found', transaction: viewFor(viewer, record, 'receipt') };
}
