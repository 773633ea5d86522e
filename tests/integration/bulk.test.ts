/**
 * Bulk purchases over HTTP on the local cloud: POST /buy/airtime/bulk or /buy/data/bulk
 * → one debit for the total with the batch's record → stream → fulfilment queue → the batch's lines
 * written → each line its own purchase: SQS → fulfilment → the supplier simulator → success, or a
 * refund of that line alone. The simulator decides by phone number (README): 08022222222 fails
 * definitively. The sweeper re-enqueues unclaimed purchases after 200 ms, so lines get duplicate
 * fulfilment messages too: each must still reach the supplier once.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MAX_LINES } from '../../shared/constants.js';
import { BULK_MSG, CATALOGUE_MSG, MSG, REFUND_MSG, bulkLineMessage, serviceLockedMessage, tooManyLinesMessage } from '../../shared/messages.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient, resendWhileBusy } from '../support/platform-client.js';

const cloud = useLocalCloud({ env: { SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '300' } });

const { api, admin, fundedUser, balance, allTransactionsOf, waitFor, expectLedgerInvariants, settledDashboard } = platformClient(cloud, 'bulk');

const FAILS = '08022222222';
/** 20 ₦100 MTN lines; lines 5, 11 and 17 go to the number the simulator fails. */
const TWENTY_LINES = Array.from({ length: 20 }, (_, i) => ({
  network: 1,
  mobile_number: [4, 10, 16].includes(i) ? FAILS : `0801111${String(i).padStart(4, '0')}`,
  amount: 100,
}));

const buyBulk = (token: string, body: unknown, product: 'airtime' | 'data' = 'airtime') => api('POST', `/buy/${product}/bulk`, { token, body });

const settledBatch = (token: string, id: string) =>
  waitFor(
    `batch ${id} settling`,
    async () => {
      const answer = await api('GET', `/buy/bulk/${id}`, { token });
      expect(answer.status).toBe(200);
      return answer.body.batch.status === 'done' ? answer.body.batch : undefined;
    },
    60_000,
  );

/** A webhook receiver: every delivery's headers and JSON body, by the path it was sent to. */
const received: { path: string; headers: IncomingHttpHeaders; json: any }[] = [];
let receiver: Server;
let receiverBase: string;
beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, json: JSON.parse(body) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe('bulk purchases on the local cloud', () => {
  it('20 airtime lines, 3 failing: one debit for the total, each line its own purchase, the 3 refunded once each; a replay is the same batch, charged once', async () => {
    const user = await fundedUser(5_000);
    const placed = await resendWhileBusy(() => buyBulk(user.token, { request_id: 'bulk-twenty-lines', lines: TWENTY_LINES }));
    expect(placed.status).toBe(200);
    // A smart earner pays 99% of ₦100 a line.
    expect(placed.body).toMatchObject({
      msg: BULK_MSG.airtimeProcessing,
      batch: { product: 'airtime', lineCount: 20, total: 1_980, status: 'processing', open: 20 },
    });
    const batchId = placed.body.batch.id as string;
    const lineIds = placed.body.batch.lines.map((line: any) => line._id as string);
    expect(new Set(lineIds).size).toBe(20);
    expect(placed.body.batch.lines.map((line: any) => [line.phone_number, line.trans_Status, line.trans_amount, line.batchId])).toEqual(
      TWENTY_LINES.map((line) => [line.mobile_number, 'processing', 99, batchId]),
    );

    const batch = await settledBatch(user.token, batchId);
    expect(batch).toMatchObject({ delivered: 17, refunded: 3, open: 0, refundedAmount: 297 });
    expect(batch.lines.map((line: any) => line._id)).toEqual(lineIds);
    expect(batch.lines.filter((line: any) => line.trans_Status === 'refunded').map((line: any) => line.phone_number)).toEqual([FAILS, FAILS, FAILS]);
    expect(await balance(user.token)).toBe(5_000 - 17 * 99);

    // The wallet moved once for the batch and once per refund; every line reached the supplier once.
    const history = await allTransactionsOf(user.token);
    expect(history.filter((t) => t.trans_Type === 'bulk')).toEqual([
      expect.objectContaining({ _id: batchId, trans_amount: 1_980, balance_Before: 5_000, balance_After: 3_020 }),
    ]);
    const refunds = history.filter((t) => t.trans_Type === 'refund');
    expect(refunds.map((t) => t.relatedTransactionId).sort()).toEqual(
      batch.lines
        .filter((l: any) => l.trans_Status === 'refunded')
        .map((l: any) => l._id)
        .sort(),
    );
    for (const id of lineIds) expect((await cloud().simulatorCalls('ALARO', id)).count, `supplier submissions of line ${id}`).toBe(1);

    // The same request_id again: the same batch, as it stands, and no second debit.
    const replayed = await resendWhileBusy(() => buyBulk(user.token, { request_id: 'bulk-twenty-lines', lines: TWENTY_LINES }));
    expect(replayed.status).toBe(200);
    expect(replayed.body.batch).toMatchObject({ id: batchId, delivered: 17, refunded: 3, status: 'done' });
    expect(await balance(user.token)).toBe(5_000 - 17 * 99);
    expect((await allTransactionsOf(user.token)).filter((t) => t.trans_Type === 'bulk')).toHaveLength(1);
    // The same request_id with other lines is refused, and charges nothing.
    expect(await buyBulk(user.token, { request_id: 'bulk-twenty-lines', lines: TWENTY_LINES.slice(1) })).toMatchObject({
      status: 409,
      body: { msg: MSG.duplicateRequest },
    });
    await expectLedgerInvariants();
    // The platform's running figures (summed from the stream) agree with a recount of every balance.
    await settledDashboard();
  });

  it("webhooks fire per line, as for single purchases: each line's own settlement under its own webhook-id, none for the batch", async () => {
    const user = await fundedUser(1_000);
    const path = `/hook/${user.userName}`;
    expect((await api('POST', '/auth/updateWebhook', { token: user.token, body: { webhookUrl: `${receiverBase}${path}` } })).status).toBe(200);
    const lines = ['08011111111', FAILS, '08011113333'].map((mobile_number) => ({ network: 1, mobile_number, amount: 100 }));
    const placed = await resendWhileBusy(() => buyBulk(user.token, { request_id: 'bulk-webhooks', lines }));
    expect(placed.status).toBe(200);
    const [delivered, failed, alsoDelivered] = placed.body.batch.lines.map((line: any) => line._id as string);
    await settledBatch(user.token, placed.body.batch.id);
    const ids = await waitFor('a webhook per line', async () => {
      const mine = new Set(received.filter((r) => r.path === path).map((r) => String(r.headers['webhook-id'])));
      return mine.size >= 3 ? [...mine].sort() : undefined;
    });
    expect(ids).toEqual([`msg_${delivered}_success`, `msg_${failed}_refunded`, `msg_${alsoDelivered}_success`].sort());
    expect(received.filter((r) => r.path === path).map((r) => r.json._id)).not.toContain(placed.body.batch.id);
  });

  it('bulk data: each line is the plan bought for its number, charged the plan price once for all', async () => {
    const user = await fundedUser(5_000);
    const plans = (await api('GET', '/prices')).body as any[];
    const plan = plans.find((row) => row.plan_network === 'GLO' && row.isAvailable)!;
    const lines = [
      { network: 2, mobile_number: '08011111111', plan: plan.id },
      { network: 2, mobile_number: '08011112222', plan: String(plan.id) },
    ];
    const placed = await resendWhileBusy(() => buyBulk(user.token, { request_id: 'bulk-data-two', lines }, 'data'));
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ msg: BULK_MSG.dataProcessing, batch: { product: 'data', lineCount: 2 } });
    const batch = await settledBatch(user.token, placed.body.batch.id);
    expect(batch).toMatchObject({ delivered: 2, refunded: 0 });
    expect(batch.lines.map((line: any) => [line.trans_Type, line.phone_number])).toEqual([
      ['data', '08011111111'],
      ['data', '08011112222'],
    ]);
    expect(await balance(user.token)).toBeCloseTo(5_000 - batch.total, 2);
    expect(batch.total).toBeCloseTo(2 * batch.lines[0].trans_amount, 2);
    await expectLedgerInvariants();
  });

  it('an invalid line refuses the whole request, naming every bad line; nothing is charged', async () => {
    const user = await fundedUser(1_000);
    const lines = [
      { network: 1, mobile_number: '08011111111', amount: 100 },
      { network: 1, mobile_number: '0801', amount: 100 },
      { network: 1, mobile_number: '08011111111', amount: 100 },
      { network: 1, mobile_number: '08011111111', amount: 50 },
      { network: 9, mobile_number: '08011111111', amount: 100 },
    ];
    const refused = await buyBulk(user.token, { request_id: 'bulk-bad-lines', lines });
    expect(refused.status).toBe(400);
    expect(refused.body.lines).toEqual([
      { line: 2, msg: MSG.checkPhone },
      { line: 5, msg: MSG.invalidNetwork },
    ]);
    expect(refused.body.msg).toContain(bulkLineMessage(2, MSG.checkPhone));
    // Lines that parse are priced next, all at once: ₦50 is below the minimum.
    const belowMinimum = await buyBulk(user.token, { request_id: 'bulk-bad-lines', lines: lines.filter((_, i) => i !== 1 && i !== 4) });
    expect(belowMinimum).toMatchObject({ status: 400, body: { lines: [{ line: 3, msg: MSG.minimumAirtime }] } });
    const badPlan = await buyBulk(user.token, { request_id: 'bulk-bad-plan', lines: [{ network: 1, mobile_number: '08011111111', plan: 999_999 }] }, 'data');
    expect(badPlan).toMatchObject({ status: 400, body: { lines: [{ line: 1, msg: CATALOGUE_MSG.planUnavailable }] } });
    expect(await balance(user.token)).toBe(1_000);
    expect(await allTransactionsOf(user.token)).toHaveLength(1);
  });

  it(`more than ${BULK_MAX_LINES} lines, no lines or no request_id: refused, nothing charged`, async () => {
    const user = await fundedUser(1_000);
    const line = { network: 1, mobile_number: '08011111111', amount: 100 };
    expect(await buyBulk(user.token, { request_id: 'bulk-too-many', lines: Array.from({ length: BULK_MAX_LINES + 1 }, () => line) })).toMatchObject({
      status: 400,
      body: { msg: tooManyLinesMessage(BULK_MAX_LINES) },
    });
    expect(await buyBulk(user.token, { request_id: 'bulk-no-lines', lines: [] })).toMatchObject({ status: 400, body: { msg: BULK_MSG.noLines } });
    expect(await buyBulk(user.token, { lines: [line] })).toMatchObject({ status: 400, body: { msg: BULK_MSG.requestIdRequired } });
    expect(await balance(user.token)).toBe(1_000);
    expect(await allTransactionsOf(user.token)).toHaveLength(1);
  });

  it('a total above the balance is refused and changes nothing, though each line alone would fit', async () => {
    const user = await fundedUser(500);
    const lines = Array.from({ length: 6 }, () => ({ network: 1, mobile_number: '08011111111', amount: 100 }));
    expect(await buyBulk(user.token, { request_id: 'bulk-too-dear', lines })).toEqual({ status: 400, body: { msg: MSG.insufficientBalance } });
    expect(await balance(user.token)).toBe(500);
    expect(await allTransactionsOf(user.token)).toHaveLength(1);
  });

  it('the same bulk request sent three times at once is one batch, debited once', async () => {
    const user = await fundedUser(1_000);
    const body = {
      request_id: 'bulk-three-at-once',
      lines: [
        { network: 1, mobile_number: '08011111111', amount: 100 },
        { network: 1, mobile_number: '08011114444', amount: 200 },
      ],
    };
    const answers = await Promise.all(Array.from({ length: 3 }, () => resendWhileBusy(() => buyBulk(user.token, body))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.batch.id)).size).toBe(1);
    await settledBatch(user.token, answers[0]!.body.batch.id);
    expect(await balance(user.token)).toBe(1_000 - 99 - 198);
    expect((await allTransactionsOf(user.token)).filter((t) => t.trans_Type === 'airtime')).toHaveLength(2);
    await expectLedgerInvariants();
  });

  it("a locked network refuses the whole batch with the lock's message, before any money moves", async () => {
    const user = await fundedUser(1_000);
    const token = await admin();
    expect(
      (await api('POST', '/admin/updateServices', { token, body: { serviceName: '9MOBILE', serviceType: 'airtime', serviceStatus: 'locked' } })).status,
    ).toBe(200);
    try {
      const lines = [
        { network: 1, mobile_number: '08011111111', amount: 100 },
        { network: 4, mobile_number: '08091111111', amount: 100 },
      ];
      expect(await buyBulk(user.token, { request_id: 'bulk-locked', lines })).toEqual({
        status: 400,
        body: { msg: serviceLockedMessage('9MOBILE', 'airtime') },
      });
      expect(await balance(user.token)).toBe(1_000);
      expect(await allTransactionsOf(user.token)).toHaveLength(1);
    } finally {
      await api('POST', '/admin/updateServices', { token, body: { serviceName: '9MOBILE', serviceType: 'airtime', serviceStatus: 'available' } });
    }
  });

  it("an operator refunds one delivered line alone; the batch's own debit record is not refundable", async () => {
    const user = await fundedUser(1_000);
    const lines = [
      { network: 1, mobile_number: '08011111111', amount: 100 },
      { network: 1, mobile_number: '08011115555', amount: 200 },
    ];
    const placed = await resendWhileBusy(() => buyBulk(user.token, { request_id: 'bulk-operator-refund', lines }));
    expect(placed.status).toBe(200);
    const batch = await settledBatch(user.token, placed.body.batch.id);
    expect(batch.delivered).toBe(2);
    const token = await admin();
    expect(await api('POST', `/admin/refund/${batch.id}`, { token, body: { reason: 'customer asked' } })).toEqual({
      status: 400,
      body: { msg: REFUND_MSG.typeNotRefundable },
    });
    expect(await balance(user.token)).toBe(1_000 - 99 - 198);
    expect((await api('POST', `/admin/refund/${batch.lines[1]._id}`, { token, body: { reason: 'customer asked' } })).status).toBe(200);
    expect((await api('POST', `/admin/refund/${batch.lines[1]._id}`, { token, body: { reason: 'customer asked' } })).status).toBe(400);
    expect(await balance(user.token)).toBe(1_000 - 99);
    expect((await api('GET', `/buy/bulk/${batch.id}`, { token: user.token })).body.batch).toMatchObject({ delivered: 1, refunded: 1, refundedAmount: 198 });
    await expectLedgerInvariants();
  });

  it("another user's batch is not found (404), as is a batch that does not exist or a record that is no batch", async () => {
    const owner = await fundedUser(1_000);
    const other = await fundedUser(1_000);
    const placed = await resendWhileBusy(() =>
      buyBulk(owner.token, { request_id: 'bulk-owner-only', lines: [{ network: 1, mobile_number: '08011111111', amount: 100 }] }),
    );
    expect(placed.status).toBe(200);
    const id = placed.body.batch.id as string;
    expect(await api('GET', `/buy/bulk/${id}`, { token: other.token })).toEqual({ status: 404, body: { msg: BULK_MSG.notFound } });
    expect(await api('GET', '/buy/bulk/01JD7Q9Z4B2C6D8E0F1G3H5J7K', { token: owner.token })).toEqual({ status: 404, body: { msg: BULK_MSG.notFound } });
    expect(await api('GET', `/buy/bulk/${placed.body.batch.lines[0]._id}`, { token: owner.token })).toEqual({ status: 404, body: { msg: BULK_MSG.notFound } });
    expect((await api('GET', `/buy/bulk/${id}`, { token: owner.token })).status).toBe(200);
    await settledBatch(owner.token, id);
  });

  it('an API key may place a bulk purchase and follow it', async () => {
    const user = await fundedUser(1_000);
    const key = (await api('POST', '/auth/apiKey/regenerate', { token: user.token, body: { password: 'platform-client-password' } })).body.apiKey as string;
    const asKey = { 'x-auth-apikey': key };
    const placed = await resendWhileBusy(() =>
      api('POST', '/buy/airtime/bulk', {
        headers: asKey,
        body: { request_id: 'bulk-by-key', lines: [{ network: 1, mobile_number: '08011111111', amount: 100 }] },
      }),
    );
    expect(placed.status).toBe(200);
    const followed = await api('GET', `/buy/bulk/${placed.body.batch.id}`, { headers: asKey });
    expect(followed).toMatchObject({ status: 200, body: { batch: { id: placed.body.batch.id, lineCount: 1 } } });
    await settledBatch(user.token, placed.body.batch.id);
    await expectLedgerInvariants();
  });
});
