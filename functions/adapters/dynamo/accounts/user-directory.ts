/**
 * The admin's user list over the single table. Users are listed from the `USER` partition of the
 * byKindCreatedAt index (every profile carries it since registration), newest first: one walk of
 * small projected items finds the matching ids and their count, then only the page's 20 profiles
 * and wallets are read. An exact user name goes through the user-name claim instead (one read).
 * The walk is bounded (MAX_LISTED_USERS): past it the list stops, which an operator sees as a
 * total that no longer grows — a signal to add a counter, not a timeout.
 */
import { USERS_PER_PAGE, type ListUsersQuery } from '../../../../shared/api/admin-users.js';
import type { UserProfile } from '../../../domain/accounts/accounts.js';
import { tableName } from '../client.js';
import { transactWrite } from '../conditional-writes.js';
import { batchGetItems, keyOf } from '../batch-get.js';
import { GSI, INDEX, keys, listingQuery } from '../keys.js';
import { API_KEY_ATTRIBUTES, stored, USER_ENTITY } from '../items.js';
import { queryAll } from '../paginate.js';
import { getUserByUserName } from './users.js';

const MAX_LISTED_USERS = 20_000;
/** Stored instead of a hash: no password verifies against it (verifyPassword wants `$argon2`). */
const REVOKED_PASSWORD = '!revoked';

export interface UserListing {
  users: { profile: UserProfile; balanceKobo: number }[];
  totalUsers: number;
}

async function matchingUserIds(filter: ListUsersQuery): Promise<string[]> {
  if (filter.userName) {
    const user = await getUserByUserName(filter.userName);
    const matches = user && (!filter.type || user.userType === filter.type) && (!filter.phoneNumber || user.phoneNumber === filter.phoneNumber);
    return matches ? [user.userId] : [];
  }
  const conditions = [...(filter.type ? ['userType = :type'] : []), ...(filter.phoneNumber ? ['phoneNumber = :phone'] : [])];
  const items = await queryAll(
    {
      TableName: tableName(),
      IndexName: INDEX.byKindCreatedAt,
      KeyConditionExpression: '#pk = :pk',
      ...(conditions.length > 0 ? { FilterExpression: conditions.join(' AND ') } : {}),
      ProjectionExpression: 'userId',
      ExpressionAttributeNames: { '#pk': GSI.byKindCreatedAt.partitionKey },
      ExpressionAttributeValues: {
        ':pk': listingQuery.kindPartition('USER'),
        ...(filter.type ? { ':type': filter.type } : {}),
        ...(filter.phoneNumber ? { ':phone': filter.phoneNumber } : {}),
      },
      ScanIndexForward: false,
    },
    { limit: MAX_LISTED_USERS },
  );
  return items.map((item) => String(item.userId));
}

async function profilesWithBalances(userIds: string[]): Promise<UserListing['users']> {
  if (userIds.length === 0) return [];
  const found = await batchGetItems(userIds.flatMap((userId) => [keys.userProfile(userId), keys.wallet(userId)]));
  const byKey = new Map(found.map((item) => [keyOf(item), item]));
  return userIds.flatMap((userId) => {
    const walletKey = keys.wallet(userId);
    const profile = byKey.get(keyOf(keys.userProfile(userId)));
    if (!profile || profile.entity !== USER_ENTITY) return [];
    const wallet = byKey.get(keyOf(walletKey));
    return [{ profile: stored.profile.read(profile), balanceKobo: wallet ? stored.wallet.read(wallet, walletKey).balanceKobo : 0 }];
  });
}

/** One page (20) of the users matching the filter, newest first, with the number matching. */
export async function listUsers(filter: ListUsersQuery): Promise<UserListing> {
  const ids = await matchingUserIds(filter);
  const start = (filter.page - 1) * USERS_PER_PAGE;
  return { users: await profilesWithBalances(ids.slice(start, start + USERS_PER_PAGE)), totalUsers: ids.length };
}

/** Replaces the password with one nothing verifies against and ends every session (token version + 1). */
export async function revokePassword(userId: string, now: Date = new Date()): Promise<{ ok: true } | { ok: false }> {
  const TableName = tableName();
  const result = await transactWrite(
    [
      {
        Update: {
          TableName,
          Key: keys.userProfile(userId),
          // An older profile's own hash attribute goes too: the hash lives in its own item (users.ts
          // getPasswordHash). An admin's reset ends the API key too: whoever the reset locks out must
          // not keep buying with the key.
          UpdateExpression: `REMOVE passwordHash, ${API_KEY_ATTRIBUTES} ADD tokenVersion :one`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      { Put: { TableName, Item: { ...keys.credential(userId), entity: 'Credential', userId, passwordHash: REVOKED_PASSWORD, updatedAt: now.toISOString() } } },
    ],
    `password revocation of ${userId}`,
  );
  return result.ok ? { ok: true } : { ok: false };
}
