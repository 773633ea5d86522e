/**
 * The webhook delivery log on a real DynamoDB Local: bounded to the last WEBHOOK_LOG_SIZE attempts
 * however many are recorded (a ring under the user's partition, every item with the TTL
 * attribute), newest first, one user's log never showing another's.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../../functions/adapters/dynamo/client.js';
import { dynamoWebhookLog } from '../../../functions/adapters/dynamo/back-office/webhook-deliveries.js';
import { WEBHOOK_LOG_SIZE } from '../../../functions/domain/notifications/webhooks.js';
import type { WebhookDeliveryView } from '../../../shared/api/webhooks.js';
import { useDynamoDb } from '../../support/dynamo.js';

useDynamoDb();

const now = new Date('2026-01-01T00:00:00Z');
const attempt = (n: number): WebhookDeliveryView => ({
  at: new Date(now.getTime() + n * 1000).toISOString(),
  event: 'success',
  transactionId: `T${n}`,
  webhookId: `msg_T${n}_success`,
  httpStatus: n % 2 ? 200 : 500,
  error: null,
  delivered: n % 2 === 1,
});

const itemsOf = async (userId: string) =>
  (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` } })))
    .Items ?? [];

describe('webhook delivery log (DynamoDB)', () => {
  it(`keeps only the last ${WEBHOOK_LOG_SIZE} attempts, newest first, each expiring with the table's TTL`, async () => {
    const total = WEBHOOK_LOG_SIZE + 7;
    for (let n = 1; n <= total; n++) await dynamoWebhookLog.record('ring-user', attempt(n), now);
    const shown = await dynamoWebhookLog.recent('ring-user', now);
    expect(shown.map((d) => d.transactionId)).toEqual(Array.from({ length: WEBHOOK_LOG_SIZE }, (_, i) => `T${total - i}`));
    expect(shown[0]).toEqual(attempt(total));
    const items = await itemsOf('ring-user');
    // The ring and its counter: nothing more, however many attempts were made.
    expect(items).toHaveLength(WEBHOOK_LOG_SIZE + 1);
    for (const item of items) expect(item.expiresAt).toBeGreaterThan(now.getTime() / 1000);
  });

  it("concurrent attempts each get their own slot; another user's log is empty", async () => {
    await Promise.all(Array.from({ length: 5 }, (_, i) => dynamoWebhookLog.record('busy-user', attempt(i + 1), now)));
    expect((await dynamoWebhookLog.recent('busy-user', now)).map((d) => d.transactionId).sort()).toEqual(['T1', 'T2', 'T3', 'T4', 'T5']);
    expect(await dynamoWebhookLog.recent('quiet-user', now)).toEqual([]);
  });

  it('entries past their expiry are not shown even before TTL deletes them', async () => {
    await dynamoWebhookLog.record('old-user', attempt(1), now);
    const later = new Date(now.getTime() + 31 * 24 * 3600 * 1000);
    expect(await dynamoWebhookLog.recent('old-user', later)).toEqual([]);
  });
});
