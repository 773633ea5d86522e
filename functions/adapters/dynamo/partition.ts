/** Reading every item of a key prefix in one partition (small, admin-sized sets: plans, settings, a user's contacts). */
import { TABLE_KEYS } from '../../../shared/table.js';
import { tableName } from './client.js';
import { queryAll } from './paginate.js';

export async function queryPrefix(
  partition: { pk: string; skPrefix: string },
  options: { consistent?: boolean; filter?: { expression: string; names?: Record<string, string>; values: Record<string, unknown> } } = {},
): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: tableName(),
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey, '#sk': TABLE_KEYS.sortKey, ...options.filter?.names },
    ExpressionAttributeValues: { ':pk': partition.pk, ':prefix': partition.skPrefix, ...options.filter?.values },
    ...(options.filter ? { FilterExpression: options.filter.expression } : {}),
    ConsistentRead: options.consistent ?? false,
  });
}
