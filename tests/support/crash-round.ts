/**
 * One crash round, shared by tests/integration/crash-points.test.ts and the soak (tests/soak/run.ts):
 * start the local cloud with one crash point armed on a fresh data folder, run a burst (three funded
 * users, three airtime purchases each — delivered, refused by both suppliers, delivered — and one
 * withdrawal), wait for the process to die at the point, restart on the same data without it, wait
 * for quiet, and check what must hold after any crash:
 *  - every purchase and withdrawal ends `success` or `refunded`, and a withdrawal was paid out once
 *    if `success`, never if `refunded` (the payout simulator's own count);
 *  - no supplier was asked twice for the same purchase (the simulators' own counts), and the
 *    outcome is what the suppliers did: `success` delivered by one of them, `refunded` by none;
 *  - every wallet equals the replay of its ledger (platformClient's expectLedgerInvariants);
 *  - every settlement reached the webhook user's receiver at least once, each under one stable
 *    webhook id (the id its TransactionSettled event gives it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CRASH_POINT_ENV, CRASH_POINT_MARK, CRASH_POINT_PASS_ENV, type CrashPointName } from '../../functions/adapters/crash-points.js';
import { loadEnv } from '../../functions/adapters/environment.js';
import { dynamoLedger } from '../../functions/adapters/dynamo/wallet/ledger.js';
import { dynamoTransactions } from '../../functions/adapters/dynamo/transactions/transactions.js';
import { verifyChain } from '../../functions/domain/wallet/ledger.js';
import { isPurchase } from '../../functions/domain/transactions/transactions.js';
import { webhookMessageId } from '../../functions/domain/notifications/webhooks.js';
import { payoutReferenceFor } from '../../functions/domain/money/withdrawals.js';
import { ENV } from '../../shared/runtime-env.js';
import { SIM_NUMBERS } from '../../infra/local/simulators/msorg.js';
import { OPEN_STATUSES } from '../../shared/constants.js';
import { startLocalCloud, type LocalCloud, type SupplierName } from './local-cloud.js';
import { platformClient, resendWhileBusy } from './platform-client.js';

/** Short sweeper thresholds: after a restart nothing is in flight, so a claimed purchase may be re-queried within seconds. */
export const CRASH_ROUND_ENV: Record<string, string> = {
  SWEEPER_STALE_MS: '1500',
  // Above SUPPLIER_TIMEOUT_MS (1 s in tests): a call that could still be in flight is never second-guessed.
  SWEEPER_CLAIM_STALE_MS: '3000',
  SWEEPER_REQUERY_AFTER_MS: '500',
  PAYOUT_SWEEP_AFTER_MS: '3000',
  // A message a consumer failed comes back within 2 s.
  LOCAL_SQS_VISIBILITY_TIMEOUT_SECONDS: '2',
};

/**
 * The latest pass of each point the burst surely reaches (9 purchases, 3 of them refused by every
 * supplier so refunded, 6 delivered, 1 withdrawal, 4 settlements of the webhook user): dying there
 * rather than at the first pass leaves more of the burst in flight at the crash.
 */
export const LATEST_SURE_PASS: Record<CrashPointName, number> = {
  'after-debit-before-handover': 5,
  'after-supplier-accepted-before-record-update': 3,
  'after-settle-before-publish': 4,
  'mid-refund': 2,
  'mid-payout': 1,
  'mid-webhook-delivery': 2,
};

const SUPPLIERS: SupplierName[] = ['ALARO', 'GLAD', 'VTPASS'];
const PURCHASE_NUMBERS = [SIM_NUMBERS.success, SIM_NUMBERS.failure, SIM_NUMBERS.success];
const WITHDRAWAL = { bankName: 'Access Bank', bankCode: '044', accountNumber: '0123456789', amount: 500, bankAccountName: 'ADA OKAFOR', accountName: 'ADA OKAFOR' };

export interface WebhookDelivery {
  webhookId: string;
  transactionId: string;
  status: string;
}

/** A loopback receiver for API users' webhooks, one path per user; answers 200 and records what came. */
export interface WebhookReceiver {
  url(path: string): string;
  deliveries(path: string): WebhookDelivery[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received = new Map<string, WebhookDelivery[]>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      try {
        const json = JSON.parse(body) as { _id: string; trans_Status: string };
        const list = received.get(req.url ?? '') ?? received.set(req.url ?? '', []).get(req.url ?? '')!;
        list.push({ webhookId: String(req.headers['webhook-id']), transactionId: json._id, status: json.trans_Status });
      } catch {
        // Not ours to judge here; the check finds it missing.
      }
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${base}${path}`,
    deliveries: (path) => [...(received.get(path) ?? [])],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface CrashRoundResult {
  point: CrashPointName;
  /** The pass of the point that died. */
  pass: number;
  /** The process died at the armed point (its mark is in the output). */
  crashedAtPoint: boolean;
  purchases: number;
  withdrawals: number;
  /** Final statuses of purchases and withdrawals, e.g. { success: 7, refunded: 3 }. */
  outcomes: Record<string, number>;
  /** Purchase POSTs the suppliers received for this round's purchases, and the most any one supplier got for one purchase. */
  supplierCalls: number;
  mostCallsOneSupplierOnePurchase: number;
  ledger: 'ok' | string;
  /** Settlements of the webhook user, and how many reached the receiver under their stable id. */
  webhooksExpected: number;
  webhooksDelivered: number;
  /** Settlements delivered under more than one id, or under an id other than their event's. */
  unstableWebhookIds: string[];
  /** Deliveries beyond the first (allowed: at least once). */
  webhookRepeats: number;
  seconds: number;
  problems: string[];
}

/** One table line: point, purchases, outcomes, supplier calls, ledger check, webhooks. */
export function crashRoundLine(r: CrashRoundResult): string {
  const outcomes = Object.entries(r.outcomes)
    .sort()
    .map(([status, n]) => `${status} ${n}`)
    .join(', ');
  return [
    `${r.point} (pass ${r.pass})`.padEnd(54),
    `purchases ${r.purchases} + withdrawals ${r.withdrawals}`,
    `outcomes ${outcomes}`,
    `supplier calls ${r.supplierCalls} (max ${r.mostCallsOneSupplierOnePurchase} per supplier per purchase)`,
    `ledger ${r.ledger}`,
    `webhooks ${r.webhooksDelivered}/${r.webhooksExpected} (repeats ${r.webhookRepeats}, ids ${r.unstableWebhookIds.length ? 'UNSTABLE' : 'stable'})`,
    `${r.seconds.toFixed(1)} s`,
  ].join(' | ');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function crashRound(
  point: CrashPointName,
  receiver: WebhookReceiver,
  options: { pass?: number; crashTimeoutMs?: number; quietTimeoutMs?: number } = {},
): Promise<CrashRoundResult> {
  const pass = options.pass ?? LATEST_SURE_PASS[point];
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'vtu-crash-'));
  let cloud: LocalCloud | undefined;
  const problems: string[] = [];
  try {
    cloud = await startLocalCloud({ dataDir, env: { ...CRASH_ROUND_ENV, [CRASH_POINT_ENV]: point, [CRASH_POINT_PASS_ENV]: String(pass) } });
    const client = platformClient(() => cloud!, 'crash');
    const users = [await client.fundedUser(3000), await client.fundedUser(3000), await client.fundedUser(3000)];
    const hookPath = `/${point}/${users[0]!.userName}`;
    const saved = await client.api('POST', '/auth/updateWebhook', { token: users[0]!.token, body: { webhookUrl: receiver.url(hookPath) } });
    if (saved.status !== 200) throw new Error(`webhook URL not saved: ${saved.status} ${JSON.stringify(saved.body)}`);

    // The burst, all at once; requests the crash cuts off are fine (the ledger says what was taken).
    const requests: Promise<unknown>[] = [];
    // A wallet kept busy by its own burst answers 503 (nothing written): resent with its request_id, as an API user
    // would, so the whole burst is placed and the point's pass is reached however loaded the machine is.
    for (const user of users) {
      PURCHASE_NUMBERS.forEach((mobile_number, n) => {
        const body = { network: 1, mobile_number, amount: 100, request_id: `crash-${user.userName}-${n}` };
        requests.push(resendWhileBusy(() => client.api('POST', '/buy/airtime', { token: user.token, body })).catch(() => undefined));
      });
    }
    // The withdrawal shares the busy wallet: resent with its own request_id too, or under load it may never reach mid-payout.
    const withdrawal = { ...WITHDRAWAL, request_id: `crash-withdrawal-${users[0]!.userName}` };
    requests.push(resendWhileBusy(() => client.api('POST', '/withdraw', { token: users[0]!.token, body: withdrawal })).catch(() => undefined));
    await Promise.all(requests);

    const crashTimeoutMs = options.crashTimeoutMs ?? 45_000;
    const died = await Promise.race([cloud.exited.then(() => true), sleep(crashTimeoutMs).then(() => false)]);
    const crashedAtPoint = died && cloud.output().includes(`${CRASH_POINT_MARK} ${point} pass ${pass} `);
    if (!died) problems.push(`the process did not reach ${point} within ${crashTimeoutMs} ms`);
    else if (!crashedAtPoint) problems.push(`the process died, but not at ${point}:\n${cloud.output().slice(-4000)}`);
    await cloud.stop();

    // The same data, nothing armed.
    cloud = await startLocalCloud({ dataDir, env: CRASH_ROUND_ENV });

    // Quiet: nothing open, every settlement of the webhook user at its receiver, and two reads agree.
    const everything = async () => (await Promise.all(users.map((user) => client.allTransactionsOf(user.token)))).flat();
    const settlements = (list: any[]) => list.filter((t) => isAnnounced(t) && !OPEN_STATUSES.includes(t.trans_Status));
    const ofWebhookUser = (list: any[]) => list.filter((t) => t.trans_UserName === users[0]!.userName);
    let previous = '';
    let notYet = 'nothing read yet';
    const quietDeadline = Date.now() + (options.quietTimeoutMs ?? 90_000);
    let quiet: any[] | undefined;
    while (!quiet) {
      if (Date.now() > quietDeadline) throw new Error(`not quiet ${options.quietTimeoutMs ?? 90_000} ms after the restart: ${notYet}`);
      await sleep(250);
      const list = await everything();
      const open = list.filter((t) => OPEN_STATUSES.includes(t.trans_Status));
      const delivered = new Set(receiver.deliveries(hookPath).map((d) => `${d.transactionId} ${d.status}`));
      const undelivered = settlements(ofWebhookUser(list)).filter((t) => !delivered.has(`${t._id} ${t.trans_Status}`));
      const now = JSON.stringify(list.map((t) => [t._id, t.trans_Status, t.balance_After]).sort());
      notYet = open.length
        ? `open: ${open.map((t) => `${t._id} ${t.trans_Type} ${t.trans_Status}`).join(', ')}`
        : undelivered.length
          ? `settled but not at the webhook receiver: ${undelivered.map((t) => `${t._id} ${t.trans_Type} ${t.trans_Status}`).join(', ')}`
          : now !== previous
            ? 'still changing'
            : '';
      previous = now;
      if (!notYet) quiet = list;
    }

    const purchases = quiet.filter((t) => ['airtime', 'data', 'electricity'].includes(t.trans_Type));
    const withdrawals = quiet.filter(isWithdrawal);
    const outcomes: Record<string, number> = {};
    for (const t of [...purchases, ...withdrawals]) {
      outcomes[t.trans_Status] = (outcomes[t.trans_Status] ?? 0) + 1;
      if (!['success', 'refunded'].includes(t.trans_Status)) problems.push(`${t._id} (${t.trans_Type}) ended ${t.trans_Status}`);
    }

    let supplierCalls = 0;
    let most = 0;
    const deliveredBy = new Map<string, string[]>();
    for (const supplier of SUPPLIERS) {
      const { byRequestId } = await cloud.simulatorCalls(supplier);
      for (const purchase of purchases) {
        const calls = byRequestId[purchase._id] ?? 0;
        supplierCalls += calls;
        most = Math.max(most, calls);
        if (calls > 1) problems.push(`${supplier} was asked ${calls} times for ${purchase._id}`);
        if (calls === 0) continue;
        const { transactions = [] } = await cloud.simulatorCalls(supplier, purchase._id);
        if (transactions.some((record) => /^(successful|delivered)$/i.test(String(record.Status ?? record.status)))) {
          deliveredBy.set(purchase._id, [...(deliveredBy.get(purchase._id) ?? []), supplier]);
        }
      }
    }
    // The outcome is what the suppliers did: delivered once → success; never delivered → refunded (money neither lost nor kept).
    for (const purchase of purchases) {
      const by = deliveredBy.get(purchase._id) ?? [];
      if (purchase.trans_Status === 'success' && by.length !== 1) problems.push(`${purchase._id} is success but was delivered by ${by.length} supplier(s)`);
      if (purchase.trans_Status === 'refunded' && by.length !== 0) problems.push(`${purchase._id} was refunded though ${by.join(', ')} delivered it`);
    }

    // A withdrawal is paid at most once, and its outcome is what the bank did: success paid once, refunded never paid.
    const transfers = (await (await fetch(`${cloud.simulatorsUrl}/_sim/payout/transfers`)).json()) as Array<{ reference: string; payments: number }>;
    for (const withdrawal of withdrawals) {
      const payments = transfers.find((t) => t.reference === payoutReferenceFor(withdrawal._id))?.payments ?? 0;
      const expected = withdrawal.trans_Status === 'success' ? 1 : 0;
      if (payments !== expected) problems.push(`withdrawal ${withdrawal._id} is ${withdrawal.trans_Status} but the bank paid it ${payments} time(s)`);
    }

    const userIds = await Promise.all(users.map(async (user) => (await client.api('GET', '/auth', { token: user.token })).body.user._id as string));
    const ledgerProblems = await replayWallets(cloud, userIds);
    const ledger = ledgerProblems.length ? `FAILED (${ledgerProblems.length})` : 'ok';
    problems.push(...ledgerProblems);

    const expected = settlements(ofWebhookUser(quiet));
    const deliveries = receiver.deliveries(hookPath);
    const unstable: string[] = [];
    let delivered = 0;
    for (const t of expected) {
      const ids = new Set(deliveries.filter((d) => d.transactionId === t._id && d.status === t.trans_Status).map((d) => d.webhookId));
      if (ids.size > 0) delivered++;
      if (ids.size > 1 || (ids.size === 1 && !ids.has(webhookMessageId(t._id, t.trans_Status)))) unstable.push(`${t._id} ${t.trans_Status}: ${[...ids].join(', ')}`);
    }
    if (delivered < expected.length) problems.push(`${expected.length - delivered} settlement(s) of the webhook user never reached the receiver`);
    if (unstable.length) problems.push(`webhook ids not stable: ${unstable.join('; ')}`);
    const firstDeliveries = new Set(deliveries.map((d) => `${d.transactionId} ${d.status}`)).size;

    return {
      point,
      pass,
      crashedAtPoint,
      purchases: purchases.length,
      withdrawals: withdrawals.length,
      outcomes,
      supplierCalls,
      mostCallsOneSupplierOnePurchase: most,
      ledger,
      webhooksExpected: expected.length,
      webhooksDelivered: delivered,
      unstableWebhookIds: unstable,
      webhookRepeats: deliveries.length - firstDeliveries,
      seconds: (Date.now() - started) / 1000,
      problems,
    };
  } catch (error) {
    // The API's request lines (the test's own polling) drown the rest.
    const told = cloud?.output().split('\n').filter((line) => !/^\[api\] GET /.test(line)).join('\n');
    if (told) (error as Error).message += `\n--- local cloud output (after the restart) ---\n${told.slice(-8000)}`;
    throw error;
  } finally {
    await cloud?.stop();
    // Its tables in the run's shared DynamoDB Local stay until the run ends (in memory, gone with it).
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function isWithdrawal(t: any): boolean {
  return t.isWithdrawal === true || (t.trans_Type === 'wallet' && /withdraw/i.test(String(t.description ?? '')));
}

/** What the platform announces (transaction-outbox.ts): purchases and withdrawals here (coupons are not). */
function isAnnounced(t: any): boolean {
  return ['airtime', 'data', 'electricity'].includes(t.trans_Type) || isWithdrawal(t);
}

/**
 * Every wallet equals the replay of its chain, read straight from the cloud's table (the domain's
 * verifyChain: by wallet sequence, each balance before the previous after, ending at the wallet),
 * and a purchase has a refund exactly when it is `refunded`, never two.
 */
async function replayWallets(cloud: LocalCloud, userIds: string[]): Promise<string[]> {
  // The adapters read the table this round's cloud wrote (each round has its own).
  Object.assign(process.env, {
    TABLE_NAME: cloud.tableName,
    AWS_ENDPOINT_URL_DYNAMODB: cloud.dynamoEndpoint,
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
  });
  loadEnv([ENV.tableName]);
  const problems: string[] = [];
  for (const userId of userIds) {
    const [records, wallet] = await Promise.all([dynamoTransactions.listForUser(userId, {}), dynamoLedger.getWallet(userId)]);
    const chain = verifyChain(records, wallet);
    if (!chain.ok) problems.push(`wallet of ${userId}: ${chain.problem} at ${chain.entryId}: ${chain.detail}`);
    for (const purchase of records.filter((r) => isPurchase(r.trans_Type))) {
      const refunds = records.filter((r) => r.trans_Type === 'refund' && r.relatedTransactionId === purchase.id).length;
      const expected = purchase.trans_Status === 'refunded' ? 1 : 0;
      if (refunds !== expected) problems.push(`purchase ${purchase.id} is ${purchase.trans_Status} with ${refunds} refund(s)`);
    }
  }
  return problems;
}
