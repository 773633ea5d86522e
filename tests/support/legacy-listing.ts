/**
 * A table as it stood before the listing's counters (decision 43 (docs/decisions/0043-*)): every transaction record
 * under the one legacy platform listing key (`gsi2pk` = `TXN`, the sort key as it always was) and no
 * counter items. Made from records written through today's code, so they are every shape the
 * writers make, then stripped of what the old code never wrote.
 */
import { drainCounters } from './outbox.js';
import { DeleteCommand, GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/adapters/dynamo/client.js';
import { TRANSACTION_ENTITY } from '../../functions/adapters/dynamo/items.js';
import { GSI, keys, listingQuery } from '../../functions/adapters/dynamo/keys.js';
import { paginate } from '../../functions/adapters/dynamo/paginate.js';

const COUNTER_ENTITY = 'ListingDay';

async function everyItem(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const item of paginate((ExclusiveStartKey) => db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey, ConsistentRead: true }))))
    items.push(item);
  return items;
}

/** Every counter item of the table, by key (to compare before and after a pass). */
export async function counterItems(): Promise<Map<string, Record<string, unknown>>> {
  const items = (await everyItem()).filter((item) => item.entity === COUNTER_ENTITY);
  return new Map(items.map((item) => [`${String(item.pk)} ${String(item.sk)}`, item]));
}

/** Turns the whole table into history written before the counters. */
export async function asWrittenBeforeCounters(): Promise<void> {
  // The platform's counters of the history so far are summed first, then removed with the user's.
  await drainCounters();
  for (const item of await everyItem()) {
    const Key = { pk: item.pk, sk: item.sk };
    if (item.entity === COUNTER_ENTITY) await db().send(new DeleteCommand({ TableName: tableName(), Key }));
    else if (item.entity === TRANSACTION_ENTITY) {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'SET #pk = :legacy',
          ExpressionAttributeNames: { '#pk': GSI.byKindCreatedAt.partitionKey },
          ExpressionAttributeValues: { ':legacy': listingQuery.legacyPlatformTransactionPartition },
        }),
      );
    }
  }
}

/** The platform listing key a record is stored under. */
export async function listingKeyOf(id: string): Promise<string> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.transaction(id), ConsistentRead: true }));
  return String(Item?.[GSI.byKindCreatedAt.partitionKey]);
}
