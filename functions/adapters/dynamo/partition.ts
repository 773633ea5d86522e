/** Reading every item of a key prefix in one partition (small, admin-sized sets: plans, settings, a user's contacts). */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '../../../shared/table.js';
import { db, tableName } from './client.js';

export async function queryPrefix(
  partition: { pk: string; skPrefix: string },
  options: { consistent?: boolean; filter?: { expression: string; names?: Record<string, string>; values: Record<string, unknown> } } = {},
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey, '#sk': TABLE_KEYS.sortKey, ...options.filter?.names },
        ExpressionAttributeValues: { ':pk': partition.pk, ':prefix': partition.skPrefix, ...options.filter?.values },
        ...(options.filter ? { FilterExpression: options.filter.expression } : {}),
        ConsistentRead: options.consistent ?? false,
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
