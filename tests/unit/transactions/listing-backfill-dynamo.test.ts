/**
 * The listing backfill on DynamoDB Local (decision 43 (docs/decisions/0043-*)): records written before the counters
 * (legacy platform listing key, no counters) are counted once each and moved to their shard, while
 * the writers keep changing them. After it, every user's and the platform's totals and first page
 * equal the old path over every record, whatever changed before, during or after the pass.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ulid } from 'ulid';
import { afterEach, describe, expect, it } from 'vitest';
import { dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { backfillListing, backfillRecordUpdate, countAsRead, countRecord } from '../../../functions/adapters/dynamo/transactions/listing-backfill.js';
import { CreateTableCommand, DeleteTableCommand, GetItemCommand, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTables, localDynamoClient } from '../../../infra/local/runtime/dynamodb.js';
import { createPlatformTable, platformTableBefore, platformTableShape } from '../../support/dynamo.js';
import { writeStatusChange } from '../../../functions/adapters/dynamo/transactions/listing-aggregates.js';
import { tableName } from '../../../functions/adapters/dynamo/client.js';
import { keys } from '../../../functions/adapters/dynamo/keys.js';
import { dynamoTransactions, getTransaction } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { transferBetweenWallets } from '../../../functions/adapters/dynamo/wallet/transfers.js';
import { dynamoWithdrawals } from '../../../functions/adapters/dynamo/money/withdrawals.js';
import { fulfilPurchase } from '../../../functions/domain/purchases/fulfilment.js';
import type { SupplierOutcome } from '../../../functions/domain/purchases/purchase-state.js';
import { placeAirtimePurchase } from '../../../functions/domain/purchases/purchases.js';
import { transferDrafts } from '../../../functions/domain/wallet/transfers.js';
import { withdrawalDraft } from '../../../functions/domain/money/withdrawal-debit.js';
import { withdrawalAmounts } from '../../../functions/domain/money/withdrawals.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { dropTables } from '../../support/drop-tables.js';
import { loadEnv } from '../../../functions/adapters/environment.js';
import { ENV } from '../../../shared/runtime-env.js';
import { asWrittenBeforeCounters, counterItems, listingKeyOf } from '../../support/legacy-listing.js';
import { expectListingAgrees, listingFilters } from '../../support/listing-totals.js';
import { drainCounters } from '../../support/outbox.js';
import { directoryOf, FakeSupplier, fund, harness, newUser } from '../money/fakes.js';

const dynamo = useDynamoDb({ stream: true });

/**
 * Each history on a table of its own. The backfill and asWrittenBeforeCounters work on the whole
 * table, and the platform's listing reads all of it: on the file's one table every test re-made,
 * re-counted and re-read every earlier test's history too (the ninth did nine histories' work).
 * Measured alone on a loaded 2-core machine: 56–58 CPU-s (file 78–112 s) with one table, 39–44
 * CPU-s (file 49–58 s) with one per history. Each pass still sees every record its test wrote.
 */
let tables = 0;
let ownTable: string | undefined;
async function useOwnTable(): Promise<void> {
  ownTable = `${dynamo.tableName}-${++tables}`;
  await createPlatformTable(dynamo.endpoint, ownTable, { stream: true });
  pointAt(ownTable);
}
function pointAt(table: string): void {
  process.env.TABLE_NAME = table;
  loadEnv([ENV.tableName]);
}
afterEach(async () => {
  if (!ownTable) return;
  pointAt(dynamo.tableName);
  await dropTables(dynamo.endpoint, { names: [ownTable] });
  ownTable = undefined;
});

const ANSWERS: Record<string, SupplierOutcome> = { '08011111111': 'delivered', '08022222222': 'failed', '08033333333': 'ambiguous' };

/**
 * Three users' history through today's code, on a table of the test's own: fundings, a delivered purchase, a failed one (refunded,
 * with its refund record), a pending one, one still processing, a transfer and an open withdrawal.
 */
async function history() {
  await useOwnTable();
  const h = harness(directoryOf(new FakeSupplier('ALARO', (phone) => ANSWERS[phone] ?? 'delivered')));
  const [ada, bola, chidi] = await Promise.all([newUser('smart earner'), newUser('reseller'), newUser('smart earner')]);
  await Promise.all([fund(ada, 5_000_00), fund(bola, 5_000_00)]);
  const buy = async (user: typeof ada, phoneNumber: string, faceValueKobo = 100_00) => {
    const placed = await placeAirtimePurchase(
      { userId: user.userId, userName: user.userName, userType: user.userType, network: 'MTN', phoneNumber, faceValueKobo },
      h.purchase,
    );
    if (placed.kind !== 'accepted') throw new Error(placed.kind);
    return placed.record.id;
  };
  const delivered = await buy(ada, '08011111111');
  const failed = await buy(ada, '08022222222', 200_00);
  const pending = await buy(bola, '08033333333', 300_00);
  const processing = await buy(bola, '08011111111', 400_00);
  const processing2 = await buy(ada, '08011111111', 500_00);
  for (const id of [delivered, failed, pending]) await fulfilPurchase(id, h.fulfilment);
  const sent = await transferBetweenWallets(transferDrafts({ id: ulid(), sender: bola, receiver: chidi, amountKobo: 150_00, now: new Date() }));
  if (sent.kind !== 'posted') throw new Error(sent.kind);
  const amounts = withdrawalAmounts(1_000_00);
  if (!amounts.ok) throw new Error('withdrawal amounts');
  const account = { bankName: 'Access Bank', bankCode: '044', accountNumber: '0123456789', accountName: 'ADA' };
  const withdrawn = await dynamoLedger.debit(withdrawalDraft({ id: ulid(), user: ada, account, amounts, requestFingerprint: 'w', now: new Date() }));
  if (withdrawn.kind !== 'posted') throw new Error(withdrawn.kind);
  return { h, users: [ada, bola, chidi], ids: { delivered, failed, pending, processing, processing2, withdrawal: withdrawn.record.id } };
}

/** Each user's listing and the platform's, for every filter the listing offers: counters and pages against the full read. */
async function expectEveryListingAgrees(userIds: string[]): Promise<void> {
  for (const filter of listingFilters(new Date())) {
    for (const userId of [...userIds, undefined]) await expectListingAgrees(userId, filter, userId ?? 'platform');
  }
}

const success = (now = new Date()) => ({ attempts: [], supplier: 'ALARO', profitKobo: 2_00, now });

describe('the listing backfill', () => {
  it('counts every record written before the counters: each listing then equals the full read, and the platform listing shows them', async () => {
    const { users, ids } = await history();
    await asWrittenBeforeCounters();
    const userIds = users.map((user) => user.userId);
    const everyId = (await Promise.all(userIds.map((userId) => dynamoTransactions.listForUser(userId, {})))).flat().map((record) => record.id);
    // Before: the users' totals miss them, and the platform listing does not show them.
    expect((await dynamoTransactions.listingTotals(userIds[0], {})).count).toBe(0);
    expect((await dynamoTransactions.listAll({})).map((record) => record.id)).not.toContain(ids.delivered);

    const progress: number[] = [];
    const summary = await backfillListing({ pageSize: 5, concurrency: 3, onProgress: (s) => progress.push(s.examined) });

    expect(summary.skipped).toBe(0);
    expect(summary.counted).toBeGreaterThanOrEqual(everyId.length);
    expect(summary.examined).toBe(summary.counted + summary.alreadyCounted);
    expect(progress.length).toBeGreaterThan(1);
    expect((await dynamoTransactions.listAll({})).map((record) => record.id)).toEqual(expect.arrayContaining(everyId));
    for (const id of everyId) expect(await listingKeyOf(id)).toMatch(/^TXN#[0-3]$/);
    await expectEveryListingAgrees(userIds);
  }, 120_000);

  it('running it again, or two passes at once, counts each record once', async () => {
    const { users } = await history();
    await asWrittenBeforeCounters();
    const [first, second] = await Promise.all([backfillListing({ concurrency: 4 }), backfillListing({ concurrency: 4 })]);
    expect(first.skipped + second.skipped).toBe(0);
    const counters = await counterItems();

    const again = await backfillListing();

    expect(again).toEqual({ examined: 0, counted: 0, alreadyCounted: 0, skipped: 0 });
    expect(await counterItems()).toEqual(counters);
    await expectEveryListingAgrees(users.map((user) => user.userId));
  }, 120_000);

  it('a dry run writes nothing: the records stay uncounted and no counter exists', async () => {
    const { ids } = await history();
    await asWrittenBeforeCounters();

    const summary = await backfillListing({ dryRun: true });

    expect(summary.counted).toBeGreaterThan(0);
    expect(await counterItems()).toEqual(new Map());
    expect(await listingKeyOf(ids.delivered)).toBe('TXN');
    expect((await getTransaction(ids.delivered))?.uncounted).toBe(true);
    await backfillListing();
  }, 120_000);

  it('status changes of records not yet counted (settlement, refunds, pending, payout) move no counters; after the backfill every listing is right', async () => {
    const { h, users, ids } = await history();
    await asWrittenBeforeCounters();

    // Settled by the supplier, refunded by an operator, marked pending, and a payout taken and paid: all before the pass.
    await fulfilPurchase(ids.processing, h.fulfilment);
    const refunded = await dynamoLedger.refundPurchase(ids.pending, { reason: 'operator', now: new Date() });
    expect(refunded.kind).toBe('refunded');
    expect(await dynamoTransactions.markPending(ids.processing2, [], new Date())).toBe(true);
    expect(await dynamoWithdrawals.recordProgress(ids.withdrawal, { providerStatus: 'pending', acceptedByProvider: true }, new Date())).toBe(true);
    expect(await dynamoWithdrawals.settleSuccess(ids.withdrawal, 'TRF1', new Date())).toMatchObject({ trans_Status: 'success' });
    // …and then reversed by the bank: refunded, with a refund record of its own.
    const reversed = await dynamoWithdrawals.refund(ids.withdrawal, { reason: 'reversed', payoutStatus: 'reversed', afterSuccess: true, now: new Date() });
    expect(reversed.kind).toBe('refunded');

    // Only the refund's own new record is counted (from the stream); the changed records are still uncounted, under the legacy key.
    await drainCounters();
    const counted = [...(await counterItems()).values()].flatMap((item) => Object.keys(item).filter((name) => name.startsWith('n|')));
    expect(new Set(counted.map((name) => name.split('|')[1]))).toEqual(new Set(['refund']));
    for (const id of [ids.processing, ids.pending, ids.processing2, ids.withdrawal]) expect(await listingKeyOf(id)).toBe('TXN');

    const summary = await backfillListing();

    expect(summary.skipped).toBe(0);
    expect((await getTransaction(ids.processing))?.trans_Status).toBe('success');
    await expectEveryListingAgrees(users.map((user) => user.userId));
  }, 120_000);

  it('the backfill reads a record, a settlement changes it, the backfill write is refused and counts it as it now is', async () => {
    const { users, ids } = await history();
    await asWrittenBeforeCounters();

    const readByBackfill = (await getTransaction(ids.processing))!;
    const settled = await dynamoTransactions.settleSuccess(readByBackfill, success());
    expect(settled?.trans_Status).toBe('success');
    expect(await countAsRead(readByBackfill)).toBe('moved');
    expect(await countRecord(ids.processing)).toEqual({ kind: 'counted' });

    await backfillListing();
    await expectEveryListingAgrees(users.map((user) => user.userId));
  }, 120_000);

  it('a settlement holding a record read before the backfill counted it is refused, reads it again and moves the counters from where the backfill put them', async () => {
    const { users, ids } = await history();
    await asWrittenBeforeCounters();

    const heldBySettlement = (await getTransaction(ids.processing))!;
    expect(heldBySettlement.uncounted).toBe(true);
    expect(await countRecord(ids.processing)).toEqual({ kind: 'counted' });
    const settled = await dynamoTransactions.settleSuccess(heldBySettlement, success());

    expect(settled?.trans_Status).toBe('success');
    expect(settled?.uncounted).toBeUndefined();
    await backfillListing();
    await expectEveryListingAgrees(users.map((user) => user.userId));
  }, 120_000);

  it('a status change that reads the record itself (markPending, payouts) and loses the race to the backfill is planned again on the counted record', async () => {
    const { users, ids } = await history();
    await asWrittenBeforeCounters();
    let reads = 0;
    // Its first read sees the record uncounted; the backfill counts it before the change is written.
    const readThenBackfill = async (id: string) => {
      const record = await getTransaction(id);
      if (reads++ === 0) expect(await countRecord(id)).toEqual({ kind: 'counted' });
      return record;
    };

    const before = await writeStatusChange(ids.processing2, readThenBackfill, (record) =>
      record.trans_Status !== 'processing'
        ? undefined
        : {
            update: {
              TableName: tableName(),
              Key: keys.transaction(record.id),
              UpdateExpression: 'SET trans_Status = :pending, updatedAt = :now',
              ConditionExpression: 'trans_Status = :processing',
              ExpressionAttributeValues: { ':pending': 'pending', ':processing': 'processing', ':now': new Date().toISOString() },
            },
          },
    );

    expect(reads).toBe(2);
    expect(before?.uncounted).toBeUndefined();
    expect((await getTransaction(ids.processing2))?.trans_Status).toBe('pending');
    await backfillListing();
    await expectEveryListingAgrees(users.map((user) => user.userId));
  }, 120_000);

  it("a record stored with phone_number '' before byPhoneNumber existed is re-keyed and loses it; rejection: a write that keeps the '' is refused while the index exists", async () => {
    const name = `before-phone-index-${Date.now()}`;
    const shape = platformTableShape();
    const client = localDynamoClient(dynamo.endpoint);
    try {
      await client.send(new CreateTableCommand(platformTableBefore('byPhoneNumber', name)));
      const at = '2025-06-01T10:00:00.000Z';
      const Key = { pk: { S: 'TXN#F1' }, sk: { S: 'TXN' } };
      await client.send(
        new PutItemCommand({
          TableName: name,
          Item: { ...Key, gsi2pk: { S: 'TXN' }, gsi2sk: { S: `${at}#F1` }, phone_number: { S: '' }, trans_Status: { S: 'success' }, updatedAt: { S: at } },
        }),
      );
      // The deploy that brings the index (locally, ensureTables on an older DATA_DIR).
      await ensureTables(dynamo.endpoint, [
        {
          logicalId: name,
          name,
          keySchema: shape.KeySchema,
          attributeDefinitions: shape.AttributeDefinitions,
          globalSecondaryIndexes: shape.GlobalSecondaryIndexes,
        },
      ]);

      // The trap: any write that leaves the empty key is refused now.
      await expect(
        client.send(
          new UpdateItemCommand({ TableName: name, Key, UpdateExpression: 'SET gsi2pk = :shard', ExpressionAttributeValues: { ':shard': { S: 'TXN#1' } } }),
        ),
      ).rejects.toThrow(/empty string/i);

      const read = { id: 'F1', createdAt: at, updatedAt: at, trans_Status: 'success', phone_number: '' } as Parameters<typeof backfillRecordUpdate>[0];
      await DynamoDBDocumentClient.from(client).send(new TransactWriteCommand({ TransactItems: [{ Update: backfillRecordUpdate(read, name) }] }));
      const after = (await client.send(new GetItemCommand({ TableName: name, Key, ConsistentRead: true }))).Item!;
      expect(after.phone_number).toBeUndefined();
      expect(after.gsi2pk?.S).toMatch(/^TXN#[0-3]$/);
    } finally {
      await client.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined);
      client.destroy();
    }
  });

  it("the operator's command counts a history on the table and endpoint it is given and prints what it did", async () => {
    const { users } = await history();
    await asWrittenBeforeCounters();
    // Only what the command line says: not the test's own table and endpoint variables.
    const { TABLE_NAME: _table, AWS_ENDPOINT_URL_DYNAMODB: _endpoint, ...env } = process.env;
    const run = (...extra: string[]) =>
      promisify(execFile)('node_modules/.bin/tsx', ['functions/ops/backfill-listing.ts', '--table', tableName(), '--endpoint', dynamo.endpoint, ...extra], {
        env,
      });

    const dry = await run('--dry-run');
    expect(dry.stdout).toMatch(/dry run/);
    expect(dry.stdout).toMatch(/done in .* examined (\d+): would count \1, already counted 0, skipped 0/);
    expect(await counterItems()).toEqual(new Map());

    const real = await run();
    expect(real.stdout).toMatch(/done in .* examined (\d+): counted \1, already counted 0, skipped 0/);
    await expectEveryListingAgrees(users.map((user) => user.userId));
  }, 120_000);

  it('rejects: the command without a table stops before touching anything and says how to run it', async () => {
    const failure = await promisify(execFile)('node_modules/.bin/tsx', ['functions/ops/backfill-listing.ts', '--dry-run']).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run backfill:listing') });
  }, 60_000);
});
