/**
 * `npm run bench -- burst` (also part of the full run): a burst on one wallet, as a
 * reseller's script sends it, against the same burst spread over as many wallets.
 *  - 50 concurrent ₦100 airtime purchases with ONE API key, each with its own request_id; then
 *    one purchase on each of 50 other wallets (their own keys), all at once.
 *  - 30 concurrent transfers between two users, 15 each way, each with its own request_id.
 * Every answer is sorted: 200, "Insufficient balance" (400), retry-later (429/503 with
 * Retry-After) or 5xx. A retry-later answer is sent again with the same request_id after its
 * Retry-After, until it settles; the wallet must then be charged once for each, and the records the
 * answers name read back one each. Every wallet buys once first (warm), and each phase waits until the
 * last one's purchases are final, so the burst and the spread are both measured on an idle platform.
 * Knobs: BENCH_BURST (concurrent purchases, default 50), BENCH_BURST_ROUNDS (bursts, default 3: the
 * middle one by p99 is reported), BENCH_TRANSFERS (default 30), BENCH_LOG_LEVEL
 * (the platform's, default ERROR) with BENCH_BURST_OUTPUT=<file> (what it printed), BENCH_CLOUD_PROFILE=<folder>
 * (a CPU profile of the platform's process, see cpu-profile.mjs).
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_KEY_HEADER } from '../../shared/constants.js';
import { apiPath } from '../../shared/routes.js';
import { startLocalCloud, type LocalCloud } from '../support/local-cloud.js';
import { isDynamoOperation, type RequestTotals } from './dynamo-request-labels.js';
import { requestCounter } from './dynamo-requests.js';
import { BENCH_PASSWORD, call, prepareUsers, send, type BenchUser, type Reply } from './platform.js';
import { holdToGoal } from './goals.js';

const BURST = Number(process.env.BENCH_BURST ?? 50);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 30);
/** Bursts in a run: the middle one by p99 is reported, with every round's p99 beside it. */
const ROUNDS = Number(process.env.BENCH_BURST_ROUNDS ?? 3);
/**
 * The burst's goals (besides no 5xx and each purchase charged once), held in every round: its rate on
 * one wallet against the spread burst's, and its p99 against theirs in the same round (an absolute p99
 * is the machine's, not the platform's).
 */
const RATE_RATIO_GOAL = 0.5;
const P99_RATIO_GOAL = 2;
/** A ₦100 airtime costs a smart earner ₦99; each wallet is funded for the whole burst. */
const PURCHASE_NAIRA = 100;
const CHARGE_NAIRA = 99;
const DELIVERED_NUMBER = '08011111111';
/** A retry-later answer is retried at most this often before the bench calls it unsettled. */
const MAX_RESENDS = 20;
/** The API key's per-minute limit in this run: the burst and its resends are well above the default 60. */
const KEY_RATE_LIMIT = '2000';

type Outcome = 'ok' | 'insufficient' | 'retryLater' | 'serverError' | 'other';

interface Answered {
  outcome: Outcome;
  ms: number;
  retryAfterSeconds?: number;
  status: number;
  /** The record an accepted purchase names (its receipt). */
  recordId?: string;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

function outcomeOf(reply: Reply<unknown>): Omit<Answered, 'ms'> {
  const retryAfter = reply.headers.get('retry-after');
  if (reply.status === 200 || reply.status === 201) {
    const recordId = (reply.body as { receipt?: { _id?: string } }).receipt?._id;
    return { outcome: 'ok', status: reply.status, ...(recordId ? { recordId } : {}) };
  }
  if (reply.status === 400 && reply.body.msg === 'Insufficient balance') return { outcome: 'insufficient', status: reply.status };
  if ((reply.status === 429 || reply.status === 503) && retryAfter !== null)
    return { outcome: 'retryLater', status: reply.status, retryAfterSeconds: Number(retryAfter) };
  if (reply.status >= 500) return { outcome: 'serverError', status: reply.status };
  return { outcome: 'other', status: reply.status };
}

export async function timed(request: () => Promise<Reply<unknown>>): Promise<Answered> {
  const t0 = performance.now();
  const reply = await request();
  return { ...outcomeOf(reply), ms: performance.now() - t0 };
}

/** Sends a retry-later request again, same request_id, after each Retry-After, until it is answered otherwise. */
export async function settle(first: Answered, request: () => Promise<Reply<unknown>>): Promise<Answered> {
  let answer = first;
  for (let resend = 0; answer.outcome === 'retryLater' && resend < MAX_RESENDS; resend++) {
    await sleep((answer.retryAfterSeconds ?? 1) * 1000);
    answer = await timed(request);
  }
  return answer;
}

export function tally(answers: Answered[]) {
  const count = (outcome: Outcome) => answers.filter((a) => a.outcome === outcome).length;
  return { ok: count('ok'), insufficient: count('insufficient'), retryLater: count('retryLater'), serverError: count('serverError'), other: count('other') };
}

async function apiKeyOf(cloud: LocalCloud, user: BenchUser): Promise<string> {
  return (await call<{ apiKey: string }>(cloud, 'POST', apiPath('regenerateApiKey'), { password: BENCH_PASSWORD }, user.token)).apiKey;
}

const balanceOf = async (cloud: LocalCloud, user: BenchUser) =>
  (await call<{ user: { balance: number } }>(cloud, 'GET', apiPath('currentUser'), undefined, user.token)).user.balance;

/** How long a phase's purchases may take to become final before the next phase is measured. */
const FINAL_WITHIN_MS = 60_000;
const FINAL_STATUSES = ['success', 'refunded', 'failed'];

/** A purchase as its owner reads it once final. */
interface FinalRecord {
  trans_Type: string;
  trans_Status: string;
}

/**
 * Waits until every purchase the answers name is final (each read by the key that placed it), so the
 * next measured phase does not share the machine with their fulfilment and its stream: both the burst
 * and the spread are measured on a platform that is done with what came before. Answers the final
 * records by id: the distinct records the answers name, read back by their owner.
 */
async function untilFinal(cloud: LocalCloud, keys: string[], answers: Answered[]): Promise<Map<string, FinalRecord>> {
  const final = new Map<string, FinalRecord>();
  let open = answers.flatMap((a, i) => (a.recordId ? [{ id: a.recordId, key: keys[i]! }] : []));
  const deadline = Date.now() + FINAL_WITHIN_MS;
  while (open.length > 0) {
    if (Date.now() > deadline) throw new Error(`${open.length} purchases were not final ${FINAL_WITHIN_MS} ms after their phase`);
    await sleep(500);
    const replies = await Promise.all(
      open.map(({ id, key }) => send<{ transaction?: FinalRecord }>(cloud, 'GET', apiPath('getTransaction', { id }), undefined, { [API_KEY_HEADER]: key })),
    );
    open = open.filter(({ id }, i) => {
      const record = replies[i]!.body.transaction;
      if (!record || !FINAL_STATUSES.includes(record.trans_Status)) return true;
      final.set(id, record);
      return false;
    });
  }
  return final;
}

/** Purchases at once, one per key in `keys` (the same key repeated for a burst on one wallet). */
async function purchases(cloud: LocalCloud, keys: string[]) {
  const requests = keys.map((key) => {
    const body = { network: 1, mobile_number: DELIVERED_NUMBER, amount: PURCHASE_NAIRA, request_id: `burst-${randomUUID()}` };
    return () => send(cloud, 'POST', apiPath('buyAirtime'), body, { [API_KEY_HEADER]: key });
  });
  const started = performance.now();
  const firsts = await Promise.all(requests.map((request) => timed(request)));
  const elapsedMs = performance.now() - started;
  const finals = await Promise.all(firsts.map((first, i) => settle(first, requests[i]!)));
  const settledMs = performance.now() - started;
  // A reseller's rate: purchases accepted until the whole burst is in, resends after Retry-After included.
  return {
    firsts,
    finals,
    elapsedMs,
    settledMs,
    ratePerSecond: (tally(finals).ok / settledMs) * 1000,
    firstRatePerSecond: (tally(firsts).ok / elapsedMs) * 1000,
  };
}

export async function walletBurstBench(): Promise<void> {
  console.log(`bench: one wallet's burst (${BURST} concurrent purchases, one API key) and ${TRANSFERS} opposite transfers\n`);
  // The platform counts its DynamoDB requests (as the purchase bench does): write attempts per accepted purchase.
  const requests = requestCounter();
  const cloud = await startLocalCloud({
    env: {
      POWERTOOLS_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'ERROR',
      API_KEY_RATE_LIMIT_PER_MINUTE: KEY_RATE_LIMIT,
      NODE_OPTIONS: [
        `--import tsx --import ${requests.preload}`,
        ...(process.env.BENCH_CLOUD_PROFILE ? [`--import ${new URL('./cpu-profile.mjs', import.meta.url).pathname}`] : []),
      ].join(' '),
      ...requests.env,
    },
  });
  const requestsOf = async (path: string) => routeRequests(await requests.snapshot(cloud.pid), path);
  try {
    // Every round's burst spends from the reseller's wallet, and its spread one purchase from each other's; the warm-up one more each.
    const funding = (ROUNDS * BURST + 1) * PURCHASE_NAIRA;
    const [reseller, ...others] = await prepareUsers(cloud, 1 + BURST, funding, 'burst');
    // One after another, as the users were made: 51 argon2id checks at once share this one process's
    // CPU (on Lambda each has its own), and the last ones ran into the function's 10 s timeout.
    const keys: string[] = [];
    for (const user of [reseller!, ...others]) keys.push(await apiKeyOf(cloud, user));
    // Warm: one purchase on every wallet (unmeasured), so no function and no wallet is cold.
    const warm = await purchases(cloud, keys);
    await untilFinal(cloud, keys, warm.finals);

    const rounds: BurstRound[] = [];
    for (let round = 0; round < ROUNDS; round++) rounds.push(await burstRound(cloud, reseller!, keys, requestsOf));
    // Every round is held to the goals, not only the middle one.
    rounds.forEach((r, i) => {
      const round = `round ${i + 1}`;
      holdToGoal({
        figure: `${round}: one wallet's rate / ${BURST} wallets' rate`,
        value: r.burst.ratePerSecond / r.spread.ratePerSecond,
        goal: RATE_RATIO_GOAL,
        direction: 'at least',
      });
      holdToGoal({ figure: `${round}: one wallet's p99 / ${BURST} wallets' p99`, value: r.p99 / r.spreadP99, goal: P99_RATIO_GOAL, direction: 'at most' });
      holdToGoal({ figure: `${round}: 5xx answers`, value: r.first.serverError + r.settled.serverError, goal: 0, direction: 'at most' });
      holdToGoal({ figure: `${round}: purchases not charged exactly once`, value: r.exactlyOnce ? 0 : 1, goal: 0, direction: 'at most' });
    });
    // The middle round by p99 speaks for the run: one burst on a shared machine swings by seconds.
    const typical = [...rounds].sort((a, b) => a.p99 - b.p99)[Math.floor(rounds.length / 2)]!;
    const { first, settled, burst, spread } = typical;
    const ratio = burst.ratePerSecond / spread.ratePerSecond;
    console.log(
      `one wallet burst: ${BURST} concurrent → ${first.ok} ok, ${first.insufficient} insufficient, ${first.retryLater} retry-later, ${first.serverError} 5xx, p99 ${typical.p99.toFixed(0)} ms, ` +
        `${burst.ratePerSecond.toFixed(1)}/s vs ${spread.ratePerSecond.toFixed(1)}/s over ${BURST} wallets (ratio ${ratio.toFixed(2)})`,
    );
    console.log(
      `  rounds: ${ROUNDS}, the middle one by p99 above; each round's rate ratio, p99 one wallet / p99 ${BURST} wallets: ${rounds
        .map(
          (r) =>
            `${(r.burst.ratePerSecond / r.spread.ratePerSecond).toFixed(2)}, ${r.p99.toFixed(0)}/${r.spreadP99.toFixed(0)} ms = ${(r.p99 / r.spreadP99).toFixed(1)}×`,
        )
        .join('; ')}; 5xx in all: ${rounds.reduce((sum, r) => sum + r.first.serverError, 0)}; ` +
        `exactly once in every round: ${rounds.every((r) => r.exactlyOnce) ? 'yes' : 'no'}`,
    );
    console.log(
      `  rates: purchases accepted per second until the whole burst was in (resends after Retry-After included: ${(burst.settledMs / 1000).toFixed(1)} s); ` +
        `on first answers alone ${burst.firstRatePerSecond.toFixed(1)}/s vs ${spread.firstRatePerSecond.toFixed(1)}/s`,
    );
    console.log(
      `  goals in every round: 0 × 5xx, rate ratio ≥ ${RATE_RATIO_GOAL}, p99 ≤ ${P99_RATIO_GOAL} × the ${BURST} wallets' p99${
        first.other
          ? `; ${first.other} other answers (${burst.firsts
              .filter((a) => a.outcome === 'other')
              .map((a) => a.status)
              .join(', ')})`
          : ''
      }`,
    );
    console.log(
      `  retry-later resent with the same request_id after Retry-After: ${settled.ok} ok in all, ${settled.retryLater} still retry-later, ${settled.serverError} 5xx; ` +
        `${typical.recorded} purchases recorded, ₦${typical.charged.toFixed(2)} charged: each settled exactly once: ${typical.exactlyOnce ? 'yes' : 'no'}`,
    );
    console.log(
      `  write attempts (TransactWriteItems of POST /buy/airtime, resends included): ${typical.attempts} for ${settled.ok} purchases, ${(typical.attempts / Math.max(1, settled.ok)).toFixed(1)} per purchase (1 is no waste)`,
    );
    console.log(`  DynamoDB requests of POST /buy/airtime per purchase in the burst: ${typical.requestsLine}`);
    console.log(
      `  the ${BURST} wallets: ${tally(spread.firsts).ok} ok, p99 ${percentile(
        spread.firsts.map((a) => a.ms),
        99,
      ).toFixed(0)} ms\n`,
    );

    await oppositeTransfers(cloud, requestsOf);
  } finally {
    // BENCH_BURST_OUTPUT=<file>: what the platform logged, for a look at its answers.
    if (process.env.BENCH_BURST_OUTPUT) writeFileSync(process.env.BENCH_BURST_OUTPUT, cloud.output());
    await cloud.stop();
    requests.dispose();
  }
}

type Requests = (path: string) => Promise<Record<string, number>>;

interface BurstRound {
  burst: Awaited<ReturnType<typeof purchases>>;
  spread: Awaited<ReturnType<typeof purchases>>;
  first: ReturnType<typeof tally>;
  settled: ReturnType<typeof tally>;
  p99: number;
  /** The p99 of the same purchases spread over the other wallets, in the same round. */
  spreadP99: number;
  charged: number;
  recorded: number;
  exactlyOnce: boolean;
  attempts: number;
  requestsLine: string;
}

/** One burst on the reseller's wallet, its retry-later ones resent until settled, then the same purchases spread over the other wallets. */
async function burstRound(cloud: LocalCloud, reseller: BenchUser, keys: string[], requestsOf: Requests): Promise<BurstRound> {
  const balanceBefore = await balanceOf(cloud, reseller);
  const requestsBefore = await requestsOf(apiPath('buyAirtime'));
  const burstKeys = Array.from({ length: BURST }, () => keys[0]!);
  const burst = await purchases(cloud, burstKeys);
  const requestsAfter = await requestsOf(apiPath('buyAirtime'));
  // Each accepted answer names its own record, an airtime purchase of this wallet: the listing's counts
  // are summed from the stream and trail a burst, so they cannot say.
  const burstRecords = await untilFinal(cloud, burstKeys, burst.finals);
  const spread = await purchases(cloud, keys.slice(1));
  await untilFinal(cloud, keys.slice(1), spread.finals);
  const first = tally(burst.firsts);
  const settled = tally(burst.finals);
  const charged = balanceBefore - (await balanceOf(cloud, reseller));
  const recorded = [...burstRecords.values()].filter((record) => record.trans_Type === 'airtime').length;
  return {
    burst,
    spread,
    first,
    settled,
    p99: percentile(
      burst.firsts.map((a) => a.ms),
      99,
    ),
    spreadP99: percentile(
      spread.firsts.map((a) => a.ms),
      99,
    ),
    charged,
    recorded,
    exactlyOnce: recorded === settled.ok && Math.abs(charged - settled.ok * CHARGE_NAIRA) < 0.005,
    attempts: (requestsAfter.TransactWriteItems ?? 0) - (requestsBefore.TransactWriteItems ?? 0),
    requestsLine: perRequestLine(requestsBefore, requestsAfter, settled.ok),
  };
}

/** DynamoDB requests made so far by invocations of the route at `path`, by operation. */
function routeRequests(totals: RequestTotals, path: string): Record<string, number> {
  const byOperation: Record<string, number> = {};
  for (const [label, operations] of Object.entries(totals)) {
    if (!label.endsWith(` ${path}`)) continue;
    for (const [operation, total] of Object.entries(operations))
      if (isDynamoOperation(operation)) byOperation[operation] = (byOperation[operation] ?? 0) + total.count;
  }
  return byOperation;
}

/** The route's requests between two snapshots, per settled request, by operation: where a burst's time goes. */
function perRequestLine(before: Record<string, number>, after: Record<string, number>, settled: number): string {
  return Object.entries(after)
    .map(([operation, count]) => [operation, count - (before[operation] ?? 0)] as const)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([operation, count]) => `${operation} ${(count / Math.max(1, settled)).toFixed(1)}`)
    .join(', ');
}

async function oppositeTransfers(cloud: LocalCloud, requestsOf: Requests): Promise<void> {
  const funding = TRANSFERS * PURCHASE_NAIRA;
  const [a, b] = await prepareUsers(cloud, 2, funding, 'opposite');
  const before = (await balanceOf(cloud, a!)) + (await balanceOf(cloud, b!));
  const requests = Array.from({ length: TRANSFERS }, (_, i) => {
    const [from, to] = i % 2 === 0 ? [a!, b!] : [b!, a!];
    const body = { userName: to.userName, amount: PURCHASE_NAIRA, request_id: `xfer-${randomUUID()}` };
    return { from, request: () => send(cloud, 'POST', apiPath('transferFund'), body, { 'x-auth-token': from.token }) };
  });
  const requestsBefore = await requestsOf(apiPath('transferFund'));
  const firsts = await Promise.all(requests.map(({ request }) => timed(request)));
  const finals = await Promise.all(firsts.map((first, i) => settle(first, requests[i]!.request)));
  const requestsAfter = await requestsOf(apiPath('transferFund'));
  const attempts = (requestsAfter.TransactWriteItems ?? 0) - (requestsBefore.TransactWriteItems ?? 0);
  const after = (await balanceOf(cloud, a!)) + (await balanceOf(cloud, b!));
  // Each side's balance moved by exactly what its settled transfers say.
  const net = (user: BenchUser) =>
    finals.reduce((sum, answer, i) => (answer.outcome !== 'ok' ? sum : requests[i]!.from === user ? sum - PURCHASE_NAIRA : sum + PURCHASE_NAIRA), 0);
  const exact = (await balanceOf(cloud, a!)) === funding + net(a!) && (await balanceOf(cloud, b!)) === funding + net(b!);
  const first = tally(firsts);
  const settled = tally(finals);
  console.log(
    `opposite transfers: ${TRANSFERS} concurrent → ${first.ok} ok, ${first.insufficient} insufficient, ${first.retryLater} retry-later, 5xx ${first.serverError}, ` +
      `p99 ${percentile(
        firsts.map((x) => x.ms),
        99,
      ).toFixed(0)} ms, ₦ conserved: ${before === after && exact ? 'yes' : 'no'}`,
  );
  console.log(
    `  goals: 0 × 5xx, ₦ conserved; after resending retry-later ones: ${settled.ok} ok, ${settled.retryLater} still retry-later, each balance exact: ${exact ? 'yes' : 'no'}; ${attempts} write attempts, ${(attempts / Math.max(1, settled.ok)).toFixed(1)} per transfer`,
  );
  console.log(`  DynamoDB requests of POST /auth/transferFund per transfer: ${perRequestLine(requestsBefore, requestsAfter, settled.ok)}`);
}
