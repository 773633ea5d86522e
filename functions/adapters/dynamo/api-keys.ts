/**
 * API key storage: the profile keeps the current key's SHA-256 and hint; a look-up item
 * `APIKEY#<hash>` names the owner; a counter per key per minute enforces the rate limit.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '../../../shared/table.js';
import type { StoredApiKey } from '../../domain/api-keys.js';
import type { Principal } from '../../ports/users.js';
import { db, tableName } from './client.js';
import { conditionalUpdate, transactWrite, type TransactItem } from './conditional-writes.js';
import { keys } from './keys.js';
import { API_KEY_ENTITY, stored } from './items.js';
import { readPrincipal } from './users.js';

/** The key's owner, only while this hash is still their current key. */
export async function ownerOfApiKey(keyHash: string): Promise<Principal | undefined> {
  const Key = keys.apiKey(keyHash);
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
  if (!Item) return undefined;
  const owner = await readPrincipal(stored.apiKey.read(Item, Key).userId);
  return owner?.apiKeyHash === keyHash ? owner.principal : undefined;
}

/**
 * One conditional ADD on the key's counter of this minute (fixed window): refused once the
 * minute's count reaches the limit. The item outlives its minute by one, then TTL removes it.
 */
export function countApiKeyRequest(keyHash: string, minute: number, limit: number): Promise<boolean> {
  return conditionalUpdate({
    TableName: tableName(),
    Key: keys.apiKeyMinute(keyHash, minute),
    UpdateExpression: 'ADD hits :one SET #ttl = :expires, entity = :entity',
    ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
    ExpressionAttributeNames: { '#ttl': TABLE_KEYS.ttlAttribute },
    ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': (minute + 2) * 60, ':entity': 'ApiKeyMinute' },
  });
}

export async function currentApiKey(userId: string): Promise<StoredApiKey | undefined> {
  const Key = keys.userProfile(userId);
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key, ProjectionExpression: 'pk, sk, entity, apiKeyHash, apiKeyHint, apiKeyCreatedAt', ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const { apiKeyHash, apiKeyHint, apiKeyCreatedAt } = stored.profileApiKey.read(Item, Key);
  return apiKeyHash && apiKeyHint && apiKeyCreatedAt ? { keyHash: apiKeyHash, keyHint: apiKeyHint, createdAt: apiKeyCreatedAt } : undefined;
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
        ExpressionAttributeValues: { ':next': next.keyHash, ':hint': next.keyHint, ':at': next.createdAt, ...(previous ? { ':previous': previous.keyHash } : {}) },
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
