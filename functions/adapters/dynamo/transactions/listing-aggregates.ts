/**
 * The listing's counters on DynamoDB (rules in domain/listing-aggregates.ts). Every counter — the
 * user's own and the platform's — is summed from the table's stream (./stream-counters.ts) with the
 * increments of each record change, never in the write that changes the record: a purchase's request
 * and settlement write only the wallet and the record, and a user's filtered listing and counts follow
 * within the counter consumer's batching window (decision 129 (docs/decisions/0129-*)). `ADD`
 * creates a missing item or attribute. Readers query a user's day items, or the platform's shard
 * partitions, by day range: O(days).
 */
import { aggregateDeltas, AGGREGATE_SHARDS, amountsByGroup, countersMovedSince, type AggregateDelta } from '../../../domain/transactions/listing-aggregates.js';
import type { TransactionRecord } from '../../../domain/transactions/transactions.js';
import { tableName } from '../client.js';
import { conditionalUpdate, type TransactItem } from '../conditional-writes.js';
import { GSI, keys, listingQuery, partitionQuery } from '../keys.js';
import { queryAll } from '../paginate.js';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';

const AGGREGATE_ENTITY = 'ListingDay';
/** The `day` of the all-time items. */
const ALL_TIME = 'ALL';

/** A record's write: `before` as it stood (undefined when the write creates it), `after` as written. */
export interface RecordChange {
  before: TransactionRecord | undefined;
  after: TransactionRecord;
}

function updateOf(key: Record<string, string>, day: string, amounts: Map<string, number>): TransactItem {
  const names: Record<string, string> = { '#day': 'day' };
  const values: Record<string, unknown> = { ':entity': AGGREGATE_ENTITY, ':day': day };
  const adds = [...amounts].map(([name, amount], i) => {
    names[`#a${i}`] = name;
    values[`:a${i}`] = amount;
    return `#a${i} :a${i}`;
  });
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET entity = :entity, #day = :day ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Counter increments per item, merged (a transaction may touch an item once: a transfer's two records, or a refund and the purchase it settles, share items). */
export type CounterItems = Map<string, { key: Record<string, string>; day: string; amounts: Map<string, number> }>;

/** Whose counters: the user's own, the platform's, or both (what the stream's consumer and a seeded history write). */
export type CounterScope = 'user' | 'platform' | 'all';

/** Adds record changes' increments to `items` (the bench uses it to sum a seeded history in memory). */
export function addCounterChanges(items: CounterItems, changes: readonly RecordChange[], scope: CounterScope = 'all'): CounterItems {
  const add = (key: Record<string, string>, amounts: AggregateDelta['amounts'], day: string) => {
    const id = `${key.pk}\u0000${key.sk}`;
    const item = items.get(id) ?? { key, day, amounts: new Map<string, number>() };
    for (const [name, amount] of Object.entries(amounts)) item.amounts.set(name, (item.amounts.get(name) ?? 0) + amount);
    items.set(id, item);
  };
  for (const { before, after } of changes) {
    const delta = aggregateDeltas(before, after);
    for (const [group, amounts] of amountsByGroup(delta.amounts)) {
      if (scope !== 'platform') {
        add(keys.userListingDay(delta.userId, delta.day, group), amounts, delta.day);
        add(keys.userListingAllTime(delta.userId, group), amounts, ALL_TIME);
      }
      if (scope !== 'user') {
        add(keys.platformListingDay(delta.shard, delta.day, delta.type, group), amounts, delta.day);
        add(keys.platformListingAllTime(delta.shard, delta.type, group), amounts, ALL_TIME);
      }
    }
  }
  return items;
}

/** A counter item as `ADD` from nothing would leave it: for seeding whole histories with plain puts. */
export const counterItemOf = (entry: CounterItems extends Map<string, infer E> ? E : never): Record<string, unknown> => ({
  ...entry.key,
  entity: AGGREGATE_ENTITY,
  day: entry.day,
  ...Object.fromEntries(entry.amounts),
});

/** The counter updates of a set of record changes in `scope`, one per item touched (none where nothing moves). */
export function counterUpdates(changes: readonly RecordChange[], scope: CounterScope): TransactItem[] {
  return [...addCounterChanges(new Map(), changes, scope).values()]
    .map((item) => ({ ...item, amounts: new Map([...item.amounts].filter(([, amount]) => amount !== 0)) }))
    .filter((item) => item.amounts.size > 0)
    .map((item) => updateOf(item.key, item.day, item.amounts));
}

/** The day counter items of one partition over its days, oldest day first unless asked (their sort keys start with the day). */
export const listingDaysQuery = (
  range: { pk: string; from: string; to: string },
  order: 'oldest first' | 'newest first' = 'oldest first',
): QueryCommandInput => ({
  TableName: tableName(),
  KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
  ExpressionAttributeValues: { ':pk': range.pk, ':from': range.from, ':to': range.to },
  ...(order === 'newest first' ? { ScanIndexForward: false } : {}),
  // Read after the write that moved them, like the records themselves.
  ConsistentRead: true,
});

/** The counter partitions of a listing's scope over whole days: the user's one, or every platform shard. */
export const listingDayRanges = (userId: string | undefined, fromDay: string | undefined, toDay: string | undefined) =>
  userId === undefined
    ? Array.from({ length: AGGREGATE_SHARDS }, (_, shard) => partitionQuery.platformListingDays(shard, fromDay, toDay))
    : [partitionQuery.userListingDays(userId, fromDay, toDay)];

const queryDays = (range: { pk: string; from: string; to: string }) => queryAll(listingDaysQuery(range));

const queryPrefix = ({ pk, skPrefix }: { pk: string; skPrefix: string }) =>
  queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ConsistentRead: true,
  });

export interface DayRange {
  fromDay?: string;
  toDay?: string;
}

const allTime = (days: DayRange) => days.fromDay === undefined && days.toDay === undefined;

/** A user's counter items over the days (either end open); without bounds, the all-time items (one per group). */
export async function readUserListingDays(userId: string, days: DayRange): Promise<Record<string, unknown>[]> {
  if (!allTime(days)) return queryDays(partitionQuery.userListingDays(userId, days.fromDay, days.toDay));
  return queryPrefix(partitionQuery.userListingAllTime(userId));
}

/** Every platform shard's counter items over the days; without bounds, each shard's all-time items (one per type and group). */
export async function readPlatformListingDays(days: DayRange): Promise<Record<string, unknown>[]> {
  const shards = await Promise.all(
    allTime(days)
      ? Array.from({ length: AGGREGATE_SHARDS }, (_, shard) => queryPrefix(partitionQuery.platformListingAllTime(shard)))
      : listingDayRanges(undefined, days.fromDay, days.toDay).map(queryDays),
  );
  return shards.flat();
}

type Update = NonNullable<TransactItem['Update']>;

/**
 * The condition a status change adds so that it is planned on the record as read: the status it
 * moves from and, for a record not yet counted, still uncounted (the backfill's own condition is the
 * other half). Refused when the record moved or the backfill counted it meanwhile: the writer reads
 * it again and plans on what it now is (`countersMovedSince`). The counters themselves follow the
 * change from the stream, with the images before and after it.
 */
export function countersAsRead(before: TransactionRecord): { condition: string; values: Record<string, unknown> } {
  const status = { condition: 'trans_Status = :statusRead', values: { ':statusRead': before.trans_Status } };
  if (!before.uncounted) return status;
  return {
    condition: `${status.condition} AND ${GSI.byKindCreatedAt.partitionKey} = :uncountedPartition`,
    values: { ...status.values, ':uncountedPartition': listingQuery.legacyPlatformTransactionPartition },
  };
}

/**
 * A status change of a record the caller does not hold: read it, then write `plan`'s update — one
 * UpdateItem — conditional also on the record being as read (`countersAsRead`). When the status
 * moved in between, or the backfill counted it, the change is planned again on the record as it now
 * stands; refused otherwise. The record as it was before the change, or undefined when nothing was written.
 */
export async function writeStatusChange(
  id: string,
  read: (id: string) => Promise<TransactionRecord | undefined>,
  plan: (before: TransactionRecord) => { update: Update } | undefined,
): Promise<TransactionRecord | undefined> {
  let before = await read(id);
  while (before) {
    const planned = plan(before);
    if (!planned) return undefined;
    const { update } = planned;
    const asRead = countersAsRead(before);
    if (
      await conditionalUpdate({
        ...update,
        ConditionExpression: `(${update.ConditionExpression}) AND ${asRead.condition}`,
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ...asRead.values },
      })
    )
      return before;
    const current = await read(id);
    // Statuses only move forward and a record is counted once, never uncounted again: this ends.
    if (!current || !countersMovedSince(before, current)) return undefined;
    before = current;
  }
  return undefined;
}
