/**
 * Counters of password reset requests, one item per key and hour window under RESETRATE# (a TTL
 * removes them): one UpdateItem ADD, so concurrent requests are all counted.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PARTITION_PREFIXES } from '../../../../shared/table.js';
import type { PasswordResetThrottle } from '../../../domain/accounts/password-reset.js';
import { db, tableName } from '../client.js';

export const dynamoResetThrottle: PasswordResetThrottle = {
  async count(key, windowStart, expiresAt) {
    const answer = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `${PARTITION_PREFIXES.resetRate}${key}`, sk: `WINDOW#${windowStart}` },
        UpdateExpression: 'SET entity = :entity, expiresAt = :expiresAt ADD requests :one',
        ExpressionAttributeValues: { ':entity': 'ResetRate', ':expiresAt': expiresAt, ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(answer.Attributes?.requests ?? 1);
  },
};
