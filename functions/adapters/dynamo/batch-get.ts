/**
 * Items by key with BatchGetItem: 100 keys a call, in the order asked (keys not found are left
 * out). Keys DynamoDB leaves unprocessed (throttling) are asked again after a backoff; if some are
 * still left after that, it throws rather than answer with part of what was asked.
 */
import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client.js';
import { retryStopAt, untilProcessed } from './retry.js';

type Item = Record<string, unknown>;
export interface ItemKey {
  pk: unknown;
  sk: unknown;
}

const KEYS_PER_CALL = 100;
/** One key as a string, for finding a fetched item by the key it was asked for. */
export const keyOf = (key: { pk?: unknown; sk?: unknown }) => `${String(key.pk)}|${String(key.sk)}`;

export async function batchGetItems(wanted: readonly ItemKey[], options: { attributes?: readonly string[]; consistent?: boolean } = {}): Promise<Item[]> {
  const table = tableName();
  const projectionNames = options.attributes ? Object.fromEntries(options.attributes.map((attribute, i) => [`#a${i}`, attribute])) : undefined;
  const found = new Map<string, Item>();
  const stopAt = retryStopAt(Date.now());
  const unique = [...new Map(wanted.map((key) => [keyOf(key), { pk: key.pk, sk: key.sk }])).values()];
  for (let start = 0; start < unique.length; start += KEYS_PER_CALL) {
    await untilProcessed<Item>(
      unique.slice(start, start + KEYS_PER_CALL),
      async (pending) => {
        const answer: BatchGetCommandOutput = await db().send(
          new BatchGetCommand({
            RequestItems: {
              [table]: {
                Keys: pending,
                ConsistentRead: options.consistent ?? false,
                // Key attributes always come back, so the order can be restored.
                ...(projectionNames
                  ? { ProjectionExpression: ['pk', 'sk', ...Object.keys(projectionNames)].join(', '), ExpressionAttributeNames: projectionNames }
                  : {}),
              },
            },
          }),
        );
        for (const item of answer.Responses?.[table] ?? []) found.set(keyOf(item), item);
        return answer.UnprocessedKeys?.[table]?.Keys;
      },
      { operation: 'BatchGetItem', noun: 'keys', stopAt },
    );
  }
  return wanted.flatMap((key) => {
    const item = found.get(keyOf(key));
    return item ? [item] : [];
  });
}
