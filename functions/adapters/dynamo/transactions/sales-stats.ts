/**
 * The back office's running totals on DynamoDB (rules in domain/sales-stats.ts). The stream's
 * counter consumer (stream-counters.ts) sums each batch of record changes into these items, once
 * per change; no user's write touches them. Readers query one small
 * partition by sort-key range: the cost depends on the days shown, not on the history.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Kobo } from '../../../../shared/money.js';
import { hashShard, type StatDelta, type StatTotals } from '../../../domain/back-office/sales-stats.js';
import { db, tableName } from '../client.js';
import type { TransactItem } from '../conditional-writes.js';
import { GSI, INDEX, keys, listingQuery, partitionQuery } from '../keys.js';
import { queryAll } from '../paginate.js';

const STAT_ENTITY = 'STAT';

/** Shards of the wallet total: writers on different wallets seldom hold the same counter. */
export const WALLET_TOTAL_SHARDS = 16;

/** Adds one delta to its day × product × network shard (created on first use). */
export function statItem(delta: StatDelta): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.salesDay(delta.day, delta.product, delta.network, delta.shard),
      UpdateExpression:
        'SET entity = :entity, #day = :day, product = :product, network = :network ADD salesKobo :sales, profitKobo :profit, salesCount :salesCount, refundsKobo :refunds, refundCount :refundCount',
      ExpressionAttributeNames: { '#day': 'day' },
      ExpressionAttributeValues: {
        ':entity': STAT_ENTITY,
        ':day': delta.day,
        ':product': delta.product,
        ':network': delta.network,
        ':sales': delta.salesKobo,
        ':profit': delta.profitKobo,
        ':salesCount': delta.salesCount,
        ':refunds': delta.refundsKobo,
        ':refundCount': delta.refundCount,
      },
    },
  };
}

/** The wallet-total shard of an id: the counters' consumer sums a chunk's balance changes into that of its first record to move one. */
export const walletTotalShardOf = (id: string): number => hashShard(id, WALLET_TOTAL_SHARDS);

/** Moves one wallet-total shard by the sum of balance changes (credits positive, debits negative). */
export function walletTotalItem(shard: number, changeKobo: Kobo): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.walletTotal(shard),
      UpdateExpression: 'SET entity = :entity ADD totalBalanceKobo :change',
      ExpressionAttributeValues: { ':entity': STAT_ENTITY, ':change': changeKobo },
    },
  };
}

const numberOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Every shard of every day × product × network between two days (inclusive). */
export async function readSalesTotals(fromDay: string, toDay: string): Promise<StatTotals[]> {
  const range = partitionQuery.salesDays(fromDay, toDay);
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': range.pk, ':from': range.from, ':to': range.to },
  });
  return items.map((item) => ({
    day: String(item.day),
    product: String(item.product) as StatTotals['product'],
    network: String(item.network),
    salesKobo: numberOf(item.salesKobo),
    profitKobo: numberOf(item.profitKobo),
    salesCount: numberOf(item.salesCount),
    refundsKobo: numberOf(item.refundsKobo),
    refundCount: numberOf(item.refundCount),
  }));
}

export async function readWalletTotalKobo(): Promise<Kobo> {
  const { pk, skPrefix } = partitionQuery.walletTotals;
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
  });
  return items.reduce((total, item) => total + numberOf(item.totalBalanceKobo), 0);
}

/** Counts an index partition without reading its items' attributes. */
async function countPartition(index: 'byKindCreatedAt' | 'byOpenSinceKeys', partition: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: INDEX[index],
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': GSI[index].partitionKey },
        ExpressionAttributeValues: { ':pk': partition },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/** Purchases still processing or pending: the sweeper's sparse index, small by design. */
export const countOpenPurchases = async (): Promise<number> =>
  (await Promise.all(listingQuery.openPurchasePartitions().map((partition) => countPartition('byOpenSinceKeys', partition)))).reduce((sum, n) => sum + n, 0);

/** Registered users: a key-only count of the users' listing. */
export const countUsers = (): Promise<number> => countPartition('byKindCreatedAt', listingQuery.kindPartition('USER'));
