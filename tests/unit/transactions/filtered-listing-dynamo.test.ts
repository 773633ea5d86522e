/**
 * A listing filtered by a status it rarely or never has (issue 19 goal 6): the counters say how many
 * records match, so the page's read stops after the last of them, and a filter that matches nothing
 * reads no record at all. A user's counters are exact at once; the platform's (the admin's listing)
 * follow from the stream, and the admin's page follows them.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../../functions/adapters/dynamo/client.js';
import { dynamoLedger } from '../../../functions/adapters/dynamo/ledger.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions.js';
import { listTransactionsFor } from '../../../functions/domain/transaction-listing.js';
import { placeAirtimePurchase } from '../../../functions/domain/purchases.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { directoryOf, fund, harness, newUser, FakeSupplier } from '../money/fakes.js';

useDynamoDb();

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
  return { user, refunded: ids.slice(0, 2) };
}

const deps = { transactions: dynamoTransactions, findUserByUserName: async () => undefined };
const queriesDuring = async <T>(work: () => Promise<T>) => {
  const send = vi.spyOn(db(), 'send');
  try {
    const result = await work();
    return { result, queries: send.mock.calls.filter(([command]) => command instanceof QueryCommand).map(([command]) => (command as QueryCommand).input) };
  } finally {
    send.mockRestore();
  }
};

describe("a user's listing filtered by status", () => {
  it('finds the rare matches however old they are, with their count', async () => {
    const { user, refunded } = await historyWithTwoOldRefunds();
    const page = await listTransactionsFor({ userId: user.userId, isAdmin: false, isAgent: false }, { filter: { status: 'refunded' }, page: 1 }, deps);
    expect(page.noOfTransaction).toBe(2);
    expect(page.transactions.map((t) => t._id).sort()).toEqual([...refunded].sort());
  });

  it('a status the user never had reads no record: only the counters are queried', async () => {
    const { user } = await historyWithTwoOldRefunds();
    const { result, queries } = await queriesDuring(() => listTransactionsFor({ userId: user.userId, isAdmin: false, isAgent: false }, { filter: { status: 'failed' }, page: 1 }, deps));
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
