/**
 * A user's webhook delivery log on DynamoDB, under the user's partition: a ring of
 * WEBHOOK_LOG_SIZE slots (`WEBHOOKLOG#00`…) picked by a counter (`WEBHOOKSEQ`), so however many
 * deliveries a busy API user gets, the log holds the last ones only. Every item carries the
 * table's TTL attribute: a log nobody writes to any more disappears by itself.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '../../../../shared/table.js';
import { latestDeliveries, webhookLogExpiry, webhookLogSlot, type WebhookLog } from '../../../domain/notifications/webhooks.js';
import { db, tableName } from '../client.js';
import { keys, partitionQuery } from '../keys.js';
import { stored, WEBHOOK_DELIVERY_ENTITY } from '../items.js';
import { queryPrefix } from '../partition.js';

const TTL = TABLE_KEYS.ttlAttribute;

export const dynamoWebhookLog: WebhookLog = {
  async record(userId, delivery, now) {
    const expiresAt = webhookLogExpiry(now);
    // Concurrent attempts each get their own number, hence their own slot.
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookLogSequence(userId),
        UpdateExpression: 'ADD attempts :one SET entity = :entity, #ttl = :expires',
        ExpressionAttributeNames: { '#ttl': TTL },
        ExpressionAttributeValues: { ':one': 1, ':entity': 'WebhookLogSequence', ':expires': expiresAt },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const sequence = Number(Attributes?.attempts ?? 1);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.webhookDelivery(userId, webhookLogSlot(sequence)), entity: WEBHOOK_DELIVERY_ENTITY, ...delivery, [TTL]: expiresAt },
      }),
    );
  },

  async recent(userId, now) {
    const items = await queryPrefix(partitionQuery.webhookDeliveries(userId), { consistent: true });
    return latestDeliveries(
      items.map((item) => stored.webhookDelivery.read(item)),
      now,
    );
  },
};
