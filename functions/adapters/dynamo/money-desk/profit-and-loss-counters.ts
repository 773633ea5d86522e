/**
 * The money desk's running figures on DynamoDB, in the STATS partition beside the sales figures:
 * the profit and loss per Lagos day × product × supplier × user type (sharded), and the day's
 * money in and out of every wallet (the tie-out's flows). The stream's counter consumer
 * (transactions/stream-counters.ts) adds each batch's increments in the same once-only write as the
 * other platform counters; no user's write touches them. Readers query one partition by
 * sort-key range: the cost depends on the days asked, not on the history.
 */
import type { TransactItem } from '../conditional-writes.js';
import { PARTITION_PREFIXES } from '../../../../shared/table.js';
import { batchPnlDeltas, type PnlDelta, type PnlRecordChange, type PnlTotals } from '../../../domain/money-desk/profit-and-loss.js';
import { batchFlowDeltas, type FlowDelta } from '../../../domain/money-desk/tie-out.js';
import { tableName } from '../client.js';
import { queryAll } from '../paginate.js';

const STATS_PARTITION = PARTITION_PREFIXES.stats;
const PNL_SK = 'PNL#';
const FLOW_SK = 'FLOW#';
const ENTITY = 'STAT';

export const pnlKey = (d: Pick<PnlDelta, 'day' | 'product' | 'supplier' | 'userType' | 'shard'>) => ({
  pk: STATS_PARTITION,
  sk: `${PNL_SK}${d.day}#${d.product}#${d.supplier}#${d.userType}#${d.shard}`,
});
export const flowKey = (d: Pick<FlowDelta, 'day' | 'shard'>) => ({ pk: STATS_PARTITION, sk: `${FLOW_SK}${d.day}#${d.shard}` });

function pnlItem(d: PnlDelta): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: pnlKey(d),
      UpdateExpression:
        'SET entity = :entity, #day = :day, product = :product, supplier = :supplier, userType = :userType ADD revenueKobo :revenue, supplierCostKobo :cost, referralRewardsKobo :rewards, refundsKobo :refunds, #count :count',
      ExpressionAttributeNames: { '#day': 'day', '#count': 'count' },
      ExpressionAttributeValues: {
        ':entity': ENTITY,
        ':day': d.day,
        ':product': d.product,
        ':supplier': d.supplier,
        ':userType': d.userType,
        ':revenue': d.revenueKobo,
        ':cost': d.supplierCostKobo,
        ':rewards': d.referralRewardsKobo,
        ':refunds': d.refundsKobo,
        ':count': d.count,
      },
    },
  };
}

function flowItem(d: FlowDelta): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: flowKey(d),
      UpdateExpression: 'SET entity = :entity, #day = :day ADD inKobo :in, outKobo :out',
      ExpressionAttributeNames: { '#day': 'day' },
      ExpressionAttributeValues: { ':entity': ENTITY, ':day': d.day, ':in': d.inKobo, ':out': d.outKobo },
    },
  };
}

/** The money desk's counter updates a set of record changes makes, one per item touched. */
export function moneyDeskItemsOf(changes: readonly PnlRecordChange[]): TransactItem[] {
  return [...batchPnlDeltas(changes).map(pnlItem), ...batchFlowDeltas(changes).map(flowItem)];
}

const numberOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Every shard of every group between two Lagos days (inclusive). */
export async function readPnlTotals(fromDay: string, toDay: string): Promise<PnlTotals[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': STATS_PARTITION, ':from': `${PNL_SK}${fromDay}#`, ':to': `${PNL_SK}${toDay}#\uffff` },
  });
  return items.map((item) => ({
    day: String(item.day),
    product: String(item.product),
    supplier: String(item.supplier),
    userType: String(item.userType),
    revenueKobo: numberOf(item.revenueKobo),
    supplierCostKobo: numberOf(item.supplierCostKobo),
    referralRewardsKobo: numberOf(item.referralRewardsKobo),
    refundsKobo: numberOf(item.refundsKobo),
    count: numberOf(item.count),
  }));
}

/** Money in and out of every wallet (the house's included) since the flows were first counted. */
export async function readFlowTotals(): Promise<{ moneyInKobo: number; moneyOutKobo: number }> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': STATS_PARTITION, ':prefix': FLOW_SK },
    ProjectionExpression: 'inKobo, outKobo',
  });
  let moneyInKobo = 0;
  let moneyOutKobo = 0;
  for (const item of items) {
    moneyInKobo += numberOf(item.inKobo);
    moneyOutKobo += numberOf(item.outKobo);
  }
  return { moneyInKobo, moneyOutKobo };
}
