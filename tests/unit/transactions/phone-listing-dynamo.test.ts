/**
 * GET /transaction filtered by a whole phone number (decision 43 (docs/decisions/0043-*)): page, count and
 * figures come from that number's own records, read from the byPhoneNumber index, and equal what the
 * old path gave (every record of the listing's scope read, kept when `phone_number` contains the text).
 * A part of a number keeps that old path.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../../functions/adapters/dynamo/client.js';
import { INDEX } from '../../../functions/adapters/dynamo/keys.js';
import { dynamoTransactions, transactionItem } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { listTransactionsFor, type TransactionListingDeps, type TransactionViewer } from '../../../functions/domain/transactions/transaction-listing.js';
import { listingBounds, type TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import type { TransactionFilter } from '../../../functions/domain/transactions/transactions-port.js';
import { wholePhoneNumber } from '../../../shared/api/common.js';
import type { TransactionStatus, TransactionType, UserType } from '../../../shared/constants.js';
import { useDynamoDb, withDynamoMiddleware } from '../../support/dynamo.js';
import { airtimePurchaseRecord } from '../../support/transaction-record.js';

useDynamoDb();

const NUMBER = '08011111111';
const OTHER_NUMBER = '08022222222';
const ADA = { userId: 'U-ada', userName: 'ada' };
const BOLA = { userId: 'U-bola', userName: 'bola' };
const USERS = [ADA, BOLA];

const STATUSES: TransactionStatus[] = ['success', 'failed', 'refunded', 'pending', 'processing', 'success'];
const USER_TYPES: UserType[] = ['smart earner', 'reseller'];
let sequence = 0;
/** Each test reads the table many times (a shared machine may be slow). */
const SLOW = 60_000;

/** The n-th record of a user: an airtime or data purchase for `phone`, or (phone '') a funding; spread over two days. */
function record(user: { userId: string; userName: string }, phone: string, n: number): TransactionRecord {
  sequence += 1;
  const createdAt = new Date(Date.parse('2026-03-01T06:00:00.000Z') + sequence * 17 * 60_000).toISOString();
  const id = `T${String(sequence).padStart(4, '0')}`;
  const base = { id, userId: user.userId, trans_UserName: user.userName, createdAt, updatedAt: createdAt, walletSeq: sequence, userType: USER_TYPES[n % 2]! };
  if (phone === '') {
    return airtimePurchaseRecord({
      ...base,
      trans_Type: 'wallet',
      trans_Network: '',
      phone_number: '',
      amountKobo: 500_00,
      balanceBeforeKobo: 0,
      balanceAfterKobo: 500_00,
      description: 'Funding',
    });
  }
  const type: TransactionType = n % 3 === 0 ? 'data' : 'airtime';
  const amountKobo = (100 + n * 7) * 100;
  return airtimePurchaseRecord({
    ...base,
    trans_Type: type,
    trans_Status: STATUSES[n % STATUSES.length]!,
    phone_number: phone,
    amountKobo,
    faceValueKobo: type === 'airtime' ? amountKobo + 100 : undefined,
    volume: type === 'data' ? '1GB' : `₦${amountKobo / 100}`,
    profitKobo: n * 3,
    balanceBeforeKobo: 10_000_00,
    balanceAfterKobo: 10_000_00 - amountKobo,
    description: `purchase for ${phone}`,
  });
}

async function put(records: TransactionRecord[]): Promise<void> {
  await Promise.all(records.map((r) => db().send(new PutCommand({ TableName: tableName(), Item: transactionItem(r) }))));
}

/** What the listing read before (decision 43 (docs/decisions/0043-*)): every record of the scope, kept when `phone_number` contains the text. */
async function oldFullRead(userId: string | undefined, filter: TransactionFilter): Promise<TransactionRecord[]> {
  const { phoneNumber, ...rest } = filter;
  const scope = await (userId === undefined ? dynamoTransactions.listAll(rest) : dynamoTransactions.listForUser(userId, rest));
  return scope.filter((r) => phoneNumber === undefined || r.phone_number.includes(phoneNumber));
}

const findUserByUserName = async (userName: string) => USERS.find((u) => u.userName === userName);
const today: TransactionListingDeps = { transactions: dynamoTransactions, findUserByUserName };

/** The listing's own domain rule fed the old path's records: the answer GET /transaction gave before. */
function oldPath(records: TransactionRecord[]): TransactionListingDeps {
  const fail = async (): Promise<never> => {
    throw new Error('the old path read every record');
  };
  return {
    transactions: { get: fail, listForUser: async () => records, listAll: async () => records, listingTotals: fail, listingPage: fail },
    findUserByUserName,
  };
}

interface ReadQuery {
  indexName: string | undefined;
  partition: unknown;
  scanned: number;
}

/**
 * Every Query `run` sends through the functions' client (its index, its partition and how many index
 * items it read), and how many keys its BatchGetItem calls asked for.
 */
async function queriesOf<T>(run: () => Promise<T>): Promise<{ result: T; queries: ReadQuery[]; keysFetched: number }> {
  const queries: ReadQuery[] = [];
  let keysFetched = 0;
  const capture = (next: any) => async (args: any) => {
    const output = await next(args);
    if (args.input?.RequestItems)
      for (const request of Object.values(args.input.RequestItems) as { Keys?: unknown[] }[]) keysFetched += request.Keys?.length ?? 0;
    if (args.input?.KeyConditionExpression) {
      const pk = args.input.ExpressionAttributeValues?.[':pk'];
      queries.push({
        indexName: args.input.IndexName,
        partition: typeof pk === 'object' && pk && 'S' in pk ? pk.S : pk,
        scanned: output.output?.ScannedCount ?? 0,
      });
    }
    return output;
  };
  const result = await withDynamoMiddleware(capture, run);
  return { result, queries, keysFetched };
}

const viewers: [string, TransactionViewer, string | undefined][] = [
  ['ada', { userId: ADA.userId, isAdmin: false, isAgent: false }, undefined],
  ['the admin', { userId: 'U-admin', isAdmin: true, isAgent: false }, undefined],
  ["the admin, ada's", { userId: 'U-admin', isAdmin: true, isAgent: false }, ADA.userName],
];
const scopeOf = (viewer: TransactionViewer, userName: string | undefined) =>
  viewer.isAdmin ? USERS.find((u) => u.userName === userName)?.userId : viewer.userId;

const phoneFilters: TransactionFilter[] = [
  { phoneNumber: NUMBER },
  { phoneNumber: ` ${NUMBER} ` },
  { phoneNumber: NUMBER, status: 'success' },
  { phoneNumber: NUMBER, status: 'pending' },
  { phoneNumber: NUMBER, type: 'airtime' },
  { phoneNumber: NUMBER, type: 'wallet' },
  { phoneNumber: NUMBER, userType: 'reseller', status: 'failed' },
  { phoneNumber: NUMBER, ...listingBounds('2026-03-01', '2026-03-01') },
  { phoneNumber: NUMBER, fromIso: '2026-03-01T15:00:00.000Z' },
];

describe('the transaction listing filtered by a whole phone number', () => {
  it(
    'setup: two users buy for the same number and for others, and fund their wallets',
    async () => {
      // Interleaved, so that every page mixes the users' records and other numbers' records lie between them.
      const records: TransactionRecord[] = [];
      for (let n = 0; n < 30; n++) {
        records.push(record(ADA, NUMBER, n));
        if (n % 3 === 0) records.push(record(BOLA, NUMBER, n));
        records.push(record(BOLA, OTHER_NUMBER, n), record(ADA, OTHER_NUMBER, n));
        if (n % 5 === 0) records.push(record(ADA, '', n), record(BOLA, '', n));
      }
      await put(records);
    },
    SLOW,
  );

  for (const [label, viewer, userName] of viewers) {
    it(
      `gives ${label} the same page, pages and figures as reading every record did`,
      async () => {
        for (const filter of phoneFilters) {
          const reference = await oldFullRead(scopeOf(viewer, userName), { ...filter, phoneNumber: filter.phoneNumber?.trim() });
          for (const page of [1, 2, 3]) {
            const listing = { filter, userName, page };
            const expected = await listTransactionsFor(viewer, listing, oldPath(reference));
            expect(await listTransactionsFor(viewer, listing, today), `${JSON.stringify(filter)} page ${page}`).toEqual(expected);
          }
        }
      },
      SLOW,
    );
  }

  it(
    'reads only that number’s records, from its own index, however many other records there are',
    async () => {
      const numberRecords = (await oldFullRead(undefined, { phoneNumber: NUMBER })).length;
      expect(numberRecords).toBe(40);
      for (const [label, viewer, userName] of viewers) {
        const { result, queries, keysFetched } = await queriesOf(() =>
          listTransactionsFor(viewer, { filter: { phoneNumber: NUMBER }, userName, page: 1 }, today),
        );
        expect(result.noOfTransaction, label).toBeGreaterThan(0);
        expect(
          queries.map((q) => [q.indexName, q.partition]),
          label,
        ).toEqual([[INDEX.byPhoneNumber, NUMBER]]);
        expect(queries[0]!.scanned, label).toBe(numberRecords);
        // The index holds keys only: exactly those records are then read from the table, no other.
        expect(keysFetched, label).toBe(numberRecords);
      }
      // The store's own totals and page of a phone filter read the same index.
      const { queries } = await queriesOf(() =>
        Promise.all([
          dynamoTransactions.listingTotals(ADA.userId, { phoneNumber: NUMBER }),
          dynamoTransactions.listingPage(ADA.userId, { phoneNumber: NUMBER }, 1, 20),
        ]),
      );
      expect(new Set(queries.map((q) => q.indexName))).toEqual(new Set([INDEX.byPhoneNumber]));
    },
    SLOW,
  );

  it(
    'never shows a user another user’s records of that number',
    async () => {
      const ada = await listTransactionsFor(viewers[0]![1], { filter: { phoneNumber: NUMBER }, page: 1 }, today);
      const bolasOfNumber = (await oldFullRead(BOLA.userId, { phoneNumber: NUMBER })).length;
      expect(bolasOfNumber).toBe(10);
      expect(ada.noOfTransaction).toBe(30);
      for (let page = 1; page <= ada.totalPages; page++) {
        const { transactions } = await listTransactionsFor(viewers[0]![1], { filter: { phoneNumber: NUMBER }, page }, today);
        expect(transactions.every((t) => t.trans_By === ADA.userId && t.phone_number === NUMBER)).toBe(true);
      }
    },
    SLOW,
  );

  it(
    'with a part of a number still reads the scope’s records as before and gives the same answer',
    async () => {
      for (const [label, viewer, userName] of viewers) {
        const filter = { phoneNumber: '0801111' };
        const reference = await oldFullRead(scopeOf(viewer, userName), filter);
        const { result, queries } = await queriesOf(() => listTransactionsFor(viewer, { filter, userName, page: 2 }, today));
        expect(result, label).toEqual(await listTransactionsFor(viewer, { filter, userName, page: 2 }, oldPath(reference)));
        expect(
          queries.some((q) => q.indexName === INDEX.byPhoneNumber),
          label,
        ).toBe(false);
      }
    },
    SLOW,
  );

  it('matches the number itself, not a longer number that contains it (a 13-digit meter)', async () => {
    const number = '08033333333';
    await put([record(ADA, number, 1), record(ADA, `${number}45`, 2)]);
    const whole = await listTransactionsFor(viewers[0]![1], { filter: { phoneNumber: number }, page: 1 }, today);
    expect(whole.transactions.map((t) => t.phone_number)).toEqual([number]);
    const part = await listTransactionsFor(viewers[0]![1], { filter: { phoneNumber: number.slice(0, 10) }, page: 1 }, today);
    expect(part.transactions.map((t) => t.phone_number)).toEqual([`${number}45`, number]);
  });
});

describe('a whole phone number, as the listing tells it from a part of one', () => {
  it('is 0 and ten more digits, trimmed, as every phone number the app takes', () => {
    expect(wholePhoneNumber(' 08011111111 ')).toBe('08011111111');
  });

  it('rejects: a part, a longer number, another form', () => {
    for (const text of ['0801111111', '080111111112', '8011111111', '+2348011111111', '0801111111a', '']) expect(wholePhoneNumber(text), text).toBeUndefined();
  });
});
