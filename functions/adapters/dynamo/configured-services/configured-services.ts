/**
 * VTpass services offered by configuration, one item each beside the data plans in the catalogue
 * partition (keys.configuredService): the catalogue function, which already writes that partition,
 * stores them; the purchase function reads one strongly consistent while drafting. An admin's save
 * is conditional on the item being as read (same updatedAt; absent for a new service), so two admins
 * never silently overwrite each other; the local platform's seed writes only services not there yet.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { CUSTOMER_INPUTS } from '../../../../shared/api/configured-services.js';
import type { ConfiguredService, ConfiguredServiceStore, ConfiguredVariation } from '../../../domain/products/configured-service.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { putAllIfAbsent } from '../conditional-writes.js';
import { declaringEvery, itemMapping } from '../item-mapping.js';
import { keys, partitionQuery } from '../keys.js';
import { queryPrefix } from '../partition.js';

export const CONFIGURED_SERVICE_ENTITY = 'ConfiguredService';

const kobo = z.number().int().nonnegative();
const bps = z.number().int().nonnegative();

const variation = declaringEvery<ConfiguredVariation>()(
  z.object({
    code: z.string(),
    name: z.string(),
    isAvailable: z.boolean(),
    fixed: z.object({ faceKobo: kobo, costKobo: kobo, smartEarnerKobo: kobo, resellerKobo: kobo, apiKobo: kobo }).optional(),
    free: z.object({ minKobo: kobo, maxKobo: kobo, costBps: bps, smartEarnerBps: bps, resellerBps: bps, apiBps: bps }).optional(),
  }),
);

const configuredServiceItem = itemMapping<ConfiguredService>(
  CONFIGURED_SERVICE_ENTITY,
  declaringEvery<ConfiguredService>()(
    z.object({
      serviceId: z.string(),
      name: z.string(),
      customerInput: z.enum(CUSTOMER_INPUTS),
      verify: z.boolean(),
      enabled: z.boolean(),
      variations: z.array(variation),
      updatedAt: z.string(),
    }),
  ),
);

function item(service: ConfiguredService): Record<string, unknown> {
  return { ...keys.configuredService(service.serviceId), entity: CONFIGURED_SERVICE_ENTITY, ...service };
}

export async function getConfiguredService(serviceId: string): Promise<ConfiguredService | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.configuredService(serviceId), ConsistentRead: true }));
  return Item && Item.entity === CONFIGURED_SERVICE_ENTITY ? configuredServiceItem.read(Item) : undefined;
}

export async function listConfiguredServices(): Promise<ConfiguredService[]> {
  return (await queryPrefix(partitionQuery.configuredServices, { consistent: true }))
    .filter((stored) => stored.entity === CONFIGURED_SERVICE_ENTITY)
    .map((stored) => configuredServiceItem.read(stored));
}

/** Stores a service only while it is as the caller read it (`readUpdatedAt`; null: not there yet). */
export async function saveConfiguredService(service: ConfiguredService, readUpdatedAt: string | null): Promise<'saved' | 'changed_meanwhile'> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: item(service),
        ...(readUpdatedAt === null
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : { ConditionExpression: 'attribute_exists(pk) AND updatedAt = :read', ExpressionAttributeValues: { ':read': readUpdatedAt } }),
      }),
    );
    return 'saved';
  } catch (error) {
    if (isConditionFailure(error)) return 'changed_meanwhile';
    throw error;
  }
}

/** A fresh platform's services, each written unless it exists (an admin's changes are kept); how many were created. */
export async function createConfiguredServicesIfAbsent(services: ConfiguredService[]): Promise<number> {
  return (await putAllIfAbsent(services.map(item), 'seed of configured services')).filter(Boolean).length;
}

export const dynamoConfiguredServices: ConfiguredServiceStore = { getConfiguredService, listConfiguredServices, saveConfiguredService };
