/**
 * `npm run bench -- listing`: does a page of GET /transaction cost the same at 1,000
 * and at 100,000 transactions? One user's history (which is also the whole platform's, for the
 * admin) is seeded straight into the local cloud's DynamoDB Local with the adapter's own item
 * builder (`transactionItem`, the shape the ledger writes) and the listing's counters summed in
 * memory by the writers' own function (`addCounterChanges`), then pages are read through the HTTP
 * API as that user and as the admin, first page unfiltered and one page filtered by status.
 *
 * Read capacity: the request path never asks DynamoDB for it. The bench builds the same page
 * in its own process (`listTransactionsFor` on the DynamoDB adapters) with the request-counting
 * hook of the functions' client, which asks for the consumed capacity of every request.
 *
 * Knobs: BENCH_LISTING_SIZES (default "1000,100000"), BENCH_LISTING_REPEATS (calls per figure,
 * default 5), BENCH_LISTING_SEED_BUDGET_S (seeding stops there and the figures are printed at the
 * size reached, default 900: the local cloud's file-backed DynamoDB Local took 100,000 in about
 * 200 s on 2 shared cores).
 */
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { TransactionRecord } from '../../functions/domain/transactions/transactions.js';
import type { TransactionFilter } from '../../functions/domain/transactions/transactions-port.js';
import type { TransactionViewer } from '../../functions/domain/transactions/transaction-listing.js';
import { localDynamoClient } from '../../infra/local/runtime/dynamodb.js';
import { apiPath } from '../../shared/routes.js';
import { startLocalCloud, type LocalCloud } from '../support/local-cloud.js';
import { usePlatformTable } from '../support/platform-table.js';
import { airtimePurchaseRecord } from '../support/transaction-record.js';

const SIZES = (process.env.BENCH_LISTING_SIZES ?? '1000,100000').split(',').map(Number);
const REPEATS = Number(process.env.BENCH_LISTING_REPEATS ?? 5);
const SEED_BUDGET_MS = Number(process.env.BENCH_LISTING_SEED_BUDGET_S ?? 900) * 1000;
/** BatchWriteItem's maximum, and how many are in flight at once. */
const BATCH = 25;
const PARALLEL_BATCHES = 8;
const GOAL_RATIO = 1.5;

interface Scenario {
  name: string;
  viewer: 'user' | 'admin';
  query: string;
  filter: TransactionFilter;
}

const SCENARIOS: Scenario[] = [
  { name: 'user, first page', viewer: 'user', query: '', filter: {} },
  { name: 'user, status=failed', viewer: 'user', query: '?status=failed', filter: { status: 'failed' } },
  // A status the history never had (the seed has success and failed only): its page reads no record.
  { name: 'user, status=refunded (absent)', viewer: 'user', query: '?status=refunded', filter: { status: 'refunded' } },
  // A type with one record, the oldest of the history: its day is found from the counters (decision 93).
  { name: 'user, type=data (one, the oldest)', viewer: 'user', query: '?type=data', filter: { type: 'data' } },
  { name: 'admin, first page', viewer: 'admin', query: '', filter: {} },
  { name: 'admin, status=failed', viewer: 'admin', query: '?status=failed', filter: { status: 'failed' } },
  { name: 'admin, type=data (one, the oldest)', viewer: 'admin', query: '?type=data', filter: { type: 'data' } },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function post<T>(cloud: LocalCloud, path: string, body: unknown): Promise<T> {
  const response = await fetch(cloud.baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${path} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function timedPage(cloud: LocalCloud, token: string, query: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${cloud.baseUrl}${apiPath('listTransactions')}${query}`, { headers: { 'x-auth-token': token } });
  const body = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET /transaction${query} → ${response.status} ${body.slice(0, 200)}`);
  return ms;
}

/** One in ten failed, so a status filter keeps a tenth; the very first (the oldest) is the history's only data purchase. */
function seededRecord(userId: string, userName: string, index: number, createdAt: string): TransactionRecord {
  const failed = index % 10 === 0;
  return airtimePurchaseRecord({
    id: ulid(),
    userId,
    trans_UserName: userName,
    createdAt,
    walletSeq: index + 1,
    ...(failed ? { trans_Status: 'failed', profitKobo: undefined } : {}),
    ...(index === 0 ? { trans_Type: 'data', volume: '1GB (30 days)', description: 'MTN data to 08011111111' } : {}),
  });
}

/**
 * The seeded history's counters are written whole, the platform's included (`addCounterChanges`, every
 * scope): the stream's counter consumer, which would add the platform's again from the seeded records,
 * is turned off for the bench (its records wait in the stream of this throwaway table).
 */
async function stopPlatformCounters(cloud: LocalCloud): Promise<void> {
  const mappings = (await (await fetch(`${cloud.baseUrl}/_local/event-source-mappings`)).json()) as { logicalId: string }[];
  const counters = mappings.filter(({ logicalId }) => logicalId.startsWith('TransactionCounters'));
  if (counters.length !== 1) throw new Error(`expected one platform counters mapping, found ${JSON.stringify(mappings)}`);
  const answer = await fetch(`${cloud.baseUrl}/_local/event-source-mappings/${counters[0]!.logicalId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enabled: false }),
  });
  if (!answer.ok) throw new Error(`could not stop the platform counters: ${answer.status}`);
}

export async function listingBench(): Promise<void> {
  console.log(`bench listing: GET /transaction at ${SIZES.join(' and ')} transactions, ${REPEATS} calls per figure\n`);
  const cloud = await startLocalCloud({ env: { POWERTOOLS_LOG_LEVEL: 'WARN' } });
  try {
    await usePlatformTable(cloud);
    await stopPlatformCounters(cloud);
    const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB!;
    const tableName = process.env.TABLE_NAME!;
    const { transactionItem, dynamoTransactions } = await import('../../functions/adapters/dynamo/transactions/transactions.js');
    const { addCounterChanges, counterItemOf } = await import('../../functions/adapters/dynamo/transactions/listing-aggregates.js');
    const { getUserByUserName } = await import('../../functions/adapters/dynamo/accounts/users.js');
    const { countDynamoRequests } = await import('../../functions/adapters/dynamo/client.js');
    const { listTransactionsFor } = await import('../../functions/domain/transactions/transaction-listing.js');
    // This process's client reports each request and its capacity: a page built here is measured.
    let tally = { requests: 0, readUnits: 0 };
    countDynamoRequests(({ readUnits }) => {
      tally.requests += 1;
      tally.readUnits += readUnits;
    });
    const client = DynamoDBDocumentClient.from(localDynamoClient(endpoint), { marshallOptions: { removeUndefinedValues: true } });

    const userName = `listing_${Date.now().toString(36)}`;
    const user = await post<{ token: string }>(cloud, apiPath('register'), {
      userName,
      email: `${userName}@example.com`,
      phoneNumber: '08012345678',
      password: 'bench-password-1',
      passwordCheck: 'bench-password-1',
    });
    const admin = await post<{ token: string }>(cloud, apiPath('login'), cloud.adminLogin);
    const profile = await getUserByUserName(userName);
    if (!profile) throw new Error(`${userName} was registered but cannot be found`);
    const tokens = { user: user.token, admin: admin.token };

    // Spread over the past year, oldest first, one second apart per day's share.
    const yearAgo = Date.now() - 365 * 86_400_000;
    const createdAt = (index: number, total: number) => new Date(yearAgo + Math.floor((index * 365 * 86_400_000) / total)).toISOString();
    const largest = Math.max(...SIZES);

    let seeded = 0;
    let seedMs = 0;
    // The counters of everything seeded so far, as the writers' ADDs would have left them.
    const counters = new Map() as Parameters<typeof addCounterChanges>[0];
    const writeAll = async (items: Record<string, unknown>[]) => {
      const batches = Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));
      const nextBatch = () => batches.shift();
      await Promise.all(
        Array.from({ length: PARALLEL_BATCHES }, async () => {
          for (let batch = nextBatch(); batch; batch = nextBatch()) {
            let request: Record<string, unknown[]> | undefined = { [tableName]: batch.map((Item) => ({ PutRequest: { Item } })) };
            while (request && Object.keys(request).length > 0) {
              const result = await client.send(new BatchWriteCommand({ RequestItems: request as never }));
              request = result.UnprocessedItems as Record<string, unknown[]> | undefined;
            }
          }
        }),
      );
    };
    const seedUpTo = async (target: number) => {
      const started = performance.now();
      while (seeded < target && performance.now() - started + seedMs <= SEED_BUDGET_MS) {
        const from = seeded;
        seeded = Math.min(target, seeded + BATCH * PARALLEL_BATCHES * 4);
        const records = Array.from({ length: seeded - from }, (_, i) => seededRecord(profile.userId, userName, from + i, createdAt(from + i, largest)));
        addCounterChanges(
          counters,
          records.map((after) => ({ before: undefined, after })),
        );
        await writeAll(records.map(transactionItem));
      }
      // The counter items as a whole (a few per day), replacing the previous stage's.
      await writeAll([...counters.values()].map(counterItemOf));
      seedMs += performance.now() - started;
    };

    const viewers: Record<Scenario['viewer'], TransactionViewer> = {
      user: { userId: profile.userId, isAdmin: false, isAgent: false },
      admin: { userId: 'bench-admin', isAdmin: true, isAgent: false },
    };
    const capacityOf = async (scenario: Scenario) => {
      tally = { requests: 0, readUnits: 0 };
      await listTransactionsFor(
        viewers[scenario.viewer],
        { filter: scenario.filter, page: 1 },
        { transactions: dynamoTransactions, findUserByUserName: getUserByUserName },
      );
      return { units: tally.readUnits, reads: tally.requests };
    };

    const results: { size: number; scenario: Scenario; p50: number; rcu: number; reads: number }[] = [];
    for (const size of SIZES) {
      await seedUpTo(size);
      if (seeded < size) console.log(`  seeding stopped at ${seeded} transactions (budget ${SEED_BUDGET_MS / 1000} s): figures below are at ${seeded}`);
      console.log(`  seeded ${seeded} transactions (${(seedMs / 1000).toFixed(1)} s of seeding so far)`);
      for (const scenario of SCENARIOS) {
        const token = tokens[scenario.viewer];
        await timedPage(cloud, token, scenario.query); // warm: the first call also pays the function's cold start
        const times = [];
        for (let i = 0; i < REPEATS; i++) times.push(await timedPage(cloud, token, scenario.query));
        const { units, reads } = await capacityOf(scenario);
        results.push({ size: seeded, scenario, p50: median(times), rcu: units, reads });
        console.log(`    ${scenario.name.padEnd(34)} p50 ${median(times).toFixed(1).padStart(8)} ms   ${units.toFixed(1)} RCU in ${reads} DynamoDB requests`);
      }
      if (seeded < size) break;
    }

    console.log('\nTransaction listing (goal: ratio ≤ 1.5; RCU per page does not grow with history)');
    const sizes = [...new Set(results.map((r) => r.size))];
    const [small, big] = [sizes[0]!, sizes[sizes.length - 1]!];
    const label = (size: number) => (size % 1000 === 0 ? `${size / 1000}k` : String(size));
    for (const scenario of SCENARIOS) {
      const at = (size: number) => results.find((r) => r.size === size && r.scenario === scenario)!;
      const [x, y] = [at(small), at(big)];
      const ratio = y.p50 / x.p50;
      console.log(
        `  ${scenario.name.padEnd(34)} transaction page p50 at ${label(small)}: ${x.p50.toFixed(1)} ms, at ${label(big)}: ${y.p50.toFixed(1)} ms, ratio: ${ratio.toFixed(2)} (goal ≤ ${GOAL_RATIO})` +
          `; read capacity of one page: ${x.rcu.toFixed(1)} → ${y.rcu.toFixed(1)} RCU (${x.reads} → ${y.reads} requests)`,
      );
    }
    client.destroy();
  } finally {
    await cloud.stop();
  }
}
