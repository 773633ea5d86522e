/**
 * API key storage: the profile keeps the current key's SHA-256 and hint; a look-up item
 * `APIKEY#<hash>` names the owner; a counter per key per minute enforces the rate limit.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '../../../../shared/table.js';
import type { StoredApiKey } from '../../../domain/accounts/api-keys.js';
import type { Principal } from '../../../domain/accounts/users-port.js';
import { db, tableName } from '../client.js';
import { conditionalUpdate, conditionalUpdateReturning, transactWrite, type TransactItem } from '../conditional-writes.js';
import { keys } from '../keys.js';
import { API_KEY_ATTRIBUTES, API_KEY_ENTITY, stored } from '../items.js';
import { readPrincipal } from './users.js';

/**
 * The key's owner, only while this hash is still their current key (a revoked or replaced key's
 * look-up item may outlive it: the profile decides), and when the key was last marked used.
 */
export async function ownerOfApiKey(keyHash: string): Promise<{ principal: Principal; lastUsedAt?: string } | undefined> {
  const Key = keys.apiKey(keyHash);
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
  if (!Item) return undefined;
  const { userId, lastUsedAt } = stored.apiKey.read(Item, Key);
  const owner = await readPrincipal(userId);
  return owner?.apiKeyHash === keyHash ? { principal: owner.principal, ...(lastUsedAt ? { lastUsedAt } : {}) } : undefined;
}

/**
 * "Last used", on the key's look-up item: written by the first request of a minute when the mark
 * read was older than `staleBefore`, and conditionally, so it is written once a minute at most.
 */
export async function markApiKeyUsed(keyHash: string, at: Date, staleBefore: Date): Promise<void> {
  await conditionalUpdate({
    TableName: tableName(),
    Key: keys.apiKey(keyHash),
    UpdateExpression: 'SET lastUsedAt = :at',
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :stale)',
    ExpressionAttributeValues: { ':at': at.toISOString(), ':stale': staleBefore.toISOString() },
  });
}

/**
 * One conditional ADD on the key's counter of this minute (fixed window): the count with this
 * request, or undefined once the minute's count has reached the limit. The item outlives its minute
 * by one, then TTL removes it.
 */
export async function countApiKeyRequest(keyHash: string, minute: number, limit: number): Promise<number | undefined> {
  const counter = await conditionalUpdateReturning({
    TableName: tableName(),
    Key: keys.apiKeyMinute(keyHash, minute),
    UpdateExpression: 'ADD hits :one SET #ttl = :expires, entity = :entity',
    ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
    ExpressionAttributeNames: { '#ttl': TABLE_KEYS.ttlAttribute },
    ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': (minute + 2) * 60, ':entity': 'ApiKeyMinute' },
  });
  return counter === undefined ? undefined : Number(counter.hits);
}

export async function currentApiKey(userId: string): Promise<StoredApiKey | undefined> {
  const Key = keys.userProfile(userId);
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key, ProjectionExpression: 'pk, sk, entity, apiKeyHash, apiKeyHint, apiKeyCreatedAt', ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const { apiKeyHash, apiKeyHint, apiKeyCreatedAt } = stored.profileApiKey.read(Item, Key);
  if (!apiKeyHash || !apiKeyHint || !apiKeyCreatedAt) return undefined;
  const lookUpKey = keys.apiKey(apiKeyHash);
  const lookUp = (await db().send(new GetCommand({ TableName: tableName(), Key: lookUpKey, ProjectionExpression: 'pk, sk, entity, userId, lastUsedAt' }))).Item;
  const lastUsedAt = lookUp ? stored.apiKey.read(lookUp, lookUpKey).lastUsedAt : undefined;
  return { keyHash: apiKeyHash, keyHint: apiKeyHint, createdAt: apiKeyCreatedAt, ...(lastUsedAt ? { lastUsedAt } : {}) };
}

/** In one transaction: the profile names no key (only if it still names `previous`) and the look-up item goes. */
export async function removeApiKey(userId: string, previous: StoredApiKey): Promise<boolean> {
  const TableName = tableName();
  const result = await transactWrite(
    [
      {
        Update: {
          TableName,
          Key: keys.userProfile(userId),
          UpdateExpression: `REMOVE ${API_KEY_ATTRIBUTES}, apiToken`,
          ConditionExpression: 'apiKeyHash = :previous',
          ExpressionAttributeValues: { ':previous': previous.keyHash },
        },
      },
      { Delete: { TableName, Key: keys.apiKey(previous.keyHash) } },
    ],
    `API key revocation of ${userId}`,
  );
  return result.ok;
}

/**
 * In one transaction: the profile names the new key (only if it still names `previous`), the new
 * look-up item appears and the old one goes — the old key stops working with this write. The
 * plain-text `apiToken` older profiles carry is removed on the way.
 */
export async function replaceApiKey(userId: string, previous: StoredApiKey | undefined, next: StoredApiKey): Promise<boolean> {
  const TableName = tableName();
  const items: TransactItem[] = [
    {
      Update: {
        TableName,
        Key: keys.userProfile(userId),
        UpdateExpression: 'SET apiKeyHash = :next, apiKeyHint = :hint, apiKeyCreatedAt = :at REMOVE apiToken',
        ConditionExpression: previous ? 'apiKeyHash = :previous' : 'attribute_exists(pk) AND attribute_not_exists(apiKeyHash)',
        ExpressionAttributeValues: {
          ':next': next.keyHash,
          ':hint': next.keyHint,
          ':at': next.createdAt,
          ...(previous ? { ':previous': previous.keyHash } : {}),
        },
      },
    },
    {
      Put: {
        TableName,
        Item: { ...keys.apiKey(next.keyHash), entity: API_KEY_ENTITY, userId, createdAt: next.createdAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...(previous ? [{ Delete: { TableName, Key: keys.apiKey(previous.keyHash) } }] : []),
  ];
  const result = await transactWrite(items, `API key of ${userId}`);
  return result.ok;
}
