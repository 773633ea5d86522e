/**
 * The listing's counters on DynamoDB (rules in domain/listing-aggregates.ts). Writers add
 * `aggregateItems` — the user's own counters — to the very TransactWriteItems that creates a record
 * or changes its status, so a user's counters move exactly when the record does; `ADD` creates a
 * missing item or attribute. The platform's counters, which every user's writes would share, are
 * summed from the table's stream (adapters/dynamo/stream-counters.ts) with the same increments.
 * Readers query a user's day items, or the platform's shard partitions, by day range: O(days).
 */
import { aggregateDeltas, AGGREGATE_SHARDS, amountsByGroup, countersMovedSince, type AggregateDelta } from '../../../domain/transactions/listing-aggregates.js';
import type { TransactionRecord } from '../../../domain/transactions/transactions.js';
import { tableName } from '../client.js';
import { transactWrite, type TransactItem } from '../conditional-writes.js';
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

/** Whose counters: the user's own (moved in the record's write), the platform's (moved from the stream), or both (a seeded history). */
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

/** The counter updates of one write's record changes: the user's own items only (the platform's follow from the stream). */
export const aggregateItems = (changes: readonly RecordChange[]): TransactItem[] => counterUpdates(changes, 'user');

/** The creation of a record. */
export const createdItems = (...records: TransactionRecord[]): TransactItem[] => aggregateItems(records.map((after) => ({ before: undefined, after })));

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
 * The condition a status change adds for its counters: the record is as it was read — the status
 * the counters move from and, for a record not yet counted (no counters move), still uncounted.
 * Refused when the record moved or the backfill counted it meanwhile: the writer reads it again
 * and plans on what it now is (`countersMovedSince`).
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
 * A status change of a record the caller does not hold: read it, then write `plan`'s update
 * conditional also on the record being as read (`countersAsRead`), with the counters' move from
 * that status's bucket (none for a record not yet counted). When the status moved in between, or
 * the backfill counted it, the change is planned again on the record as it now stands; refused
 * otherwise. The record as it was before the change, or undefined when nothing was written.
 */
export async function writeStatusChange(
  id: string,
  read: (id: string) => Promise<TransactionRecord | undefined>,
  plan: (before: TransactionRecord) => { update: Update; after: TransactionRecord } | undefined,
  what: string,
): Promise<TransactionRecord | undefined> {
  let before = await read(id);
  while (before) {
    const planned = plan(before);
    if (!planned) return undefined;
    const { update } = planned;
    const asRead = countersAsRead(before);
    const guarded: Update = {
      ...update,
      ConditionExpression: `(${update.ConditionExpression}) AND ${asRead.condition}`,
      ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ...asRead.values },
    };
    const result = await transactWrite([{ Update: guarded }, ...aggregateItems([{ before, after: planned.after }])], what);
    if (result.ok) return before;
    const current = await read(id);
    // Statuses only move forward and a record is counted once, never uncounted again: this ends.
    if (!current || !countersMovedSince(before, current)) return undefined;
    before = current;
  }
  return undefined;
}
