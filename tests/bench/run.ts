/**
 * `npm run bench`: one run on the local cloud, printing
 *  - end-to-end airtime purchases per second and p50/p99 latency of POST /buy/airtime under
 *    concurrency, beside the raw TransactWriteItems rate of the same DynamoDB Local (the ratio is
 *    the figure that counts; target ≥ 0.6);
 *  - each Lambda bundle's minified and gzipped size and cold import time (targets ≤ 500 KB, ≤ +80 ms);
 *  - the web app's initial JavaScript, gzipped (target ≤ 130 KB);
 * and checks the ledger invariants after the load run.
 *
 * `npm run bench -- bundles` prints only the bundle and web figures.
 * Knobs: BENCH_USERS (concurrency, default 16), BENCH_PURCHASES_PER_USER (default 40).
 */
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { localDynamoClient } from '../../infra/local/dynamodb.js';
import { apiPath } from '../../shared/routes.js';
import { createPlatformTable } from '../support/dynamo.js';
import { startLocalCloud, type LocalCloud } from '../support/local-cloud.js';
import { lambdaBundleFigures, webInitialJsGzippedBytes } from './bundles.js';

const USERS = Number(process.env.BENCH_USERS ?? 16);
const PER_USER = Number(process.env.BENCH_PURCHASES_PER_USER ?? 40);
const DELIVERED_NUMBER = '08011111111';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function call<T>(cloud: LocalCloud, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(cloud.baseUrl + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as T & { msg?: string };
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${json.msg ?? ''}`);
  return json;
}

async function prepareUsers(cloud: LocalCloud): Promise<{ userName: string; token: string }[]> {
  const admin = await call<{ token: string }>(cloud, 'POST', apiPath('login'), cloud.adminLogin);
  const users = [];
  for (let i = 0; i < USERS; i++) {
    const userName = `bench${i}_${Date.now().toString(36)}`;
    const session = await call<{ token: string }>(cloud, 'POST', apiPath('register'), {
      userName,
      email: `${userName}@example.com`,
      phoneNumber: '08012345678',
      password: 'bench-password-1',
      passwordCheck: 'bench-password-1',
    });
    const { coupon } = await call<{ coupon: { code: string } }>(
      cloud,
      'POST',
      apiPath('generateCoupon'),
      { userAccount: userName, amount: PER_USER * 100 },
      admin.token,
    );
    await call(cloud, 'POST', apiPath('fundWithCoupon'), { userName, coupon: coupon.code }, session.token);
    users.push({ userName, token: session.token });
  }
  return users;
}

/** Each user buys PER_USER airtimes back to back; all users at once. */
async function loadRun(cloud: LocalCloud, users: { token: string }[]) {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    users.map(async (user) => {
      for (let i = 0; i < PER_USER; i++) {
        const t0 = performance.now();
        await call(cloud, 'POST', apiPath('buyAirtime'), { network: 1, mobile_number: DELIVERED_NUMBER, amount: 100 }, user.token);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const acceptedMs = performance.now() - started;
  // End to end: until every purchase has been delivered by the supplier and marked success. Only
  // users with purchases still open are asked, one query each, so the polling itself stays a small
  // load on the DynamoDB Local it measures.
  let unsettled = [...users];
  while (unsettled.length > 0) {
    const counts = await Promise.all(
      unsettled.map((user) =>
        call<{ noOfTransaction: number }>(cloud, 'GET', `${apiPath('listTransactions')}?type=airtime&status=success`, undefined, user.token),
      ),
    );
    unsettled = unsettled.filter((_, i) => counts[i]!.noOfTransaction < PER_USER);
    if (unsettled.length === 0) break;
    if (performance.now() - started > 600_000) throw new Error('purchases did not settle within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const settledMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, acceptedMs, settledMs, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** The same shape of write as a purchase (conditional wallet update + conditional put), same concurrency, same DynamoDB Local. */
async function rawTransactWriteRate(endpoint: string) {
  const tableName = `bench-raw-${Date.now()}`;
  await createPlatformTable(endpoint, tableName);
  const client = DynamoDBDocumentClient.from(localDynamoClient(endpoint));
  const total = USERS * PER_USER;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: USERS }, async (_, worker) => {
      for (let seq = 0; seq < PER_USER; seq++) {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: { pk: `USER#raw${worker}`, sk: 'WALLET' },
                  UpdateExpression: 'SET balanceKobo = if_not_exists(balanceKobo, :start) - :amount, seq = :next',
                  ConditionExpression: 'attribute_not_exists(seq) OR seq = :seq',
                  ExpressionAttributeValues: { ':start': 1_000_000, ':amount': 9_900, ':seq': seq, ':next': seq + 1 },
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: { pk: `TXN#raw${worker}-${seq}`, sk: 'TXN', amountKobo: 9_900, walletSeq: seq + 1 },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ],
          }),
        );
      }
    }),
  );
  const ms = performance.now() - started;
  client.destroy();
  return (total / ms) * 1000;
}

async function checkInvariants(endpoint: string, userNames: string[]) {
  const tables = (await localDynamoClient(endpoint).send(new ListTablesCommand({}))).TableNames ?? [];
  const platformTable = tables.find((name) => !name.startsWith('bench-raw-'));
  if (!platformTable) throw new Error('platform table not found');
  Object.assign(process.env, {
    TABLE_NAME: platformTable,
    AWS_ENDPOINT_URL_DYNAMODB: endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
  const { getUserByUserName } = await import('../../functions/adapters/dynamo/users.js');
  const { dynamoTransactions } = await import('../../functions/adapters/dynamo/transactions.js');
  const { dynamoLedger } = await import('../../functions/adapters/dynamo/ledger.js');
  const { verifyChain } = await import('../../functions/domain/ledger.js');
  let checked = 0;
  for (const userName of userNames) {
    const user = await getUserByUserName(userName);
    if (!user) throw new Error(`user ${userName} missing`);
    const records = await dynamoTransactions.listForUser(user.userId, {});
    const wallet = await dynamoLedger.getWallet(user.userId);
    const check = verifyChain(records, wallet);
    if (!check.ok) throw new Error(`invariant broken for ${userName}: ${check.problem} ${check.detail}`);
    const charged = records.filter((r) => r.trans_Type === 'airtime');
    if (charged.length !== PER_USER) throw new Error(`${userName}: ${charged.length} purchases recorded, expected ${PER_USER}`);
    if (charged.some((r) => r.trans_Status !== 'success')) throw new Error(`${userName}: a purchase did not end in success`);
    checked += records.length;
  }
  return checked;
}

async function main() {
  // `npm run bench -- bundles` measures only the bundles and the web app (no load run).
  if (process.argv[2] !== 'bundles') await purchaseLoad();
  await printBundleFigures();
}

async function purchaseLoad() {
  console.log(`bench: ${USERS} concurrent users × ${PER_USER} airtime purchases each\n`);
  const cloud = await startLocalCloud({ env: { LOCAL_SCHEDULE_INTERVAL_MS: '2000', POWERTOOLS_LOG_LEVEL: 'WARN' } });
  try {
    const endpoint = /DynamoDB:\s+(http:\/\/\S+)/.exec(cloud.output())?.[1];
    if (!endpoint) throw new Error('the local cloud did not print its DynamoDB endpoint');
    const users = await prepareUsers(cloud);
    const load = await loadRun(cloud, users);
    const acceptedRate = (load.count / load.acceptedMs) * 1000;
    const settledRate = (load.count / load.settledMs) * 1000;
    const rawRate = await rawTransactWriteRate(endpoint);
    const entries = await checkInvariants(endpoint, users.map((u) => u.userName));

    console.log('Airtime purchases on the local cloud');
    console.log(`  POST /buy/airtime accepted:     ${acceptedRate.toFixed(1)} /s  (${load.count} in ${(load.acceptedMs / 1000).toFixed(1)} s)`);
    console.log(`  end to end (supplier delivered): ${settledRate.toFixed(1)} /s  (all settled after ${(load.settledMs / 1000).toFixed(1)} s)`);
    console.log(`  latency p50 / p99:              ${load.p50.toFixed(1)} ms / ${load.p99.toFixed(1)} ms`);
    console.log(`  raw TransactWriteItems:         ${rawRate.toFixed(1)} /s  (same DynamoDB Local, same concurrency)`);
    console.log(`  ratio end to end / raw:         ${(settledRate / rawRate).toFixed(2)}  (target ≥ 0.60)`);
    console.log(`  ratio accepted / raw:           ${(acceptedRate / rawRate).toFixed(2)}  (the request path alone)`);
    console.log(`  invariants after load:          hold (${entries} ledger entries replayed over ${users.length} wallets)\n`);
  } finally {
    await cloud.stop();
  }
}

async function printBundleFigures() {
  console.log('Lambda bundles (esbuild, ESM, minified — as the stack bundles them)');
  console.log('  function            minified    gzipped   cold import over bare node');
  for (const figure of await lambdaBundleFigures()) {
    console.log(
      `  ${figure.name.padEnd(18)} ${kb(figure.minifiedBytes).padStart(9)} ${kb(figure.gzippedBytes).padStart(10)}   +${figure.coldImportMs.toFixed(0)} ms`,
    );
  }
  console.log('  targets: ≤ 500 KB minified, ≤ +80 ms\n');
  console.log(`Web app initial JavaScript (gzipped): ${kb(webInitialJsGzippedBytes())}  (target ≤ 130 KB)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
