/** Admin settings on DynamoDB: service locks and the supplier chosen per network (keys.serviceSetting, keys.supplierChoice). */
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { NetworkName } from '../../../shared/constants.js';
import type { ServiceSetting } from '../../domain/service-locks.js';
import type { InWriteAudit } from '../../domain/audit.js';
import type { Notification, NotificationChange, NotificationStore, ServiceLockStore, SupplierChoice, SupplierChoiceStore } from '../../ports/settings.js';
import { auditPutsFor } from './audit.js';
import { db, tableName } from './client.js';
import { failedConditions } from './conditions.js';
import { SERVICE_SETTING_ENTITY, stored, SUPPLIER_CHOICE_ENTITY } from './items.js';
import { keys, partitionQuery } from './keys.js';
import { queryPrefix } from './partition.js';

function settingFromItem(item: Record<string, unknown>): ServiceSetting | undefined {
  return item.entity === SERVICE_SETTING_ENTITY ? stored.serviceSetting.read(item) : undefined;
}

function choiceFromItem(item: Record<string, unknown>): SupplierChoice | undefined {
  return item.entity === SUPPLIER_CHOICE_ENTITY ? stored.supplierChoice.read(item) : undefined;
}

export const dynamoServiceLocks: ServiceLockStore = {
  async list() {
    return (await queryPrefix(partitionQuery.serviceSettings, { consistent: true })).flatMap((item) => settingFromItem(item) ?? []);
  },

  async set(setting) {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.serviceSetting(setting.serviceType, setting.serviceName), entity: SERVICE_SETTING_ENTITY, ...setting },
      }),
    );
  },
};

export const dynamoSupplierChoices: SupplierChoiceStore = {
  async list() {
    return (await queryPrefix(partitionQuery.supplierChoices, { consistent: true })).flatMap((item) => choiceFromItem(item) ?? []);
  },

  async get(network: NetworkName) {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.supplierChoice(network), ConsistentRead: true }));
    return Item ? choiceFromItem(Item) : undefined;
  },

  async set(choice) {
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.supplierChoice(choice.network), entity: SUPPLIER_CHOICE_ENTITY, ...choice } }));
  },
};

const NOTIFICATION_ENTITY = 'Notification';
const notificationItem = z.object({ entity: z.literal(NOTIFICATION_ENTITY), msg: z.string(), id: z.string(), updatedAt: z.string(), updatedBy: z.string() });

export const dynamoNotification: NotificationStore = {
  async get() {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.notification(), ConsistentRead: true }));
    if (!Item) return undefined;
    const { entity: _entity, ...notification }: Notification & { entity: string } = notificationItem.parse(Item);
    return notification;
  },

  async set(notification, audit) {
    const item = { ...keys.notification(), entity: NOTIFICATION_ENTITY, ...notification };
    if (!audit) {
      await db().send(new PutCommand({ TableName: tableName(), Item: item }));
      return;
    }
    await setAudited(item, notification, audit);
  },
};

/** Another operator replacing the notice between our read and our write is unlikely: a few tries settle it. */
const NOTIFICATION_WRITE_ATTEMPTS = 5;

/**
 * The notice and its audit entry in one write, conditioned on the notice read just before (its id
 * is new for every message), so the entry's "before" is exactly the notice this write replaced.
 */
async function setAudited(item: Record<string, unknown>, after: Notification, audit: InWriteAudit<NotificationChange>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const before = await dynamoNotification.get();
    const put = before
      ? { TableName: tableName(), Item: item, ConditionExpression: 'id = :replaced', ExpressionAttributeValues: { ':replaced': before.id } }
      : { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' };
    try {
      await db().send(new TransactWriteCommand({ TransactItems: [{ Put: put }, ...auditPutsFor(audit, { before, after })] }));
      return;
    } catch (error) {
      if (!failedConditions(error)?.includes(0) || attempt >= NOTIFICATION_WRITE_ATTEMPTS) throw error;
    }
  }
}
