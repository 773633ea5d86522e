/**
 * User repository: profiles, the unique user-name / e-mail claim items, login-failure counters
 * and password-reset tokens, all in the single table (keys from keys.ts only).
 *
 * Business outcomes are named results (`user_name_taken`, `locked`, `invalid`); exceptions are
 * kept for faults.
 */
import { randomBytes } from 'node:crypto';
import { BatchGetCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { DEFAULT_USER_TYPE, SESSION_MAX_AGE_SECONDS, type UserType } from '../../../../shared/constants.js';
import { epochSeconds, loginKind, type UserProfile } from '../../../domain/accounts/accounts.js';
import { EMPTY_WALLET } from '../../../domain/wallet/ledger.js';
import type { LocksToRead, Principal } from '../../../domain/accounts/users-port.js';
import { SERVICE_SETTING_ATTRIBUTES, serviceSettingOf } from '../purchases/settings.js';
import { db, tableName } from '../client.js';
import { GSI, INDEX, keys, kindListing, newWalletItem } from '../keys.js';
import { newReferralItem } from '../money/earnings.js';
import { API_KEY_ATTRIBUTES, EMAIL_CLAIM_ENTITY, stored, TRANSACTION_ENTITY, USER_ENTITY, USER_NAME_CLAIM_ENTITY } from '../items.js';
import { queryAll } from '../paginate.js';
import { transactWrite } from '../conditional-writes.js';
import { failedConditions } from '../conditions.js';

// ---------------------------------------------------------------------------------------------
// Principal (used by every HTTP service)

/**
 * The current principal for a verified token: undefined when the user no longer exists, the
 * token's version is older than the stored one (password changed / reset → every older token dies,
 * the changing session's included: it goes on with the token the change answered), its session was
 * logged out, or the token itself was replaced by a renewal. Roles are re-read on every request so
 * revocations take effect at once.
 */
export async function loadPrincipal(
  userId: string,
  tokenVersion: number,
  sessionId?: string,
  tokenId?: string,
  alsoLocks?: LocksToRead,
): Promise<Principal | undefined> {
  const current = await readPrincipal(userId, sessionId, tokenId, alsoLocks);
  if (!current || current.sessionRevoked || current.tokenRevoked) return undefined;
  if (current.tokenVersion !== tokenVersion) return undefined;
  return { ...current.principal, ...(sessionId ? { sessionId } : {}) };
}

/** The caller as stored now, with what decides whether a credential still names them. */
export async function readPrincipal(
  userId: string,
  /** The token's session: its logout mark is read in the same round trip. */
  sessionId?: string,
  /** The token itself: its renewal mark is read in the same round trip. */
  tokenId?: string,
  /** A purchase's service locks, read in the same round trip (decision 131 (docs/decisions/0131-*)): its debit then reads none. */
  alsoLocks?: LocksToRead,
): Promise<{ principal: Principal; tokenVersion: number; apiKeyHash: string | undefined; sessionRevoked: boolean; tokenRevoked: boolean } | undefined> {
  // Profile and wallet in one consistent round trip: every authenticated request needs the first,
  // and spending requests save a read with the second.
  const table = tableName();
  const { Responses } = await db().send(
    new BatchGetCommand({
      RequestItems: {
        [table]: {
          Keys: [
            keys.userProfile(userId),
            keys.wallet(userId),
            ...(sessionId ? [keys.revokedSession(userId, sessionId)] : []),
            ...(tokenId ? [keys.revokedToken(userId, tokenId)] : []),
            ...(alsoLocks?.names ?? []).map((name) => keys.serviceSetting(alsoLocks!.serviceType, name)),
          ],
          ProjectionExpression: `sk, userId, userName, userType, isAdmin, isAgent, isCouponVendor, tokenVersion, apiKeyHash, webhookUrl, contactNumbers, contactNumbersKept, balanceKobo, seq, updatedAt, queueOpenUntil${
            alsoLocks ? `, ${SERVICE_SETTING_ATTRIBUTES}` : ''
          }`,
          ConsistentRead: true,
        },
      },
    }),
  );
  const items = Responses?.[table] ?? [];
  const profileKey = keys.userProfile(userId);
  const walletKey = keys.wallet(userId);
  const profileItem = items.find((item) => item.sk === profileKey.sk);
  if (!profileItem) return undefined;
  const { tokenVersion, webhookUrl, ...identity } = stored.principal.read(profileItem, profileKey);
  const { apiKeyHash } = stored.profileApiKey.read(profileItem, profileKey);
  const { contactNumbers, contactNumbersKept } = stored.profileContactNumbers.read(profileItem, profileKey);
  const savedContactNumbers = contactNumbersKept ? { savedContactNumbers: [...(contactNumbers ?? [])] } : {};
  const walletItem = items.find((item) => item.sk === walletKey.sk);
  const wallet = walletItem ? stored.wallet.read(walletItem, walletKey) : { ...EMPTY_WALLET };
  const sessionRevoked = sessionId !== undefined && items.some((item) => item.sk === keys.revokedSession(userId, sessionId).sk);
  const tokenRevoked = tokenId !== undefined && items.some((item) => item.sk === keys.revokedToken(userId, tokenId).sk);
  const locksRead = alsoLocks && {
    ...alsoLocks,
    settings: items.flatMap((item) => serviceSettingOf(item) ?? []),
  };
  return {
    principal: { ...identity, hasWebhook: webhookUrl !== null, ...savedContactNumbers, wallet, ...(locksRead ? { locksRead } : {}) },
    tokenVersion,
    apiKeyHash,
    sessionRevoked,
    tokenRevoked,
  };
}

/** Logout: the session's tokens are refused from now on; the mark outlives any token of the session (TTL). */
export async function revokeSession(userId: string, sessionId: string, now: Date = new Date()): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.revokedSession(userId, sessionId), entity: 'RevokedSession', expiresAt: epochSeconds(now) + SESSION_MAX_AGE_SECONDS + 60 },
    }),
  );
}

/**
 * Renewal: the token replaced is refused from now on, its mark kept until the token could no longer
 * be used or renewed anyway (`until`, epoch seconds; TTL). False when it was already replaced: of
 * two renewals of one token only the first gets a successor.
 */
export async function revokeToken(userId: string, tokenId: string, until: number): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.revokedToken(userId, tokenId), entity: 'RevokedToken', expiresAt: until + 60 },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (failedConditions(error)) return false;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Creating users

export interface NewUser {
  userName: string;
  email: string;
  phoneNumber: string;
  passwordHash: string;
  fullName?: string;
  userType?: UserType;
  isAdmin?: boolean;
  isAgent?: boolean;
  isCouponVendor?: boolean;
  /** Must already be the stored user name of an existing user (the caller checks). */
  referredBy?: string | null;
  /** The referrer's user id: a referral item is written under the referrer in the same transaction. */
  referrerId?: string;
}

export type CreateUserResult = { ok: true; user: UserProfile } | { ok: false; reason: 'user_name_taken' | 'email_taken' };

/**
 * Creates the profile, both uniqueness claims and the empty wallet in one transaction, so a user
 * name or e-mail (compared case-insensitively) can never belong to two users, even when two
 * registrations race.
 */
export async function createUser(input: NewUser, now: Date = new Date()): Promise<CreateUserResult> {
  const userId = ulid(now.getTime());
  const createdAt = now.toISOString();
  const profile: UserProfile = {
    userId,
    userName: input.userName.trim(),
    email: input.email.trim(),
    phoneNumber: input.phoneNumber.trim(),
    fullName: input.fullName?.trim() ?? '',
    userType: input.userType ?? DEFAULT_USER_TYPE,
    isAdmin: input.isAdmin ?? false,
    isAgent: input.isAgent ?? false,
    isCouponVendor: input.isCouponVendor ?? false,
    bvn: null,
    nin: null,
    referredBy: input.referredBy ?? null,
    webhookUrl: null,
    webhookSecret: randomBytes(32).toString('base64url'),
    tokenVersion: 0,
    createdAt,
    lastLogin: null,
    accountNumbers: [],
  };
  const TableName = tableName();
  const notExists = 'attribute_not_exists(pk)';
  const result = await transactWrite(
    [
      {
        Put: {
          TableName,
          // A new user has no contacts yet: from now on the profile keeps the numbers they are saved under.
          Item: { ...keys.userProfile(userId), entity: USER_ENTITY, ...kindListing('USER', createdAt, userId), ...profile, contactNumbersKept: true },
          ConditionExpression: notExists,
        },
      },
      {
        Put: {
          TableName,
          Item: { ...keys.userNameClaim(profile.userName), entity: USER_NAME_CLAIM_ENTITY, userId, createdAt },
          ConditionExpression: notExists,
        },
      },
      {
        Put: {
          TableName,
          Item: { ...keys.emailClaim(profile.email), entity: EMAIL_CLAIM_ENTITY, userId, createdAt },
          ConditionExpression: notExists,
        },
      },
      { Put: { TableName, Item: newWalletItem(userId, createdAt), ConditionExpression: notExists } },
      // The hash in its own item, never on the profile every role reads.
      { Put: { TableName, Item: credentialItem(userId, input.passwordHash, createdAt), ConditionExpression: notExists } },
      ...(input.referrerId && profile.referredBy
        ? [{ Put: { TableName, Item: newReferralItem(input.referrerId, { userId, userName: profile.userName }, createdAt), ConditionExpression: notExists } }]
        : []),
    ],
    `registration of ${profile.userName}`,
  );
  if (result.ok) return { ok: true, user: { ...profile, passwordHash: input.passwordHash } };
  if (result.failed.includes(1)) return { ok: false, reason: 'user_name_taken' };
  if (result.failed.includes(2)) return { ok: false, reason: 'email_taken' };
  // A ulid collision on the profile or wallet: practically impossible, and not the caller's fault.
  throw new Error(`user could not be created: the condition of item(s) ${result.failed.join(',')} failed`);
}

// ---------------------------------------------------------------------------------------------
// Reading users

/** The profile, without the password hash (a profile written before the hash had its own item still holds it: it is dropped here). */
export async function getUserById(userId: string): Promise<UserProfile | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.userProfile(userId), ConsistentRead: true }));
  if (!Item || Item.entity !== USER_ENTITY) return undefined;
  const { passwordHash: _legacyHash, ...profile } = stored.profile.read(Item);
  return profile;
}

// ---------------------------------------------------------------------------------------------
// Password hashes: one item per user (CREDENTIAL#<id> / PASSWORD), readable only by the roles that
// check or set passwords (infra/stack/access.ts). Profiles written before kept the hash as an attribute:
// it is read from there when the item is missing, and moved into the item on that read.

const CREDENTIAL_ENTITY = 'Credential';

function credentialItem(userId: string, passwordHash: string, updatedAt: string): Record<string, unknown> {
  return { ...keys.credential(userId), entity: CREDENTIAL_ENTITY, userId, passwordHash, updatedAt };
}

/** The credential item's write, beside a profile update in the same transaction. */
function credentialPut(userId: string, passwordHash: string, now: Date) {
  return { Put: { TableName: tableName(), Item: credentialItem(userId, passwordHash, now.toISOString()) } };
}

/** The user's password hash: from its own item, else (older profiles) from the profile, which it then moves out of. */
export async function getPasswordHash(userId: string, now: Date = new Date()): Promise<string | undefined> {
  const TableName = tableName();
  const { Item } = await db().send(new GetCommand({ TableName, Key: keys.credential(userId), ConsistentRead: true }));
  if (typeof Item?.passwordHash === 'string') return Item.passwordHash;
  const { Item: profile } = await db().send(
    new GetCommand({ TableName, Key: keys.userProfile(userId), ProjectionExpression: 'passwordHash', ConsistentRead: true }),
  );
  const legacy = typeof profile?.passwordHash === 'string' ? profile.passwordHash : undefined;
  if (legacy === undefined) return undefined;
  // Move it: the item is written and the attribute removed together, only if neither changed meanwhile
  // (a password change in between has already written the item; the next read finds it).
  await transactWrite(
    [
      { Put: { TableName, Item: credentialItem(userId, legacy, now.toISOString()), ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          TableName,
          Key: keys.userProfile(userId),
          UpdateExpression: 'REMOVE passwordHash',
          ConditionExpression: 'passwordHash = :legacy',
          ExpressionAttributeValues: { ':legacy': legacy },
        },
      },
    ],
    `moving the password hash of ${userId} into its own item`,
  );
  return legacy;
}

/** The profile with its password hash, for the functions that check passwords. */
export async function withPasswordHash(profile: UserProfile | undefined): Promise<UserProfile | undefined> {
  if (!profile) return undefined;
  const passwordHash = await getPasswordHash(profile.userId);
  return passwordHash === undefined ? profile : { ...profile, passwordHash };
}

async function userIdOfClaim(key: { pk: string; sk: string }, claim: typeof stored.userNameClaim): Promise<string | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item ? claim.read(Item).userId : undefined;
}

/** Case-insensitive. */
export async function getUserByUserName(userName: string): Promise<UserProfile | undefined> {
  const userId = await userIdOfClaim(keys.userNameClaim(userName.trim()), stored.userNameClaim);
  return userId ? getUserById(userId) : undefined;
}

/** Case-insensitive. */
export async function getUserByEmail(email: string): Promise<UserProfile | undefined> {
  const userId = await userIdOfClaim(keys.emailClaim(email.trim()), stored.emailClaim);
  return userId ? getUserById(userId) : undefined;
}

/** The login form accepts a user name or an e-mail (user names cannot contain '@'). */
export async function getUserByLogin(login: string): Promise<UserProfile | undefined> {
  return loginKind(login) === 'email' ? getUserByEmail(login) : getUserByUserName(login);
}

/** The wallet balance in kobo (0 when the wallet item is missing). */
export async function getWalletBalanceKobo(userId: string): Promise<number> {
  const Key = keys.wallet(userId);
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key, ProjectionExpression: 'balanceKobo, seq', ConsistentRead: true }));
  return Item ? stored.wallet.read(Item, Key).balanceKobo : 0;
}

/**
 * The user's most recent items of entity `Transaction` from the byUserCreatedAt index, newest
 * first, raw (the transactions repository owns their mapping).
 */
export async function recentTransactionItems(userId: string, limit: number): Promise<Record<string, unknown>[]> {
  // Other entities may share the partition; read pages until enough transactions (bounded).
  return queryAll(
    {
      TableName: tableName(),
      IndexName: INDEX.byUserCreatedAt,
      KeyConditionExpression: '#pk = :pk',
      FilterExpression: '#entity = :entity',
      ExpressionAttributeNames: { '#pk': GSI.byUserCreatedAt.partitionKey, '#entity': 'entity' },
      ExpressionAttributeValues: { ':pk': keys.userProfile(userId).pk, ':entity': TRANSACTION_ENTITY },
      ScanIndexForward: false,
      Limit: limit * 2,
    },
    { limit, maxPages: 5 },
  );
}

// ---------------------------------------------------------------------------------------------
// Updating users

/** The update that sets a user's lastLogin, only while the user exists; a caller wanting the profile back adds ReturnValues. */
export const lastLoginUpdate = (userId: string, at: Date) => ({
  TableName: tableName(),
  Key: keys.userProfile(userId),
  UpdateExpression: 'SET lastLogin = :at',
  ConditionExpression: 'attribute_exists(pk)',
  ExpressionAttributeValues: { ':at': at.toISOString() },
});

export async function updateLastLogin(userId: string, at: Date = new Date()): Promise<void> {
  await db().send(new UpdateCommand(lastLoginUpdate(userId, at)));
}

/**
 * Replaces the password hash and bumps tokenVersion, so every token issued before stops working,
 * the changing session's included (it goes on with a token of the new version). Conditional on the
 * version the caller verified the old password against: a concurrent change wins and this one
 * answers `stale`.
 */
export async function changePassword(
  userId: string,
  expectedTokenVersion: number,
  passwordHash: string,
  /** The user chose to end their API key too (removing the profile's key attributes stops it). */
  revokeApiKey = false,
  now: Date = new Date(),
): Promise<{ ok: true; tokenVersion: number } | { ok: false; reason: 'stale' }> {
  const next = expectedTokenVersion + 1;
  // An older profile's hash attribute goes (the hash now lives in its own item only), and so does the
  // kept-session mark older versions wrote (a session whose token outlived the change: no longer honoured).
  const removed = ['passwordHash', 'keptSessionId', ...(revokeApiKey ? [API_KEY_ATTRIBUTES] : [])];
  const result = await transactWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.userProfile(userId),
          UpdateExpression: `SET tokenVersion = :next REMOVE ${removed.join(', ')}`,
          ConditionExpression: 'attribute_exists(pk) AND (tokenVersion = :expected OR (attribute_not_exists(tokenVersion) AND :expected = :zero))',
          ExpressionAttributeValues: { ':next': next, ':expected': expectedTokenVersion, ':zero': 0 },
        },
      },
      credentialPut(userId, passwordHash, now),
    ],
    `password change of ${userId}`,
  );
  return result.ok ? { ok: true, tokenVersion: next } : { ok: false, reason: 'stale' };
}

/** Sets role flags (seeding, admin tools). */
export async function setRoles(userId: string, roles: Partial<Pick<UserProfile, 'isAdmin' | 'isAgent' | 'isCouponVendor'>>): Promise<void> {
  const entries = Object.entries(roles).filter(([, value]) => typeof value === 'boolean');
  if (entries.length === 0) return;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.userProfile(userId),
      UpdateExpression: `SET ${entries.map(([name]) => `#${name} = :${name}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Password reset

/** Stores the hash of a new reset token, replacing any earlier one (only the latest link works). */
export async function savePasswordReset(userId: string, tokenHash: string, expiresAt: number, now: Date = new Date()): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.passwordReset(userId), entity: 'PasswordReset', userId, tokenHash, expiresAt, createdAt: now.toISOString() },
    }),
  );
}

/**
 * Uses a reset token: in one transaction deletes the reset item — only if it holds this token's
 * hash and has not expired — and replaces the password, bumping tokenVersion. A second use, a
 * wrong or expired token all answer `invalid` and change nothing.
 */
export async function consumePasswordReset(
  userId: string,
  tokenHash: string,
  passwordHash: string,
  now: Date = new Date(),
): Promise<{ ok: true; user: Pick<UserProfile, 'userId' | 'userName'> } | { ok: false; reason: 'invalid' }> {
  const TableName = tableName();
  const result = await transactWrite(
    [
      {
        Delete: {
          TableName,
          Key: keys.passwordReset(userId),
          ConditionExpression: 'tokenHash = :hash AND expiresAt > :now',
          ExpressionAttributeValues: { ':hash': tokenHash, ':now': epochSeconds(now) },
        },
      },
      {
        Update: {
          TableName,
          Key: keys.userProfile(userId),
          // A reset (the password was lost, maybe stolen) keeps no session alive.
          UpdateExpression: 'REMOVE keptSessionId, passwordHash ADD tokenVersion :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      credentialPut(userId, passwordHash, now),
    ],
    `password reset of ${userId}`,
  );
  if (!result.ok) return { ok: false, reason: 'invalid' };
  const user = await getUserById(userId);
  return { ok: true, user: { userId, userName: user?.userName ?? '' } };
}
