/** A purchase's service locks as checks in its own write (README decision 16). */
import { tableName } from './client.js';
import type { TransactItem } from './conditional-writes.js';
import { keys } from './keys.js';

/** Lock items checked in a purchase's write: absent or not `locked`. */
export function unlockedChecks(serviceType: string, names: readonly string[]): TransactItem[] {
  return names.map((name) => ({
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.serviceSetting(serviceType, name),
      ConditionExpression: 'attribute_not_exists(pk) OR serviceStatus <> :locked',
      ExpressionAttributeValues: { ':locked': 'locked' },
    },
  }));
}
