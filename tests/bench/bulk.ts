/**
 * `npm run bench -- bulk` (also part of the full run): one bulk purchase against single ones. A reseller sends
 * 100 airtimes either as ONE bulk purchase of 100 lines (POST /buy/airtime/bulk: one debit, the lines
 * written off the request path) or as 100 single purchases at once on the same wallet (POST
 * /buy/airtime, each with its own request_id, a retry-later answer sent again after its Retry-After).
 * Printed for each: purchases accepted per second until all 100 were in, and the time until all 100
 * were delivered; then whether each wallet was charged exactly once per purchase.
 * Knobs: BENCH_BULK_LINES (default 100, at most 100).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { BULK_MAX_LINES } from '../../shared/constants.js';
import { apiPath } from '../../shared/routes.js';
import { startLocalCloud, type LocalCloud } from '../support/local-cloud.js';
import { settle, tally, timed } from './burst.js';
import { call, prepareUsers, send, type BenchUser } from './platform.js';

const LINES = Math.min(BULK_MAX_LINES, Number(process.env.BENCH_BULK_LINES ?? BULK_MAX_LINES));
const PURCHASE_NAIRA = 100;
/** A smart earner pays 99% of ₦100. */
const CHARGE_NAIRA = 99;
const DELIVERED_NUMBER = '08011111111';
const line = { network: 1, mobile_number: DELIVERED_NUMBER, amount: PURCHASE_NAIRA };

const auth = (user: BenchUser) => ({ 'x-auth-token': user.token });
const balanceOf = async (cloud: LocalCloud, user: BenchUser) =>
  (await call<{ user: { balance: number } }>(cloud, 'GET', apiPath('currentUser'), undefined, user.token)).user.balance;

/** Waits until `delivered()` reaches `count`; the time it took from `since`. */
async function deliveredAfter(count: number, delivered: () => Promise<number>, since: number): Promise<number> {
  const deadline = Date.now() + 300_000;
  while ((await delivered()) < count) {
    if (Date.now() > deadline) throw new Error(`not all ${count} purchases were delivered within 300 s`);
    await sleep(200);
  }
  return performance.now() - since;
}

async function successfulAirtimes(cloud: LocalCloud, user: BenchUser): Promise<number> {
  return (await call<{ noOfTransaction: number }>(cloud, 'GET', `${apiPath('listTransactions')}?type=airtime&status=success`, undefined, user.token))
    .noOfTransaction;
}

async function oneBulk(cloud: LocalCloud, user: BenchUser, lines: number) {
  const body = { request_id: `bench-bulk-${randomUUID()}`, lines: Array.from({ length: lines }, () => line) };
  let batchId = '';
  const request = async () => {
    const reply = await send<{ batch: { id: string } }>(cloud, 'POST', apiPath('buyAirtimeBulk'), body, auth(user));
    batchId = reply.body.batch?.id ?? batchId;
    return reply;
  };
  const started = performance.now();
  const answer = await settle(await timed(request), request);
  const acceptedMs = performance.now() - started;
  if (answer.outcome !== 'ok') throw new Error(`the bulk purchase was answered ${answer.status}`);
  const status = async () =>
    (await call<{ batch: { delivered: number } }>(cloud, 'GET', apiPath('getBulkPurchase', { id: batchId }), undefined, user.token)).batch.delivered;
  const deliveredMs = await deliveredAfter(lines, status, started);
  return { accepted: lines, acceptedMs, deliveredMs };
}

async function singles(cloud: LocalCloud, user: BenchUser, count: number) {
  const requests = Array.from({ length: count }, () => {
    const body = { ...line, request_id: `bench-single-${randomUUID()}` };
    return () => send(cloud, 'POST', apiPath('buyAirtime'), body, auth(user));
  });
  const before = await successfulAirtimes(cloud, user);
  const started = performance.now();
  const firsts = await Promise.all(requests.map((request) => timed(request)));
  const finals = await Promise.all(firsts.map((first, i) => settle(first, requests[i]!)));
  const acceptedMs = performance.now() - started;
  const { ok } = tally(finals);
  const deliveredMs = await deliveredAfter(before + ok, () => successfulAirtimes(cloud, user), started);
  return { accepted: ok, retryLater: tally(firsts).retryLater, acceptedMs, deliveredMs };
}

const rate = (accepted: number, ms: number) => ((accepted / ms) * 1000).toFixed(1);

export async function bulkBench(): Promise<void> {
  console.log(`bench: one bulk purchase of ${LINES} lines beside ${LINES} single purchases at once, one wallet each\n`);
  const cloud = await startLocalCloud({ env: { POWERTOOLS_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'ERROR' } });
  try {
    const funding = (LINES + 5) * PURCHASE_NAIRA;
    const [bulkUser, singleUser] = await prepareUsers(cloud, 2, funding, 'bulkbench');
    // Warm: one small batch and one single purchase each (unmeasured), so no function is cold.
    await oneBulk(cloud, bulkUser!, 1);
    await singles(cloud, singleUser!, 1);
    const bulkBefore = await balanceOf(cloud, bulkUser!);
    const singleBefore = await balanceOf(cloud, singleUser!);

    const bulk = await oneBulk(cloud, bulkUser!, LINES);
    const single = await singles(cloud, singleUser!, LINES);
    const bulkExact = Math.abs(bulkBefore - (await balanceOf(cloud, bulkUser!)) - bulk.accepted * CHARGE_NAIRA) < 0.005;
    const singleExact = Math.abs(singleBefore - (await balanceOf(cloud, singleUser!)) - single.accepted * CHARGE_NAIRA) < 0.005;
    console.log(
      `bulk purchase, ${LINES} lines: ${bulk.accepted} accepted in ${bulk.acceptedMs.toFixed(0)} ms → ${rate(bulk.accepted, bulk.acceptedMs)} purchases/s accepted; ` +
        `all delivered after ${(bulk.deliveredMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `${LINES} single purchases at once: ${single.accepted} accepted in ${single.acceptedMs.toFixed(0)} ms (${single.retryLater} first answered retry-later, resent) → ` +
        `${rate(single.accepted, single.acceptedMs)} purchases/s accepted; all delivered after ${(single.deliveredMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `  accepted rate, bulk ÷ single: ${(Number(rate(bulk.accepted, bulk.acceptedMs)) / Number(rate(single.accepted, single.acceptedMs))).toFixed(1)}×; each wallet charged exactly once per purchase: ${bulkExact && singleExact ? 'yes' : 'no'}`,
    );
  } finally {
    await cloud.stop();
  }
}
