/**
 * The tie-out's reads and its record on DynamoDB. The balances are read from the wallets
 * themselves — never from a figure derived from the records, which would agree with the records
 * whatever happened to a balance: every user of the users' listing (byKindCreatedAt, `USER`), their
 * wallets 100 keys a call, and the house account's. A daily job's read grows with the users, not
 * with the purchases. Each check's result is kept per Lagos day (`STATS` / `TIEOUT#<day>`).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { PARTITION_PREFIXES } from '../../../../shared/table.js';
import type { TieOutReading, TieOutResult } from '../../../domain/money-desk/tie-out.js';
import { HOUSE_USER_ID } from '../../../domain/wallet/house-account.js';
import { batchGetItems } from '../batch-get.js';
import { db, tableName } from '../client.js';
import { GSI, INDEX, keys, listingQuery } from '../keys.js';
import { queryAll, queryItems } from '../paginate.js';
import { readFlowTotals } from './profit-and-loss-counters.js';

const STATS_PARTITION = PARTITION_PREFIXES.stats;
const TIE_OUT_SK = 'TIEOUT#';
const USER_PK_PREFIX = PARTITION_PREFIXES.user;
/** Users whose wallets one BatchGetItem round reads. */
const WALLETS_PER_READ = 100;

const numberOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

async function sumWallets(userIds: readonly string[]): Promise<number> {
  const items = await batchGetItems(
    userIds.map((userId) => keys.wallet(userId)),
    { attributes: ['balanceKobo'], consistent: true },
  );
  return items.reduce((total, item) => total + numberOf(item.balanceKobo), 0);
}

/** Σ every user's wallet, the house account's balance and the flows, as they stand now. */
export async function readTieOut(): Promise<TieOutReading> {
  // Flows first: a record written while the wallets are read is then in the balances, not yet in the flows,
  // which a later reading catches up (the check reads a difference again before calling it broken).
  const flows = await readFlowTotals();
  let walletsTotalKobo = 0;
  let wallets = 0;
  let batch: string[] = [];
  const users = queryItems({
    TableName: tableName(),
    IndexName: INDEX.byKindCreatedAt,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': GSI.byKindCreatedAt.partitionKey },
    ExpressionAttributeValues: { ':pk': listingQuery.kindPartition('USER') },
    ProjectionExpression: 'pk',
  });
  for await (const user of users) {
    const pk = String(user.pk);
    if (!pk.startsWith(USER_PK_PREFIX)) continue;
    batch.push(pk.slice(USER_PK_PREFIX.length));
    if (batch.length === WALLETS_PER_READ) {
      walletsTotalKobo += await sumWallets(batch);
      wallets += batch.length;
      batch = [];
    }
  }
  if (batch.length) {
    walletsTotalKobo += await sumWallets(batch);
    wallets += batch.length;
  }
  const houseBalanceKobo = await sumWallets([HOUSE_USER_ID]);
  return { walletsTotalKobo, houseBalanceKobo, wallets, ...flows };
}

/** Keeps a check's result: one per Lagos day, the latest check of the day wins. */
export async function recordTieOut(result: TieOutResult): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { pk: STATS_PARTITION, sk: `${TIE_OUT_SK}${result.day}`, entity: 'TieOut', ...result } }));
}

/** The recorded checks of the last days, newest first. */
export async function readRecentTieOuts(limit = 14): Promise<TieOutResult[]> {
  const items = await queryAll(
    {
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': STATS_PARTITION, ':prefix': TIE_OUT_SK },
      ScanIndexForward: false,
      Limit: limit,
    },
    { limit },
  );
  return items.slice(0, limit).map((item) => ({
    day: String(item.day),
    checkedAt: String(item.checkedAt),
    walletsTotalKobo: numberOf(item.walletsTotalKobo),
    houseBalanceKobo: numberOf(item.houseBalanceKobo),
    wallets: numberOf(item.wallets),
    moneyInKobo: numberOf(item.moneyInKobo),
    moneyOutKobo: numberOf(item.moneyOutKobo),
    differenceKobo: numberOf(item.differenceKobo),
    tiesOut: item.tiesOut === true,
  }));
}
