/**
 * Every entity's keys, declared in one place. Handlers and repositories never concatenate keys
 * themselves; they call these.
 */
import { TABLE_KEYS } from '../../../shared/table.js';

const { indexes } = TABLE_KEYS;

export const INDEX = {
  byUserCreatedAt: 'byUserCreatedAt',
  byKindCreatedAt: 'byKindCreatedAt',
  byOpenSince: 'byOpenSince',
} as const satisfies Record<keyof typeof indexes, string>;

export const GSI = indexes;

export const keys = {
  userProfile: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  wallet: (userId: string) => ({ pk: `USER#${userId}`, sk: 'WALLET' }),
  userNameClaim: (userName: string) => ({ pk: `USERNAME#${userName.toLowerCase()}`, sk: 'UNIQUE' }),
  emailClaim: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'UNIQUE' }),
  loginFailures: (login: string) => ({ pk: `LOGINFAIL#${login.toLowerCase()}`, sk: 'WINDOW' }),
  passwordReset: (userId: string) => ({ pk: `RESET#${userId}`, sk: 'TOKEN' }),
  transaction: (transactionId: string) => ({ pk: `TXN#${transactionId}`, sk: 'TXN' }),
  coupon: (code: string) => ({ pk: `COUPON#${code.toUpperCase()}`, sk: 'COUPON' }),
} as const;

/** Index attributes for a user's own listing (newest first by sort key). */
export const userListing = (userId: string, createdAt: string, id: string) => ({
  [GSI.byUserCreatedAt.partitionKey]: `USER#${userId}`,
  [GSI.byUserCreatedAt.sortKey]: `${createdAt}#${id}`,
});

/** Index attributes for admin listings of one kind of item. */
export const kindListing = (kind: 'TXN' | 'USER', createdAt: string, id: string) => ({
  [GSI.byKindCreatedAt.partitionKey]: kind,
  [GSI.byKindCreatedAt.sortKey]: `${createdAt}#${id}`,
});

/** Index attributes present only while a purchase is open (sparse index for the sweeper). */
export const openListing = (since: string, id: string) => ({
  [GSI.byOpenSince.partitionKey]: 'OPEN',
  [GSI.byOpenSince.sortKey]: `${since}#${id}`,
});

/** A fresh wallet: written in the same transaction that creates the user. */
export const newWalletItem = (userId: string, now: string) => ({
  ...keys.wallet(userId),
  entity: 'Wallet',
  userId,
  balanceKobo: 0,
  seq: 0,
  createdAt: now,
  updatedAt: now,
});

/** Key-condition values for listing queries (the index sort keys start with the ISO createdAt). */
export const listingQuery = {
  userPartition: (userId: string) => `USER#${userId}`,
  kindPartition: (kind: 'TXN' | 'USER') => kind,
  openPartition: 'OPEN',
  /** Lowest sort key at or after `createdAtIso`. */
  sortFrom: (createdAtIso: string) => createdAtIso,
  /** Highest sort key at or before `createdAtIso` (any id). */
  sortTo: (createdAtIso: string) => `${createdAtIso}#\uffff`,
} as const;
