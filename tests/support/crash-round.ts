/**
 * One crash round, shared by tests/integration/crash-points.test.ts and the soak (tests/soak/run.ts):
 * start the local cloud with one crash point armed on a fresh data folder, run a burst (three funded
 * users, each buying airtime delivered by an MSORG panel, airtime refused by every supplier, and
 * electricity delivered by VTpass — nine purchases — and one withdrawal), wait for the process to
 * die at the point, restart on the same data without it, send every request again under its own
 * request_id (as an API user unsure of its answer would: one the crash cut off is placed now or
 * answered with what was placed, one already answered is a replay), wait for quiet, and check what
 * must hold after any crash — every answer kept, none thrown away:
 *  - every request ends answered 200, and each 200 names one record that exists in the table as
 *    exactly one debit (the answer's balance is that debit's) and ends `success` or `refunded`: an
 *    answer whose debit vanished fails, so does a request_id answered with two different records;
 *  - exactly nine purchases and one withdrawal, each the one a request was answered with;
 *  - a withdrawal was paid out once if `success`, never if `refunded` (the payout simulator's own count);
 *  - no supplier was asked twice for the same purchase, counted by the key each supplier files it
 *    under (MSORG: our transaction id; VTpass: its request_id, a Lagos-time `YYYYMMDDHHII` then our id,
 *    read back to the purchase — two submissions under different stamps are two), no supplier call
 *    names anything but a purchase of the round, and the outcome is what the suppliers did:
 *    `success` delivered by exactly one of them, `refunded` by none;
 *  - every wallet equals the replay of its chain, read from the table, and a purchase has a refund
 *    exactly when it is `refunded`;
 *  - every settlement reached the webhook user's receiver at least once, each under one stable
 *    webhook id (the id its TransactionSettled event gives it); at `mid-webhook-delivery`, the
 *    webhook posted just before the crash is posted again after the restart (at least one redelivery).
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
import { isPurchase, type TransactionRecord } from '../../functions/domain/transactions/transactions.js';
import { webhookMessageId } from '../../functions/domain/notifications/webhooks.js';
import { payoutReferenceFor } from '../../functions/domain/money/withdrawals.js';
import { ENV } from '../../shared/runtime-env.js';
import { SIM_NUMBERS } from '../../infra/local/simulators/msorg.js';
import { VTPASS_SIM_METERS } from '../../infra/local/simulators/vtpass.js';
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
const USERS = 3;
/** Each user's purchases: airtime an MSORG panel delivers, airtime every supplier refuses, electricity VTpass delivers (ALARO is its failover). */
const PURCHASES_OF_A_USER: Array<{ kind: 'airtime' | 'electricity'; path: string; body: Record<string, unknown> }> = [
  { kind: 'airtime', path: '/buy/airtime', body: { network: 1, mobile_number: SIM_NUMBERS.success, amount: 100 } },
  { kind: 'airtime', path: '/buy/airtime', body: { network: 1, mobile_number: SIM_NUMBERS.failure, amount: 100 } },
  { kind: 'electricity', path: '/buy/electricity', body: { amount: 1000, meterId: 18, meterNumber: VTPASS_SIM_METERS.valid, meterType: 'prepaid' } },
];
/** What one round places, exactly. */
export const PURCHASES_PER_ROUND = USERS * PURCHASES_OF_A_USER.length;
export const WITHDRAWALS_PER_ROUND = 1;
const WITHDRAWAL = {
  bankName: 'Access Bank',
  bankCode: '044',
  accountNumber: '0123456789',
  amount: 500,
  bankAccountName: 'ADA OKAFOR',
  accountName: 'ADA OKAFOR',
};
/** VTpass files a purchase under its request_id: the Lagos minute it was placed (`YYYYMMDDHHII`), then our id. */
const VTPASS_KEY = /^(\d{12})([0-9A-Za-z]+)$/;

export interface WebhookDelivery {
  webhookId: string;
  transactionId: string;
  status: string;
  /** When the receiver had it (ms since the epoch): before or after the crash. */
  at: number;
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
        list.push({ webhookId: String(req.headers['webhook-id']), transactionId: json._id, status: json.trans_Status, at: Date.now() });
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

/** One answer the platform gave (or the error in its place: the crash cut the request off). */
export type KeptAnswer = { phase: 'burst' | 'after the restart'; status: number; body: any } | { phase: 'burst' | 'after the restart'; error: string };

/** A request of the burst and every answer it got, 503s included. */
export interface RoundRequest {
  kind: 'airtime' | 'electricity' | 'withdrawal';
  user: number;
  requestId: string;
  path: string;
  body: Record<string, unknown>;
  answers: KeptAnswer[];
}

export interface CrashRoundResult {
  point: CrashPointName;
  /** The pass of the point that died. */
  pass: number;
  /** The process died at the armed point (its mark is in the output). */
  crashedAtPoint: boolean;
  /** The burst's requests; how many ended answered 200 (each is sent again after the restart); how many the crash left without a 200. */
  requests: number;
  answered200: number;
  cutOff: number;
  purchases: number;
  withdrawals: number;
  /** Final statuses of purchases and withdrawals, e.g. { success: 7, refunded: 3 }. */
  outcomes: Record<string, number>;
  /** Purchase POSTs the suppliers received for this round's purchases (each supplier's own count, by its own key), and the most any one supplier got for one purchase. */
  supplierCalls: number;
  callsBySupplier: Record<SupplierName, number>;
  mostCallsOneSupplierOnePurchase: number;
  ledger: 'ok' | string;
  /** Settlements of the webhook user, and how many reached the receiver under their stable id. */
  webhooksExpected: number;
  webhooksDelivered: number;
  /** Settlements delivered under more than one id, or under an id other than their event's. */
  unstableWebhookIds: string[];
  /** Deliveries beyond the first (allowed: at least once). */
  webhookRepeats: number;
  /** Settlements the receiver had before the crash and again after the restart. */
  webhookRedeliveries: number;
  seconds: number;
  /** Seconds from the start to the crash (start, users, burst, death), from the crash to the restarted cloud's resends, and from there to quiet. */
  phases: { toCrash: number; restart: number; toQuiet: number };
  problems: string[];
}

/** One table line: point, requests, purchases, outcomes, supplier calls, ledger check, webhooks. */
export function crashRoundLine(r: CrashRoundResult): string {
  const outcomes = Object.entries(r.outcomes)
    .sort()
    .map(([status, n]) => `${status} ${n}`)
    .join(', ');
  const bySupplier = Object.entries(r.callsBySupplier)
    .map(([supplier, n]) => `${supplier} ${n}`)
    .join(', ');
  return [
    `${r.point} (pass ${r.pass})`.padEnd(54),
    `200s ${r.answered200}/${r.requests} (${r.cutOff} without one at the crash)`,
    `purchases ${r.purchases} + withdrawals ${r.withdrawals}`,
    `outcomes ${outcomes}`,
    `supplier calls ${r.supplierCalls}: ${bySupplier} (max ${r.mostCallsOneSupplierOnePurchase} per supplier per purchase)`,
    `ledger ${r.ledger}`,
    `webhooks ${r.webhooksDelivered}/${r.webhooksExpected} (repeats ${r.webhookRepeats}, redelivered after the crash ${r.webhookRedeliveries}, ids ${r.unstableWebhookIds.length ? 'UNSTABLE' : 'stable'})`,
    `${r.seconds.toFixed(1)} s (crash ${r.phases.toCrash.toFixed(1)}, restart ${r.phases.restart.toFixed(1)}, quiet ${r.phases.toQuiet.toFixed(1)})`,
  ].join(' | ');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const describeAnswer = (answer: KeptAnswer) =>
  'error' in answer ? `${answer.phase}: no answer (${answer.error})` : `${answer.phase}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;

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
    const users: Array<{ token: string; userName: string }> = [];
    for (let n = 0; n < USERS; n++) users.push(await client.fundedUser(3000));
    const hookPath = `/${point}/${users[0]!.userName}`;
    const saved = await client.api('POST', '/auth/updateWebhook', { token: users[0]!.token, body: { webhookUrl: receiver.url(hookPath) } });
    if (saved.status !== 200) throw new Error(`webhook URL not saved: ${saved.status} ${JSON.stringify(saved.body)}`);

    const requests: RoundRequest[] = users.flatMap((user, u) =>
      PURCHASES_OF_A_USER.map(({ kind, path, body }, n) => ({ kind, user: u, requestId: `crash-${user.userName}-${n}`, path, body, answers: [] })),
    );
    // The withdrawal shares the webhook user's wallet.
    requests.push({ kind: 'withdrawal', user: 0, requestId: `crash-withdrawal-${users[0]!.userName}`, path: '/withdraw', body: WITHDRAWAL, answers: [] });
    // Every answer is kept. A wallet kept busy by its own burst answers 503 (nothing written): sent again with its
    // request_id, as an API user would, so the whole burst is placed and the point's pass is reached however loaded the machine is.
    const send = async (request: RoundRequest, phase: KeptAnswer['phase']): Promise<void> => {
      try {
        await resendWhileBusy(async () => {
          const answer = await client.api('POST', request.path, {
            token: users[request.user]!.token,
            body: { ...request.body, request_id: request.requestId },
          });
          request.answers.push({ phase, status: answer.status, body: answer.body });
          return answer;
        });
      } catch (error) {
        request.answers.push({ phase, error: String(error) });
      }
    };

    // The burst, all at once; the crash may cut requests off.
    await Promise.all(requests.map((request) => send(request, 'burst')));

    const crashTimeoutMs = options.crashTimeoutMs ?? 45_000;
    const died = await Promise.race([cloud.exited.then(() => true), sleep(crashTimeoutMs).then(() => false)]);
    const crashedAt = Date.now();
    const crashedAtPoint = died && cloud.output().includes(`${CRASH_POINT_MARK} ${point} pass ${pass} `);
    if (!died) problems.push(`the process did not reach ${point} within ${crashTimeoutMs} ms`);
    else if (!crashedAtPoint) problems.push(`the process died, but not at ${point}:\n${cloud.output().slice(-4000)}`);
    await cloud.stop();

    // The same data, nothing armed.
    cloud = await startLocalCloud({ dataDir, env: CRASH_ROUND_ENV });

    // Every request is sent again under its request_id, as a client unsure of its answer would: one answered 200 must be
    // answered with the same record (a replay debits nothing); one the crash left without a 200 is answered with what was
    // placed, or placed now. A 5xx or no answer (a loaded machine; the local function limit is 10 s) is sent again, up to
    // three times: a 4xx is an answer.
    const lastAnswer = (request: RoundRequest) => request.answers.at(-1);
    const answered200 = (request: RoundRequest) => {
      const last = lastAnswer(request);
      return last !== undefined && 'status' in last && last.status === 200;
    };
    const cutOff = requests.filter((request) => !answered200(request)).length;
    const unsettled = (request: RoundRequest) => {
      const last = lastAnswer(request);
      return !last || 'error' in last || last.status >= 500;
    };
    await Promise.all(
      requests.map(async (request) => {
        for (let attempt = 1; attempt <= 3 && (attempt === 1 || unsettled(request)); attempt++) await send(request, 'after the restart');
      }),
    );
    const restartedAt = Date.now();

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

    const quietAt = Date.now();
    const purchases = quiet.filter((t) => isPurchase(t.trans_Type));
    const withdrawals = quiet.filter(isWithdrawal);
    const outcomes: Record<string, number> = {};
    for (const t of [...purchases, ...withdrawals]) {
      outcomes[t.trans_Status] = (outcomes[t.trans_Status] ?? 0) + 1;
      if (!['success', 'refunded'].includes(t.trans_Status)) problems.push(`${t._id} (${t.trans_Type}) ended ${t.trans_Status}`);
    }

    // The table's own records of each user: the answers' debits, and the chains.
    const userIds = await Promise.all(users.map(async (user) => (await client.api('GET', '/auth', { token: user.token })).body.user._id as string));
    const table = await readTable(cloud, userIds);

    // Every request ends answered 200, and each 200 is one debit in the table that ends success or refunded.
    const answeredIds = new Map<string, RoundRequest>();
    for (const request of requests) {
      const what = `${request.kind} ${request.requestId}`;
      if (!answered200(request)) {
        problems.push(`${what} did not end answered 200: ${request.answers.map(describeAnswer).join('; ') || 'no answer at all'}`);
      }
      const ok = request.answers.filter((answer): answer is Extract<KeptAnswer, { status: number }> => 'status' in answer && answer.status === 200);
      const ids = new Set(ok.map((answer) => String(answer.body?.receipt?._id)));
      if (ids.size > 1) problems.push(`${what} was answered 200 with ${ids.size} different records: ${[...ids].join(', ')}`);
      for (const answer of ok) {
        const id = String(answer.body?.receipt?._id);
        answeredIds.set(id, request);
        const debits = (table.get(userIds[request.user]!)?.records ?? []).filter((record) => record.id === id);
        if (debits.length !== 1) {
          problems.push(
            `${what} was answered 200 (${answer.phase}) with ${id}, which the table holds ${debits.length} time(s): its debit ${debits.length ? 'is not one' : 'vanished'}`,
          );
          continue;
        }
        const [debit] = debits as [TransactionRecord];
        const debited = debit.balanceBeforeKobo - debit.balanceAfterKobo;
        if (debited <= 0 || debited !== debit.amountKobo)
          problems.push(`${what}: ${id} is no debit in the table (${debit.balanceBeforeKobo} → ${debit.balanceAfterKobo}, amount ${debit.amountKobo})`);
        const toldBalanceKobo = Math.round(Number(answer.body.receipt.balance_After) * 100);
        if (toldBalanceKobo !== debit.balanceAfterKobo)
          problems.push(
            `${what}: the answer (${answer.phase}) told a balance of ${toldBalanceKobo} kobo after ${id}, the table's debit left ${debit.balanceAfterKobo}`,
          );
        if (!['success', 'refunded'].includes(debit.trans_Status)) problems.push(`${what}: ${id}, answered 200, ended ${debit.trans_Status}`);
        if (debit.trans_Type !== request.kind) problems.push(`${what}: ${id} is a ${debit.trans_Type} record`);
      }
    }

    // Exactly what was sent: nine purchases and one withdrawal, each the one a request was answered with.
    if (purchases.length !== PURCHASES_PER_ROUND) problems.push(`${purchases.length} purchases, not the ${PURCHASES_PER_ROUND} sent`);
    if (withdrawals.length !== WITHDRAWALS_PER_ROUND) problems.push(`${withdrawals.length} withdrawals, not the ${WITHDRAWALS_PER_ROUND} sent`);
    for (const t of [...purchases, ...withdrawals]) {
      if (!answeredIds.has(t._id)) problems.push(`${t._id} (${t.trans_Type}) is the answer to no request of the round`);
    }

    // Supplier calls, counted by the key each supplier files them under, read back to our purchases.
    const byCompactId = new Map(purchases.map((t) => [String(t._id).replace(/[^A-Za-z0-9]/g, ''), t]));
    const purchaseOfKey = (supplier: SupplierName, key: string) => {
      if (supplier !== 'VTPASS') return purchases.find((t) => t._id === key);
      const match = VTPASS_KEY.exec(key);
      return match ? byCompactId.get(match[2]!) : undefined;
    };
    const callsBySupplier = Object.fromEntries(SUPPLIERS.map((supplier) => [supplier, 0])) as Record<SupplierName, number>;
    let most = 0;
    const deliveredBy = new Map<string, string[]>();
    for (const supplier of SUPPLIERS) {
      const { byRequestId } = await cloud.simulatorCalls(supplier);
      const perPurchase = new Map<string, { calls: number; keys: string[] }>();
      for (const [key, calls] of Object.entries(byRequestId)) {
        callsBySupplier[supplier] += calls;
        const purchase = purchaseOfKey(supplier, key);
        if (!purchase) {
          problems.push(`${supplier} was asked ${calls} time(s) under ${key}, which names no purchase of the round`);
          continue;
        }
        const seen = perPurchase.get(purchase._id) ?? { calls: 0, keys: [] };
        perPurchase.set(purchase._id, { calls: seen.calls + calls, keys: [...seen.keys, key] });
        // What the supplier did, read under its own key.
        const { transactions = [] } = await cloud.simulatorCalls(supplier, key);
        if (transactions.some((record) => /^(successful|delivered)$/i.test(String(record.Status ?? record.status)))) {
          deliveredBy.set(purchase._id, [...(deliveredBy.get(purchase._id) ?? []), `${supplier} (${key})`]);
        }
      }
      for (const [id, { calls, keys }] of perPurchase) {
        most = Math.max(most, calls);
        if (calls > 1)
          problems.push(`${supplier} was asked ${calls} times for ${id}${keys.length > 1 ? `, under ${keys.length} keys: ${keys.join(', ')}` : ''}`);
      }
    }
    const supplierCalls = Object.values(callsBySupplier).reduce((sum, n) => sum + n, 0);
    // The outcome is what the suppliers did: delivered once → success; never delivered → refunded (money neither lost nor kept).
    for (const purchase of purchases) {
      const by = deliveredBy.get(purchase._id) ?? [];
      if (purchase.trans_Status === 'success' && by.length !== 1)
        problems.push(`${purchase._id} is success but was delivered by ${by.length} supplier(s)${by.length ? `: ${by.join(', ')}` : ''}`);
      if (purchase.trans_Status === 'refunded' && by.length !== 0) problems.push(`${purchase._id} was refunded though ${by.join(', ')} delivered it`);
    }

    // A withdrawal is paid at most once, and its outcome is what the bank did: success paid once, refunded never paid.
    const transfers = (await (await fetch(`${cloud.simulatorsUrl}/_sim/payout/transfers`)).json()) as Array<{ reference: string; payments: number }>;
    for (const withdrawal of withdrawals) {
      const payments = transfers.find((t) => t.reference === payoutReferenceFor(withdrawal._id))?.payments ?? 0;
      const expected = withdrawal.trans_Status === 'success' ? 1 : 0;
      if (payments !== expected) problems.push(`withdrawal ${withdrawal._id} is ${withdrawal.trans_Status} but the bank paid it ${payments} time(s)`);
    }

    const ledgerProblems = replayWallets(table);
    const ledger = ledgerProblems.length ? `FAILED (${ledgerProblems.length})` : 'ok';
    problems.push(...ledgerProblems);

    const expected = settlements(ofWebhookUser(quiet));
    const deliveries = receiver.deliveries(hookPath);
    const unstable: string[] = [];
    let delivered = 0;
    for (const t of expected) {
      const ids = new Set(deliveries.filter((d) => d.transactionId === t._id && d.status === t.trans_Status).map((d) => d.webhookId));
      if (ids.size > 0) delivered++;
      if (ids.size > 1 || (ids.size === 1 && !ids.has(webhookMessageId(t._id, t.trans_Status))))
        unstable.push(`${t._id} ${t.trans_Status}: ${[...ids].join(', ')}`);
    }
    if (delivered < expected.length) problems.push(`${expected.length - delivered} settlement(s) of the webhook user never reached the receiver`);
    if (unstable.length) problems.push(`webhook ids not stable: ${unstable.join('; ')}`);
    const keyOf = (d: WebhookDelivery) => `${d.transactionId} ${d.status}`;
    const firstDeliveries = new Set(deliveries.map(keyOf)).size;
    const beforeCrash = new Set(deliveries.filter((d) => d.at <= crashedAt).map(keyOf));
    const redelivered = new Set(deliveries.filter((d) => d.at > crashedAt && beforeCrash.has(keyOf(d))).map(keyOf)).size;
    // At least once: the webhook the receiver had when the process died was not acknowledged, so it comes again.
    if (point === 'mid-webhook-delivery' && crashedAtPoint && redelivered === 0) {
      problems.push(`no webhook the receiver had before the crash at ${point} was delivered again after the restart (${beforeCrash.size} before the crash)`);
    }

    return {
      point,
      pass,
      crashedAtPoint,
      requests: requests.length,
      answered200: requests.filter(answered200).length,
      cutOff,
      purchases: purchases.length,
      withdrawals: withdrawals.length,
      outcomes,
      supplierCalls,
      callsBySupplier,
      mostCallsOneSupplierOnePurchase: most,
      ledger,
      webhooksExpected: expected.length,
      webhooksDelivered: delivered,
      unstableWebhookIds: unstable,
      webhookRepeats: deliveries.length - firstDeliveries,
      webhookRedeliveries: redelivered,
      seconds: (Date.now() - started) / 1000,
      phases: { toCrash: (crashedAt - started) / 1000, restart: (restartedAt - crashedAt) / 1000, toQuiet: (quietAt - restartedAt) / 1000 },
      problems,
    };
  } catch (error) {
    // The API's request lines (the test's own polling) drown the rest.
    const told = cloud
      ?.output()
      .split('\n')
      .filter((line) => !/^\[api\] GET /.test(line))
      .join('\n');
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
  return isPurchase(t.trans_Type) || isWithdrawal(t);
}

interface UserTable {
  records: TransactionRecord[];
  wallet: Awaited<ReturnType<typeof dynamoLedger.getWallet>>;
}

/** Each user's records and wallet, read straight from the table this round's cloud wrote (each round has its own). */
async function readTable(cloud: LocalCloud, userIds: string[]): Promise<Map<string, UserTable>> {
  Object.assign(process.env, {
    TABLE_NAME: cloud.tableName,
    AWS_ENDPOINT_URL_DYNAMODB: cloud.dynamoEndpoint,
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
  });
  loadEnv([ENV.tableName]);
  const table = new Map<string, UserTable>();
  for (const userId of userIds) {
    const [records, wallet] = await Promise.all([dynamoTransactions.listForUser(userId, {}), dynamoLedger.getWallet(userId)]);
    table.set(userId, { records, wallet });
  }
  return table;
}

/**
 * Every wallet equals the replay of its chain (the domain's verifyChain: by wallet sequence, each
 * balance before the previous after, ending at the wallet), and a purchase has a refund exactly when
 * it is `refunded`, never two.
 */
function replayWallets(table: Map<string, UserTable>): string[] {
  const problems: string[] = [];
  for (const [userId, { records, wallet }] of table) {
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
