/**
 * `npm run bench`: one run on the local cloud, printing
 *  - end-to-end airtime purchases per second and p50/p99 latency of POST /buy/airtime under
 *    concurrency, beside the raw TransactWriteItems rate of the same DynamoDB Local (goal: accepted /
 *    raw ≥ 0.5), the DynamoDB requests per delivered purchase (goal ≤ 4) and the CPU per delivered
 *    purchase against one raw debit (goal ≤ 3×), and `cost per 1M purchases` at list prices (tests/bench/cost.ts, goal ≤ $16);
 *    the DynamoDB requests, write units and cost per purchase are held to their goals: a miss ends the
 *    run with a non-zero exit code (tests/bench/goals.ts);
 *  - each Lambda bundle's minified and gzipped size and cold import time (targets ≤ 500 KB, ≤ +80 ms);
 *  - the web app's initial JavaScript, gzipped (target ≤ 130 KB);
 * and checks the ledger invariants after the load run.
 *
 * `npm run bench -- bulk` (also in the full run, tests/bench/bulk.ts): the accepted rate of one 100-line bulk purchase beside 100 single purchases.
 * `npm run bench -- reset` (only by name, tests/bench/reset-timing.ts): a password reset's answer time for registered and unknown e-mails.
 * `npm run bench -- bundles` prints only the bundle and web figures; `npm run bench -- purchases` only the
 * purchase figures (with small BENCH_USERS/BENCH_PURCHASES_PER_USER, a quick count of DynamoDB requests).
 * The full run then seeds and measures the transaction listing at 1,000 and 100,000 (tests/bench/listing.ts,
 * a few minutes; alone: `npm run bench -- listing`) and ends with Lighthouse; `npm run bench -- web` runs only Lighthouse on the landing page and the dashboard (tests/bench/web.ts).
 * Knobs: BENCH_USERS (concurrency, default 16), BENCH_PURCHASES_PER_USER (default 40),
 * BENCH_WARMUP_PER_USER (unmeasured purchases first, default 10),
 * BENCH_CLOUD_PROFILE=<folder> (a CPU profile of the platform's process, see cpu-profile.mjs),
 * BENCH_SCHEDULE_MS (one interval for every local schedule; default: the stack's own rates).
 * After the warm-up, two measured runs of the same size: one in operation (fulfilment and every
 * consumer alongside, as on AWS), whose CPU per delivered purchase is held to the goal; then one
 * sent with the local stream mappings off (the request path alone, as `update-event-source-mapping
 * --no-enabled` would leave it) and delivered with them on, whose accepted rate is held to its goal.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { WalletState } from '../../functions/domain/wallet/ledger.js';
import type { TransactionRecord } from '../../functions/domain/transactions/transactions.js';
import { localDynamoClient } from '../../infra/local/runtime/dynamodb.js';
import { sleep } from '../../infra/local/util.js';
import { apiPath } from '../../shared/routes.js';
import { createPlatformTable } from '../support/dynamo.js';
import { startLocalCloud, type LocalCloud } from '../support/local-cloud.js';
import { lambdaBundleFigures, webInitialJsGzippedBytes } from './bundles.js';
import { cpuMeter, dynamoDbLocalPid } from './cpu.js';
import type { RequestTotals } from './dynamo-request-labels.js';
import { difference, holdRequestFigures, requestCounter, requestFigureLines } from './dynamo-requests.js';
import { COST_GOAL_USD, costLines, purchaseCost } from './cost.js';
import { holdToGoal, reportMissedGoals } from './goals.js';
import { call, prepareUsers } from './platform.js';
import { webLighthouse } from './web.js';

const USERS = Number(process.env.BENCH_USERS ?? 16);
const PER_USER = Number(process.env.BENCH_PURCHASES_PER_USER ?? 40);
/** Unmeasured purchases per user first, so that neither Node's nor DynamoDB Local's JIT is cold in the measured run. */
const WARMUP_PER_USER = Number(process.env.BENCH_WARMUP_PER_USER ?? 10);
const SUPPLIERS = ['ALARO', 'GLAD', 'VTPASS'] as const;
/** The goals for the request path and for the CPU a delivered purchase costs. */
const ACCEPTED_RATIO_GOAL = 0.5;
const CPU_MULTIPLE_GOAL = 3;
const DELIVERED_NUMBER = '08011111111';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Purchases the supplier simulators have received so far (their own counters: no database reads). */
async function supplierPurchaseCount(cloud: LocalCloud): Promise<number> {
  const reports = await Promise.all(SUPPLIERS.map((supplier) => cloud.simulatorCalls(supplier)));
  return reports.reduce((sum, report) => sum + report.count, 0);
}

/**
 * Each user buys `perUser` airtimes back to back, all users at once; then waits until every one is
 * delivered and recorded as success (`successesPerUserAfter` in each user's history).
 */
/**
 * The local cloud's stream mappings on or off, as `aws lambda update-event-source-mapping
 * --no-enabled` would: off, purchases are accepted and wait in the stream, so the request path is
 * measured alone; on again, fulfilment takes them from where it stopped.
 */
async function setStreamMappings(cloud: LocalCloud, enabled: boolean): Promise<void> {
  const mappings = await call<{ logicalId: string }[]>(cloud, 'GET', '/_local/event-source-mappings');
  if (mappings.length === 0) throw new Error('the local cloud lists no stream mapping');
  for (const { logicalId } of mappings) await call(cloud, 'POST', `/_local/event-source-mappings/${logicalId}`, { enabled });
}

/**
 * `requestPathAlone`: the stream mappings are off while the purchases are sent (on one machine
 * the background work would otherwise share the one Node process and the two cores with the
 * request path, which on AWS runs in functions of its own), then on until all are delivered.
 */
async function loadRun(
  cloud: LocalCloud,
  users: { token: string }[],
  perUser: number,
  successesPerUserAfter: number,
  options: { requestPathAlone?: boolean } = {},
) {
  const latencies: number[] = [];
  const suppliedBefore = await supplierPurchaseCount(cloud);
  if (options.requestPathAlone) await setStreamMappings(cloud, false);
  const started = performance.now();
  const giveUp = () => {
    if (performance.now() - started > 600_000) throw new Error('purchases did not settle within 10 minutes');
  };
  await Promise.all(
    users.map(async (user) => {
      for (let i = 0; i < perUser; i++) {
        const t0 = performance.now();
        await call(cloud, 'POST', apiPath('buyAirtime'), { network: 1, mobile_number: DELIVERED_NUMBER, amount: 100 }, user.token);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const acceptedMs = performance.now() - started;
  if (options.requestPathAlone) await setStreamMappings(cloud, true);
  // End to end: until every purchase has been delivered by the supplier and marked success. Waiting
  // on the simulators' counters first keeps the waiting from loading the DynamoDB Local being
  // measured (listing a user's history reads all of it); the listings then only confirm.
  while ((await supplierPurchaseCount(cloud)) - suppliedBefore < latencies.length) {
    giveUp();
    await sleep(100);
  }
  let unsettled = [...users];
  while (unsettled.length > 0) {
    const counts = await Promise.all(
      unsettled.map((user) =>
        call<{ noOfTransaction: number }>(cloud, 'GET', `${apiPath('listTransactions')}?type=airtime&status=success`, undefined, user.token),
      ),
    );
    unsettled = unsettled.filter((_, i) => counts[i]!.noOfTransaction < successesPerUserAfter);
    if (unsettled.length === 0) break;
    giveUp();
    await sleep(100);
  }
  const settledMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, acceptedMs, settledMs, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/**
 * A purchase's own debit write, issued directly at the same concurrency on the same DynamoDB Local:
 * the wallet's conditional update and the `processing` record as the ledger stores it (with its index
 * keys; the listing's counters follow from the stream) — one TransactWriteItems each, no platform code around it.
 */
async function rawTransactWriteRate(endpoint: string, dynamoPid: number | undefined) {
  // The adapters' item builders take the table name from the configuration, read once per process:
  // the platform's, which the invariants check needs later. The raw writes are pointed at their own table.
  await usePlatformTable(endpoint);
  const tableName = `bench-raw-${Date.now()}`;
  // No stream: DynamoDB Local slows every write to a table whose stream nobody reads (measured: 68 ms of its
  // CPU per write at 640 unread records, against 11 ms without), which DynamoDB does not; the platform's stream is read.
  await createPlatformTable(endpoint, tableName, { stream: false });
  const inRawTable = <Item extends Record<string, object>>(item: Item): Item =>
    Object.fromEntries(Object.entries(item).map(([kind, body]) => [kind, { ...body, TableName: tableName }])) as Item;
  const { walletUpdate } = await import('../../functions/adapters/dynamo/wallet/ledger.js');
  const { transactionItem } = await import('../../functions/adapters/dynamo/transactions/transactions.js');
  const { airtimeFingerprint } = await import('../../functions/domain/purchases/purchases.js');
  const { EMPTY_WALLET, planCredit, planDebit } = await import('../../functions/domain/wallet/ledger.js');
  const client = DynamoDBDocumentClient.from(localDynamoClient(endpoint), { marshallOptions: { removeUndefinedValues: true } });
  const total = USERS * PER_USER;
  const chargeKobo = 99_00;
  const debit = (userId: string, wallet: WalletState) => {
    const plan = planDebit(wallet, chargeKobo);
    if (!plan.ok) throw new Error(`raw debit refused: ${plan.reason}`);
    const now = new Date().toISOString();
    const id = ulid();
    const record: TransactionRecord = {
      id,
      userId,
      trans_UserName: userId,
      userType: 'smart earner',
      trans_Type: 'airtime',
      trans_Status: 'processing',
      trans_Network: 'MTN',
      phone_number: DELIVERED_NUMBER,
      amountKobo: chargeKobo,
      faceValueKobo: 100_00,
      volume: '₦100.00',
      costKobo: 97_00,
      description: `MTN airtime of ₦100.00 to ${DELIVERED_NUMBER}`,
      requestFingerprint: airtimeFingerprint('MTN', DELIVERED_NUMBER, 100_00),
      createdAt: now,
      updatedAt: now,
      balanceBeforeKobo: plan.change.balanceBeforeKobo,
      balanceAfterKobo: plan.change.balanceAfterKobo,
      walletSeq: plan.change.nextSeq,
    };
    const write = new TransactWriteCommand({
      TransactItems: [
        inRawTable(walletUpdate(userId, plan.change, now)),
        { Put: { TableName: tableName, Item: transactionItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
      ],
    });
    return { write, after: { balanceKobo: plan.change.balanceAfterKobo, seq: plan.change.nextSeq, exists: true } };
  };
  // Funded wallets first (a debit never creates one), outside the measurement.
  const funded = planCredit(EMPTY_WALLET, (WARMUP_PER_USER + PER_USER) * chargeKobo);
  if (!funded.ok) throw new Error(`raw funding refused: ${funded.reason}`);
  const fundedWallet: WalletState = { balanceKobo: funded.change.balanceAfterKobo, seq: funded.change.nextSeq, exists: true };
  const now = new Date().toISOString();
  await Promise.all(
    Array.from({ length: USERS }, (_, worker) =>
      client.send(new TransactWriteCommand({ TransactItems: [inRawTable(walletUpdate(`raw${worker}`, funded.change, now))] })),
    ),
  );

  const wallets = Array.from({ length: USERS }, () => fundedWallet);
  const debitsOfEveryWallet = (count: number) =>
    Promise.all(
      wallets.map(async (_, worker) => {
        for (let i = 0; i < count; i++) {
          const { write, after } = debit(`raw${worker}`, wallets[worker]!);
          await client.send(write);
          wallets[worker] = after;
        }
      }),
    );
  await debitsOfEveryWallet(WARMUP_PER_USER);
  const cpu = cpuMeter({ client: process.pid, dynamo: dynamoPid });
  const started = performance.now();
  await debitsOfEveryWallet(PER_USER);
  const ms = performance.now() - started;
  const { client: clientCpuMs, dynamo: dynamoCpuMs } = cpu();
  client.destroy();
  return { rate: (total / ms) * 1000, cpuPerWrite: perItem(total, { client: clientCpuMs, dynamo: dynamoCpuMs }) };
}

/** CPU milliseconds per item of each process, and their sum (undefined when one could not be read). */
function perItem<Name extends string>(count: number, cpuMs: Record<Name, number | undefined>) {
  const each = Object.fromEntries(Object.entries<number | undefined>(cpuMs).map(([name, ms]) => [name, ms === undefined ? undefined : ms / count]));
  const values = Object.values(each);
  const total = values.every((v) => v !== undefined) ? (values as number[]).reduce((a, b) => a + b, 0) : undefined;
  return { ...(each as Record<Name, number | undefined>), total };
}

const cpuMs = (ms: number | undefined) => (ms === undefined ? 'n/a' : `${ms.toFixed(1)} ms`);

async function usePlatformTable(endpoint: string) {
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
}

async function checkInvariants(userNames: string[]) {
  const { getUserByUserName } = await import('../../functions/adapters/dynamo/accounts/users.js');
  const { dynamoTransactions } = await import('../../functions/adapters/dynamo/transactions/transactions.js');
  const { dynamoLedger } = await import('../../functions/adapters/dynamo/wallet/ledger.js');
  const { verifyChain } = await import('../../functions/domain/wallet/ledger.js');
  let checked = 0;
  for (const userName of userNames) {
    const user = await getUserByUserName(userName);
    if (!user) throw new Error(`user ${userName} missing`);
    const records = await dynamoTransactions.listForUser(user.userId, {});
    const wallet = await dynamoLedger.getWallet(user.userId);
    const check = verifyChain(records, wallet);
    if (!check.ok) throw new Error(`invariant broken for ${userName}: ${check.problem} ${check.detail}`);
    const charged = records.filter((r) => r.trans_Type === 'airtime');
    if (charged.length !== WARMUP_PER_USER + 2 * PER_USER) {
      throw new Error(`${userName}: ${charged.length} purchases recorded, expected ${WARMUP_PER_USER + 2 * PER_USER}`);
    }
    if (charged.some((r) => r.trans_Status !== 'success')) throw new Error(`${userName}: a purchase did not end in success`);
    checked += records.length;
  }
  return checked;
}

async function main() {
  if (process.argv[2] === 'web') return webLighthouse();
  if (process.argv[2] === 'listing') return (await import('./listing.js')).listingBench();
  if (process.argv[2] === 'burst') return (await import('./burst.js')).walletBurstBench();
  if (process.argv[2] === 'bulk') return (await import('./bulk.js')).bulkBench();
  if (process.argv[2] === 'reset') return (await import('./reset-timing.js')).resetTimingBench();
  // `npm run bench -- bundles` measures only the bundles and the web app (no load run).
  if (process.argv[2] !== 'bundles') await purchaseLoad();
  if (process.argv[2] === 'purchases') return;
  await printBundleFigures();
  if (process.argv[2] !== undefined) return;
  console.log();
  // Its own process, without this one's table settings: they name the purchase run's (stopped) table.
  const { TABLE_NAME: _table, AWS_ENDPOINT_URL_DYNAMODB: _endpoint, ...env } = process.env;
  const burst = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'burst'], { stdio: 'inherit', env });
  if (burst.status !== 0) throw new Error(`the burst bench failed (exit ${burst.status})`);
  console.log();
  const bulk = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'bulk'], { stdio: 'inherit', env });
  if (bulk.status !== 0) throw new Error(`the bulk bench failed (exit ${bulk.status})`);
  console.log();
  const listing = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'listing'], { stdio: 'inherit', env });
  if (listing.status !== 0) throw new Error(`the listing bench failed (exit ${listing.status})`);
  console.log();
  await webLighthouse();
}

async function purchaseLoad() {
  console.log(`bench: ${USERS} concurrent users × ${PER_USER} airtime purchases each, after ${WARMUP_PER_USER} unmeasured ones\n`);
  const requests = requestCounter();
  const preloads = [
    // tsx first: the request counter's preload is TypeScript.
    `--import tsx --import ${requests.preload}`,
    ...(process.env.BENCH_CLOUD_PROFILE ? [`--import ${new URL('./cpu-profile.mjs', import.meta.url).pathname}`] : []),
  ];
  const cloud = await startLocalCloud({
    // Schedules at the stack's own rates (the sweeper each minute) unless BENCH_SCHEDULE_MS says otherwise:
    // the tests' 500 ms would sweep the measured backlog a hundred times more often than AWS does.
    env: { LOCAL_SCHEDULE_INTERVAL_MS: process.env.BENCH_SCHEDULE_MS ?? '', POWERTOOLS_LOG_LEVEL: 'WARN', NODE_OPTIONS: preloads.join(' '), ...requests.env },
  });
  try {
    const endpoint = /DynamoDB:\s+(http:\/\/\S+)/.exec(cloud.output())?.[1];
    if (!endpoint) throw new Error('the local cloud did not print its DynamoDB endpoint');
    const dynamoPid = dynamoDbLocalPid(Number(new URL(endpoint).port));
    const users = await prepareUsers(cloud, USERS, (WARMUP_PER_USER + 2 * PER_USER) * 100);
    await loadRun(cloud, users, WARMUP_PER_USER, WARMUP_PER_USER);
    // One measured run: its purchases, the CPU each cost both processes, and the DynamoDB requests
    // counted since `requestsBefore` (the previous run's end, so the count is read once between runs).
    const measured = async (requestsBefore: RequestTotals, successesPerUserAfter: number, options: { requestPathAlone?: boolean } = {}) => {
      const cpu = cpuMeter({ platform: cloud.pid, dynamo: dynamoPid });
      const run = await loadRun(cloud, users, PER_USER, successesPerUserAfter, options);
      const purchaseCpu = perItem(run.count, cpu());
      const requestsAfter = await requests.settled(cloud.pid);
      return { run, purchaseCpu, requestsAfter, requestWindow: difference(requestsBefore, requestsAfter) };
    };
    // In operation: fulfilment, the stream reader and every consumer alongside, as on AWS. The CPU
    // a delivered purchase costs is measured here.
    const inOperation = await measured(await requests.settled(cloud.pid), WARMUP_PER_USER + PER_USER);
    const { run: operation, purchaseCpu, requestWindow: operationRequests } = inOperation;
    // The request path alone: the stream held back while the purchases are sent, then released.
    const heldBack = await measured(inOperation.requestsAfter, WARMUP_PER_USER + 2 * PER_USER, { requestPathAlone: true });
    const { run: load, purchaseCpu: heldBackPurchaseCpu, requestWindow } = heldBack;
    const acceptedRate = (load.count / load.acceptedMs) * 1000;
    const settledRate = (load.count / load.settledMs) * 1000;
    const raw = await rawTransactWriteRate(endpoint, dynamoPid);
    const entries = await checkInvariants(users.map((u) => u.userName));
    const rawCpu = raw.cpuPerWrite;

    console.log('Airtime purchases on the local cloud');
    console.log(`  POST /buy/airtime accepted:     ${acceptedRate.toFixed(1)} /s  (${load.count} in ${(load.acceptedMs / 1000).toFixed(1)} s)`);
    console.log(`  end to end (supplier delivered): ${settledRate.toFixed(1)} /s  (all settled after ${(load.settledMs / 1000).toFixed(1)} s)`);
    console.log(`  latency p50 / p99:              ${load.p50.toFixed(1)} ms / ${load.p99.toFixed(1)} ms`);
    console.log(
      `  raw TransactWriteItems:         ${raw.rate.toFixed(1)} /s  (a purchase's own debit write, issued directly: same DynamoDB Local, same concurrency)`,
    );
    console.log(`  ratio end to end / raw:         ${(settledRate / raw.rate).toFixed(2)}  (no goal: its ≥ 0.60 was retired)`);
    console.log(
      `  ratio accepted / raw:           ${(acceptedRate / raw.rate).toFixed(2)}  (goal ≥ ${ACCEPTED_RATIO_GOAL.toFixed(2)}: the request path alone, stream mappings off while sent)`,
    );
    const operationRate = (operation.count / operation.acceptedMs) * 1000;
    console.log(
      `  with fulfilment alongside:      ${operationRate.toFixed(1)} /s, ratio ${(operationRate / raw.rate).toFixed(2)}  (${operation.count} purchases in operation: one Node process and two cores shared with the background)`,
    );
    console.log(`  invariants after load:          hold (${entries} ledger entries replayed over ${users.length} wallets)\n`);

    console.log(`DynamoDB requests of the ${load.count} measured purchases (request, fulfilment, settlement and every consumer of their events)`);
    for (const line of requestFigureLines(requestWindow, load.count)) console.log(line);
    holdRequestFigures(requestWindow, load.count);
    console.log(`  in operation (the ${operation.count} purchases with fulfilment alongside):`);
    for (const line of requestFigureLines(operationRequests, operation.count).slice(0, 2)) console.log(`  ${line}`);
    console.log();
    // In operation: every consumer alongside, batches as they come, as on AWS.
    for (const line of costLines(operationRequests, operation.count, `the ${operation.count} purchases in operation`)) console.log(line);
    holdToGoal({
      figure: 'cost per 1M purchases (USD)',
      value: purchaseCost(operationRequests, operation.count).total,
      goal: COST_GOAL_USD,
      direction: 'at most',
    });
    console.log(
      `  (the request-path run, whose waiting records are then handled in full batches: ${costLines(requestWindow, load.count, '')[0]!.replace(/^cost per 1M purchases: (\S+).*$/, '$1')})`,
    );
    console.log();

    // Both runs are CPU-bound on the same cores, so the ratio follows from CPU per item. This says
    // what any ratio would require of a purchase, and how much of it DynamoDB Local alone takes.
    console.log('CPU per item (user + system time of the processes, from /proc)');
    console.log(
      `  delivered purchase:     platform ${cpuMs(purchaseCpu.platform)} + DynamoDB Local ${cpuMs(purchaseCpu.dynamo)} = ${cpuMs(purchaseCpu.total)}  (in operation)`,
    );
    console.log(
      `    stream held back:     platform ${cpuMs(heldBackPurchaseCpu.platform)} + DynamoDB Local ${cpuMs(heldBackPurchaseCpu.dynamo)} = ${cpuMs(heldBackPurchaseCpu.total)}  (the request-path run: the waiting records are then read, fulfilled and settled in full batches, so each batch's fixed costs are shared by more purchases)`,
    );
    console.log(`  raw TransactWriteItems: client ${cpuMs(rawCpu.client)} + DynamoDB Local ${cpuMs(rawCpu.dynamo)} = ${cpuMs(rawCpu.total)}`);
    if (purchaseCpu.total !== undefined && rawCpu.total !== undefined) {
      console.log(
        `  CPU per purchase / raw:          ${(purchaseCpu.total / rawCpu.total).toFixed(1)}×  (goal ≤ ${CPU_MULTIPLE_GOAL}×: at most ${cpuMs(rawCpu.total * CPU_MULTIPLE_GOAL)} per purchase, platform and DynamoDB Local together)\n`,
      );
    }
  } finally {
    await cloud.stop();
    requests.dispose();
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

main()
  .then(() => reportMissedGoals())
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
