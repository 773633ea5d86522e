/**
 * The sweeper's list of open purchases on a real DynamoDB Local: the open index
 * keeps keys only and spreads purchases over shards, and the sweeper still pages through every open
 * purchase exactly once, oldest first, including those an earlier version put in the one `OPEN`
 * partition.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../../functions/adapters/dynamo/client.js';
import { GSI, listingQuery } from '../../../functions/adapters/dynamo/keys.js';
import { dynamoTransactions, transactionItem } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import type { TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import { useDynamoDb } from '../../support/dynamo.js';

useDynamoDb();

/** A day of its own per run, so other files' open purchases stay outside the window read. */
const day = new Date(Date.UTC(2001, 0, 1 + (Date.now() % 3000)));
const at = (minute: number) => new Date(day.getTime() + minute * 60_000).toISOString();
const window = { notBefore: new Date(day.getTime() - 1), notAfter: new Date(day.getTime() + 24 * 3600_000) };

function openPurchase(id: string, createdAt: string): TransactionRecord {
  return {
    id,
    userId: `open-owner-${id}`,
    trans_UserName: 'owner',
    userType: 'smart earner',
    trans_Type: 'airtime',
    trans_Status: 'processing',
    trans_Network: 'MTN',
    phone_number: '08011111111',
    amountKobo: 100_00,
    balanceBeforeKobo: 100_00,
    balanceAfterKobo: 0,
    walletSeq: 2,
    requestFingerprint: id,
    createdAt,
    updatedAt: createdAt,
  } as TransactionRecord;
}

async function everyPage(limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await dynamoTransactions.listOpen(limit, cursor, window);
    ids.push(...page.items.map((item) => item.id));
    cursor = page.cursor;
    pages++;
  } while (cursor && pages < 100);
  return { ids, pages };
}

describe('open purchases for the sweeper', () => {
  it('are spread over the shards, and listed oldest first across them, each once, page after page', async () => {
    const run = Date.now().toString(36);
    const purchases = Array.from({ length: 13 }, (_, i) => openPurchase(`OPEN${run}${String(i).padStart(2, '0')}`, at(i)));
    // Written newest first, so the index's order is not the order of writing.
    for (const purchase of [...purchases].reverse()) await db().send(new PutCommand({ TableName: tableName(), Item: transactionItem(purchase) }));
    const partitions = new Set(purchases.map((purchase) => transactionItem(purchase)[GSI.byOpenSinceKeys.partitionKey]));
    expect(partitions.size).toBeGreaterThan(1);
    expect([...partitions].every((partition) => listingQuery.openPurchasePartitions().includes(String(partition)))).toBe(true);

    for (const limit of [1, 4, 100]) {
      const { ids, pages } = await everyPage(limit);
      expect(ids).toEqual(purchases.map((purchase) => purchase.id));
      expect(pages).toBeLessThanOrEqual(Math.ceil(purchases.length / limit) + 1);
    }
  });

  it('include a purchase still in the one partition of an earlier version, in its place by age', async () => {
    const run = Date.now().toString(36);
    const newer = openPurchase(`OPENNEW${run}`, at(600));
    const legacy = openPurchase(`OPENOLD${run}`, at(599));
    await db().send(new PutCommand({ TableName: tableName(), Item: transactionItem(newer) }));
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...transactionItem(legacy), [GSI.byOpenSinceKeys.partitionKey]: 'OPEN', [GSI.byOpenSinceKeys.sortKey]: `${legacy.createdAt}#${legacy.id}` },
      }),
    );
    const { ids } = await everyPage(2);
    expect(ids.indexOf(legacy.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(legacy.id)).toBe(ids.indexOf(newer.id) - 1);
  });

  it('rejects: a settled purchase is not in the index, and an open withdrawal is not listed among purchases', async () => {
    const run = Date.now().toString(36);
    const settled = { ...openPurchase(`OPENDONE${run}`, at(700)), trans_Status: 'success' as const };
    const withdrawal = { ...openPurchase(`OPENWD${run}`, at(701)), trans_Type: 'withdrawal' as const };
    for (const record of [settled, withdrawal]) await db().send(new PutCommand({ TableName: tableName(), Item: transactionItem(record) }));
    expect(transactionItem(settled)[GSI.byOpenSinceKeys.partitionKey]).toBeUndefined();
    const { ids } = await everyPage(50);
    expect(ids).not.toContain(settled.id);
    expect(ids).not.toContain(withdrawal.id);
  });
});
