/** Admin settings on DynamoDB: service locks and the supplier chosen per network (keys.serviceSetting, keys.supplierChoice). */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isNetworkName, isSupplierName, SERVICE_STATUSES, type NetworkName, type ServiceStatus } from '../../../shared/constants.js';
import type { ServiceSetting } from '../../domain/service-locks.js';
import type { ServiceLockStore, SupplierChoice, SupplierChoiceStore } from '../../ports/settings.js';
import { db, tableName } from './client.js';
import { keys, partitionQuery } from './keys.js';
import { queryPrefix } from './partition.js';

export const SERVICE_SETTING_ENTITY = 'ServiceSetting';
export const SUPPLIER_CHOICE_ENTITY = 'SupplierChoice';

function settingFromItem(item: Record<string, unknown>): ServiceSetting | undefined {
  if (item.entity !== SERVICE_SETTING_ENTITY || !(SERVICE_STATUSES as readonly string[]).includes(item.serviceStatus as string)) return undefined;
  return {
    serviceName: item.serviceName as ServiceSetting['serviceName'],
    serviceType: item.serviceType as ServiceSetting['serviceType'],
    serviceStatus: item.serviceStatus as ServiceStatus,
    updatedAt: String(item.updatedAt),
    ...(typeof item.updatedBy === 'string' ? { updatedBy: item.updatedBy } : {}),
  };
}

function choiceFromItem(item: Record<string, unknown>): SupplierChoice | undefined {
  if (item.entity !== SUPPLIER_CHOICE_ENTITY || !isNetworkName(item.network) || !isSupplierName(item.supplierName)) return undefined;
  return { network: item.network, supplierName: item.supplierName, updatedAt: String(item.updatedAt) };
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
