/**
 * Users' acknowledgements of the notice (GET/POST /admin/notification[/ack]): one small item per
 * user under its own partition (keys.noticeAck), holding the id of the notice they pressed OK on.
 * A new notice has a new id, so one item a user is all it takes; it is overwritten, never grows.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { NotificationAcks } from '../../../domain/back-office/settings-port.js';
import { db, tableName } from '../client.js';
import { keys } from '../keys.js';

export const NOTICE_ACK_ENTITY = 'NOTICE_ACK';

export const dynamoNotificationAcks: NotificationAcks = {
  async acknowledgedId(userId) {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.noticeAck(userId), ProjectionExpression: 'notificationId', ConsistentRead: true }),
    );
    return typeof Item?.notificationId === 'string' ? Item.notificationId : undefined;
  },

  async acknowledge(userId, notificationId, at) {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.noticeAck(userId), entity: NOTICE_ACK_ENTITY, userId, notificationId, acknowledgedAt: at.toISOString() },
      }),
    );
  },
};
