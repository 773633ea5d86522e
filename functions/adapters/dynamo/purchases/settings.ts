/** Admin settings on DynamoDB: service locks and the supplier chosen per network (keys.serviceSetting, keys.supplierChoice). */
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { NetworkName, ServiceType } from '../../../../shared/constants.js';
import { lockedService, type ServiceSetting } from '../../../domain/purchases/service-locks.js';
import type { Notification, NotificationStore, ServiceLockStore, SupplierChoice, SupplierChoiceStore } from '../../../domain/back-office/settings-port.js';
import { warmCache } from '../../warm-cache.js';
import { auditPutsFor } from '../back-office/audit.js';
import { batchGetItems } from '../batch-get.js';
import { db, tableName } from '../client.js';
import { failedConditions } from '../conditions.js';
import type { TransactItem } from '../conditional-writes.js';
import { retryOnConflict } from '../retry.js';
import { SERVICE_SETTING_ENTITY, stored, SUPPLIER_CHOICE_ENTITY } from '../items.js';
import { keys, partitionQuery } from '../keys.js';
import { queryPrefix } from '../partition.js';

function settingFromItem(item: Record<string, unknown>): ServiceSetting | undefined {
  return item.entity === SERVICE_SETTING_ENTITY ? stored.serviceSetting.read(item) : undefined;
}

/** A service lock as stored, from an item read with others (undefined for any other item). */
export const serviceSettingOf = settingFromItem;

/** What a read of lock items beside other items projects (with `sk` and `updatedAt`, which the caller's read names). */
export const SERVICE_SETTING_ATTRIBUTES = 'entity, serviceName, serviceType, serviceStatus, updatedBy';

/**
 * Which of a purchase's services is locked, read just before its debit (decision 97 (docs/decisions/0097-*)): the first
 * of `names` whose lock says so (domain/service-locks.ts), or undefined. The lock items are shared by
 * every user's purchases of a service, so they are read (consistently), never part of the debit's
 * transaction: DynamoDB refuses a transaction that meets another on any item, a condition check
 * included, so one lock item checked in every purchase's write made every two purchases of a service
 * on the platform refuse each other, besides costing 2 write units a purchase. A lock set before the
 * read refuses the purchase; one set while a debit is on its way lets that one purchase through, as
 * one accepted a moment earlier.
 */
export async function lockedServiceOf(serviceType: ServiceType, names: readonly string[]): Promise<string | undefined> {
  if (names.length === 0) return undefined;
  const items = await batchGetItems(
    names.map((name) => keys.serviceSetting(serviceType, name)),
    { consistent: true },
  );
  return lockedService(
    items.flatMap((item) => settingFromItem(item) ?? []),
    serviceType,
    names,
  );
}

function choiceFromItem(item: Record<string, unknown>): SupplierChoice | undefined {
  return item.entity === SUPPLIER_CHOICE_ENTITY ? stored.supplierChoice.read(item) : undefined;
}

export const dynamoServiceLocks: ServiceLockStore = {
  async list() {
    return (await queryPrefix(partitionQuery.serviceSettings, { consistent: true })).flatMap((item) => settingFromItem(item) ?? []);
  },

  async set(setting, audit) {
    const key = keys.serviceSetting(setting.serviceType, setting.serviceName);
    const item = { ...key, entity: SERVICE_SETTING_ENTITY, ...setting };
    if (!audit) {
      await db().send(new PutCommand({ TableName: tableName(), Item: item }));
      return;
    }
    const current = async () => {
      const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
      return Item ? settingFromItem(Item) : undefined;
    };
    await replaceAudited(item, 'updatedAt', current, (before) => auditPutsFor(audit, { before, after: setting }));
  },
};

/**
 * How long a container keeps the admin's supplier choice for a network before reading it again.
 * Only the order of suppliers to try depends on it, never money: a purchase is claimed for the
 * supplier it is sent to and re-queried there, so a choice changed in another container merely
 * applies to the purchases that start after this delay.
 */
export const SUPPLIER_CHOICE_TTL_MS = 30_000;

const choices = warmCache<NetworkName, SupplierChoice | undefined>(SUPPLIER_CHOICE_TTL_MS, async (network) => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.supplierChoice(network), ConsistentRead: true }));
  return Item ? choiceFromItem(Item) : undefined;
});

/** The admin's choice for a network, read at most once per SUPPLIER_CHOICE_TTL_MS per container (the purchase path's). */
export const cachedSupplierChoice = (network: NetworkName) => choices.get(network);

export const dynamoSupplierChoices: SupplierChoiceStore = {
  async list() {
    return (await queryPrefix(partitionQuery.supplierChoices, { consistent: true })).flatMap((item) => choiceFromItem(item) ?? []);
  },

  async get(network: NetworkName) {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.supplierChoice(network), ConsistentRead: true }));
    return Item ? choiceFromItem(Item) : undefined;
  },

  async set(choice, audit) {
    const item = { ...keys.supplierChoice(choice.network), entity: SUPPLIER_CHOICE_ENTITY, ...choice };
    if (audit) {
      await replaceAudited(
        item,
        'updatedAt',
        () => dynamoSupplierChoices.get(choice.network),
        (before) => auditPutsFor(audit, { before, after: choice }),
      );
    } else {
      await db().send(new PutCommand({ TableName: tableName(), Item: item }));
    }
    // This container sees its own change at once; others within SUPPLIER_CHOICE_TTL_MS.
    choices.put(choice.network, choice);
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
    await replaceAudited(
      item,
      'id',
      () => dynamoNotification.get(),
      (before) => auditPutsFor(audit, { before, after: notification }),
    );
  },
};

/**
 * Another operator replacing the same setting between our read and our write is unlikely, and a
 * purchase checking a lock in its own transaction conflicts only for a moment: a few tries settle both.
 */
const REPLACE_ATTEMPTS = 8;

/**
 * A setting and its audit entry in one write, conditioned on the setting read just before (its
 * `version` attribute: a notice's id, new for every message, or a setting's updatedAt), so the
 * entry's "before" is exactly what this write replaced.
 */
async function replaceAudited<Old extends object>(
  item: Record<string, unknown>,
  version: keyof Old & string,
  current: () => Promise<Old | undefined>,
  auditItems: (before: Old | undefined) => TransactItem[],
): Promise<void> {
  await retryOnConflict(
    async () => {
      const before = await current();
      const condition = before
        ? {
            ConditionExpression: '#version = :seen',
            ExpressionAttributeNames: { '#version': version },
            ExpressionAttributeValues: { ':seen': before[version] },
          }
        : { ConditionExpression: 'attribute_not_exists(pk)' };
      await db().send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: tableName(), Item: item, ...condition } }, ...auditItems(before)] }));
    },
    {
      attempts: REPLACE_ATTEMPTS,
      what: `audited replace of ${String(item.pk)}/${String(item.sk)}`,
      alsoRetry: (error) => failedConditions(error)?.includes(0) ?? false,
    },
  );
}
