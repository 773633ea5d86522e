/**
 * A listing filtered by a status it rarely or never has: the counters say how many
 * records match, so the page's read stops after the last of them, and a filter that matches nothing
 * reads no record at all. A user's counters are exact at once; the platform's (the admin's listing)
 * follow from the stream, and the admin's page follows them.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../../functions/adapters/dynamo/client.js';
import { dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { addCounterChanges, counterItemOf } from '../../../functions/adapters/dynamo/transactions/listing-aggregates.js';
import { dynamoTransactions, transactionItem } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { tableName } from '../../../functions/adapters/dynamo/client.js';
import type { TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import { airtimePurchaseRecord } from '../../support/transaction-record.js';
import { listTransactionsFor } from '../../../functions/domain/transactions/transaction-listing.js';
import { placeAirtimePurchase } from '../../../functions/domain/purchases/purchases.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { directoryOf, fund, harness, newUser, FakeSupplier } from '../money/fakes.js';
import { drainCounters } from '../../support/outbox.js';

// The counters are summed from the table's stream (decision 129): its reader runs before the listings are read.
useDynamoDb({ stream: true });

const h = harness(directoryOf(new FakeSupplier('ALARO', () => 'delivered')));

async function historyWithTwoOldRefunds() {
  const user = await newUser();
  await fund(user, 5_000_00);
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) {
    const placed = await placeAirtimePurchase(
      { userId: user.userId, userName: user.userName, userType: 'smart earner', network: 'MTN', phoneNumber: '08011111111', faceValueKobo: 100_00 },
      h.purchase,
    );
    if (placed.kind !== 'accepted') throw new Error(placed.kind);
    ids.push(placed.record.id);
  }
  for (const id of ids.slice(0, 2)) await dynamoLedger.refundPurchase(id, { reason: 'test', now: new Date() });
  await drainCounters();
  return { user, refunded: ids.slice(0, 2) };
}

const deps = { transactions: dynamoTransactions, findUserByUserName: async () => undefined };
/** The one-key probe of a user's newest change (whether the counts may still trail: `countsUpdating`), never a page's read. */
const isNewestChangeProbe = (input: Record<string, unknown>) => input.Limit === 1 && input.ProjectionExpression === 'updatedAt';
const queriesDuring = async <T>(work: () => Promise<T>) => {
  const send = vi.spyOn(db(), 'send');
  try {
    const result = await work();
    return {
      result,
      queries: send.mock.calls
        .filter(([command]) => command instanceof QueryCommand)
        .map(([command]) => (command as QueryCommand).input)
        .filter((input) => !isNewestChangeProbe(input as Record<string, unknown>)),
    };
  } finally {
    send.mockRestore();
  }
};

// Each test writes a history of 14 records and drains the counter reader: 22 s measured on a loaded two-core run.
describe("a user's listing filtered by status", { timeout: 66_000 }, () => {
  it('finds the rare matches however old they are, with their count', async () => {
    const { user, refunded } = await historyWithTwoOldRefunds();
    const page = await listTransactionsFor({ userId: user.userId, isAdmin: false, isAgent: false }, { filter: { status: 'refunded' }, page: 1 }, deps);
    expect(page.noOfTransaction).toBe(2);
    expect(page.transactions.map((t) => t._id).sort()).toEqual([...refunded].sort());
  });

  it('a status the user never had reads no record: only the counters are queried', async () => {
    const { user } = await historyWithTwoOldRefunds();
    const { result, queries } = await queriesDuring(() =>
      listTransactionsFor({ userId: user.userId, isAdmin: false, isAgent: false }, { filter: { status: 'failed' }, page: 1 }, deps),
    );
    expect(result).toMatchObject({ transactions: [], noOfTransaction: 0 });
    expect(queries.some((input) => input.IndexName !== undefined)).toBe(false);
  });

  it('the page read stops at the last match the counters announce', async () => {
    const { user } = await historyWithTwoOldRefunds();
    expect(await dynamoTransactions.listingPage(user.userId, { status: 'refunded' }, 1, 20, 0)).toEqual([]);
    expect(await dynamoTransactions.listingPage(user.userId, { status: 'refunded' }, 1, 20, 2)).toHaveLength(2);
    expect(await dynamoTransactions.listingPage(user.userId, { status: 'refunded' }, 2, 20, 2)).toEqual([]);
  });
});

describe("the admin's listing filtered by status", () => {
  // A whole Lagos day long past: the platform's counters have nothing there.
  const day = { fromIso: new Date('2001-01-01T00:00:00.000+01:00').toISOString(), toIso: new Date('2001-01-01T23:59:59.999+01:00').toISOString() };
  const admin = { userId: 'admin', isAdmin: true, isAgent: false };

  it('a status the platform counters have not counted reads no record: only the counters are queried', async () => {
    await historyWithTwoOldRefunds();
    const { result, queries } = await queriesDuring(() => listTransactionsFor(admin, { filter: { status: 'failed', ...day }, page: 1 }, deps));
    expect(result).toMatchObject({ transactions: [], noOfTransaction: 0 });
    expect(queries.some((input) => input.IndexName !== undefined)).toBe(false);
  });

  it('rejects: without a status, type or user type, the page is read from the index (the counters do not bound it)', async () => {
    const { queries } = await queriesDuring(() => listTransactionsFor(admin, { filter: { ...day }, page: 1 }, deps));
    expect(queries.some((input) => input.IndexName !== undefined)).toBe(true);
  });
});

describe("a rare match deep in a user's history (decision 93 (docs/decisions/0093-*))", () => {
  /**
   * Three Lagos days of one user's history, written as the ledger writes them with the user's counters:
   * one failed purchase on the oldest day, then 25 delivered ones on each of the two days after.
   */
  async function threeDays({ days = ['2026-01-10', '2026-01-11', '2026-01-12'], scope = 'user' as 'user' | 'all' } = {}) {
    const userId = ulid();
    const at = (day: string, i: number) => new Date(`${day}T09:00:${String(i).padStart(2, '0')}.000+01:00`).toISOString();
    const record = (createdAt: string, overrides: Partial<TransactionRecord> = {}) =>
      airtimePurchaseRecord({ id: ulid(), userId, trans_UserName: 'deep', createdAt, ...overrides });
    const failed = record(at(days[0]!, 0), { trans_Status: 'failed', profitKobo: undefined });
    const later = days.slice(1).flatMap((day) => Array.from({ length: 25 }, (_, i) => record(at(day, i))));
    const records = [failed, ...later];
    // The platform's too when asked (the stream's consumer would sum them): the admin's listing reads those.
    const counters = addCounterChanges(
      new Map(),
      records.map((after) => ({ before: undefined, after })),
      scope,
    );
    for (const Item of [...records.map(transactionItem), ...[...counters.values()].map(counterItemOf)])
      await db().send(new PutCommand({ TableName: tableName(), Item }));
    return { userId, failed, later };
  }
  const indexBounds = (queries: Record<string, unknown>[]) =>
    queries
      .filter((input) => input.IndexName !== undefined)
      .map((input) => input.ExpressionAttributeValues as Record<string, string>)
      .map((values) => [values[':from'], values[':to']]);

  it('is read from its own day: the days above it that hold none are skipped by the counters', async () => {
    const { userId, failed } = await threeDays();
    const { result, queries } = await queriesDuring(() => dynamoTransactions.listingPage(userId, { status: 'failed' }, 1, 20, 1));
    expect(result.map((r) => r.id)).toEqual([failed.id]);
    const [[from, to]] = indexBounds(queries) as [[string, string]];
    expect(from >= '2026-01-09T23:00:00.000Z' && to <= '2026-01-10T22:59:59.999Z\uffff').toBe(true);
  });

  it('a page of a frequent status keeps to the days that fill it', async () => {
    const { userId, later } = await threeDays();
    const newestFirst = [...later].reverse().map((r) => r.id);
    const pageOne = await queriesDuring(() => dynamoTransactions.listingPage(userId, { status: 'success' }, 1, 20, 50));
    expect(pageOne.result.map((r) => r.id)).toEqual(newestFirst.slice(0, 20));
    expect(indexBounds(pageOne.queries)[0]![0]! >= '2026-01-11T23:00:00.000Z').toBe(true);
    const pageTwo = await dynamoTransactions.listingPage(userId, { status: 'success' }, 2, 20, 50);
    expect(pageTwo.map((r) => r.id)).toEqual(newestFirst.slice(20, 40));
  });

  it("the admin's listing across every user finds it by the platform's day counters, each shard kept to its day", async () => {
    const { failed } = await threeDays({ days: ['2026-02-10', '2026-02-11', '2026-02-12'], scope: 'all' });
    const { result, queries } = await queriesDuring(() => dynamoTransactions.listingPage(undefined, { status: 'failed' }, 1, 20, 1));
    expect(result.map((r) => r.id)).toEqual([failed.id]);
    const bounds = indexBounds(queries);
    expect(bounds).toHaveLength(4);
    for (const [from, to] of bounds) expect(from! >= '2026-02-09T23:00:00.000Z' && to! <= '2026-02-10T22:59:59.999Z\uffff').toBe(true);
  });

  it('through the listing: the deep match and its count', async () => {
    const { userId, failed } = await threeDays();
    const page = await listTransactionsFor({ userId, isAdmin: false, isAgent: false }, { filter: { status: 'failed' }, page: 1 }, deps);
    expect(page.noOfTransaction).toBe(1);
    expect(page.transactions.map((t) => t._id)).toEqual([failed.id]);
  });

  it("rejects: a filter whose bounds cut a day is not kept to the counters' days (they count the whole day)", async () => {
    const { userId, failed } = await threeDays();
    const fromIso = new Date('2026-01-10T08:00:00.000+01:00').toISOString();
    const { result, queries } = await queriesDuring(() => dynamoTransactions.listingPage(userId, { status: 'failed', fromIso }, 1, 20, 1));
    expect(result.map((r) => r.id)).toEqual([failed.id]);
    expect(indexBounds(queries)[0]![1]).toBeUndefined();
  });
});
