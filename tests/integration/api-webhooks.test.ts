/**
 * Webhooks to API users on the local cloud, received by a node:http server on
 * loopback that checks every signature by the Standard Webhooks rule:
 *   - a delivered purchase: the body is the transaction itself (its owner's GET /transaction row);
 *   - a supplier's failure (refunded), an operator's refund of a delivered purchase (success then
 *     refunded, two webhook-ids), a late success (one delivery), a refund before a late "delivered"
 *     (refunded only): exactly the deliveries each should make;
 *   - a receiver answering 500 first is retried by the queue (visibility timeout lowered here) and
 *     the later success is recorded; GET /auth/webhook/deliveries shows the attempts;
 *   - POST /auth/webhook/test sends a signed test now; refused without a URL; never 5xx on a bad receiver.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, WEBHOOK_MSG } from '../../shared/messages.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';
import { waitForQueuesToEmpty } from '../support/queues.js';

const cloud = useLocalCloud({ env: { SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '300', LOCAL_SQS_VISIBILITY_TIMEOUT_SECONDS: '2' } });
const { api, admin, fundedUser, boughtAirtime, waitFor, waitForStatus } = platformClient(cloud, 'hook');

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** Standard Webhooks: base64 HMAC-SHA256 of `${webhook-id}.${webhook-timestamp}.${body}` under the key after `whsec_`, sent as one of the space-separated `v1,<sig>`. */
  verified: boolean;
  json: any;
}

/** One receiver per user (its own path): what it got, and the statuses to answer next (then 200). */
interface Receiver {
  url: string;
  secret: string;
  received: Received[];
  answers: number[];
}

const receivers = new Map<string, Receiver>();
let server: Server;
let base: string;

function verify(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((signature) => signature === `v1,${expected}`);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const receiver = receivers.get(req.url ?? '');
      if (!receiver) return void res.writeHead(404).end();
      receiver.received.push({ headers: req.headers, body, verified: verify(receiver.secret, req.headers, body), json: JSON.parse(body) });
      res.writeHead(receiver.answers.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A funded user whose webhook URL points at their own receiver path. */
async function apiUserWithReceiver(naira: number): Promise<{ token: string; userName: string; receiver: Receiver }> {
  const user = await fundedUser(naira);
  const path = `/hook/${user.userName}`;
  const saved = await api('POST', '/auth/updateWebhook', { token: user.token, body: { webhookUrl: `${base}${path}` } });
  expect(saved.status).toBe(200);
  const receiver: Receiver = { url: `${base}${path}`, secret: saved.body.webhookSecret as string, received: [], answers: [] };
  receivers.set(path, receiver);
  return { ...user, receiver };
}

const deliveriesOf = (receiver: Receiver, id: string) => receiver.received.filter((r) => r.json._id === id);
const waitForDeliveries = (receiver: Receiver, id: string, count: number) =>
  waitFor(`${count} webhook(s) for ${id}`, async () => (deliveriesOf(receiver, id).length >= count ? deliveriesOf(receiver, id) : undefined));
/**
 * The positive signal before "no more deliveries": a later purchase of the same user (08033333333:
 * taken by the fulfilment consumer, then delivered by a sweep's re-query) has reached the receiver,
 * and the fulfilment and webhook queues are then empty, so every delivery or retry of what settled
 * before it has been made. Its own delivery is under another transaction id, which no check counts.
 */
async function afterALaterDelivery(user: { token: string; receiver: Receiver }): Promise<void> {
  const marker = await boughtAirtime(user.token, '08033333333');
  await waitForDeliveries(user.receiver, marker, 1);
  await waitForQueuesToEmpty(cloud(), ['Fulfilment', 'Webhook']);
}

describe("webhooks to an API user's webhookUrl", () => {
  it('a delivered purchase: the body is the transaction itself (as GET /transaction shows it), signed per Standard Webhooks', async () => {
    const user = await apiUserWithReceiver(500);
    const id = await boughtAirtime(user.token, '08011111111');
    const row = await waitForStatus(user.token, id, ['success']);
    const [delivery] = await waitForDeliveries(user.receiver, id, 1);
    expect(delivery!.verified).toBe(true);
    expect(delivery!.headers['webhook-id']).toBe(`msg_${id}_success`);
    expect(Math.abs(Number(delivery!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.json).toEqual(row);
    // The same body with another key does not verify: the check above is a real one.
    expect(verify(`whsec_${Buffer.from('another key').toString('base64')}`, delivery!.headers, delivery!.body)).toBe(false);
    await afterALaterDelivery(user);
    expect(deliveriesOf(user.receiver, id)).toHaveLength(1);
  });

  it("a supplier's failure is delivered once as refunded; an operator's refund of a delivered purchase adds a refunded delivery with its own webhook-id", async () => {
    const user = await apiUserWithReceiver(500);
    const failed = await boughtAirtime(user.token, '08022222222');
    const delivered = await boughtAirtime(user.token, '08011111111');
    await waitForStatus(user.token, failed, ['refunded']);
    await waitForDeliveries(user.receiver, delivered, 1);
    expect((await api('POST', `/admin/refund/${delivered}`, { token: await admin(), body: { reason: 'reversed by the operator' } })).status).toBe(200);

    const [refundedOnce] = await waitForDeliveries(user.receiver, failed, 1);
    expect(refundedOnce).toMatchObject({
      verified: true,
      headers: { 'webhook-id': `msg_${failed}_refunded` },
      json: { _id: failed, trans_Status: 'refunded' },
    });
    const both = await waitForDeliveries(user.receiver, delivered, 2);
    expect(both.map((d) => [d.headers['webhook-id'], d.json.trans_Status, d.verified])).toEqual([
      [`msg_${delivered}_success`, 'success', true],
      [`msg_${delivered}_refunded`, 'refunded', true],
    ]);
    await afterALaterDelivery(user);
    // Delivery is at least once (a slow answer is retried with the same webhook-id): what must hold is
    // one delivery per settlement, told apart by its webhook-id.
    const ids = (id: string) => [...new Set(deliveriesOf(user.receiver, id).map((d) => d.headers['webhook-id']))];
    expect(ids(failed)).toEqual([`msg_${failed}_refunded`]);
    expect(ids(delivered)).toEqual([`msg_${delivered}_success`, `msg_${delivered}_refunded`]);
  });

  it('a late success (processing, then delivered on re-query) is delivered once as success; refunded before its late "delivered", only the refund is', async () => {
    const user = await apiUserWithReceiver(500);
    const late = await boughtAirtime(user.token, '08033333333');
    const refundedFirst = await boughtAirtime(user.token, '08033333333');
    expect((await api('POST', `/admin/refund/${refundedFirst}`, { token: await admin(), body: { reason: 'refunded before delivery' } })).status).toBe(200);
    await waitForStatus(user.token, late, ['success']);
    const [success] = await waitForDeliveries(user.receiver, late, 1);
    expect(success).toMatchObject({ verified: true, headers: { 'webhook-id': `msg_${late}_success` }, json: { trans_Status: 'success' } });
    await waitForDeliveries(user.receiver, refundedFirst, 1);
    await afterALaterDelivery(user);
    expect(deliveriesOf(user.receiver, late)).toHaveLength(1);
    // Only the refund is announced, never the late success. Delivery is at least once: a second copy of the
    // refund (seen in CI when the late answer re-published the final purchase) carries the same webhook-id,
    // which is what receivers de-duplicate on.
    const refundDeliveries = deliveriesOf(user.receiver, refundedFirst);
    expect(new Set(refundDeliveries.map((d) => d.json.trans_Status))).toEqual(new Set(['refunded']));
    expect(new Set(refundDeliveries.map((d) => d.headers['webhook-id']))).toEqual(new Set([`msg_${refundedFirst}_refunded`]));
  });

  it('a receiver answering 500 is retried (same webhook-id) until it accepts; the delivery log shows both attempts, newest first', async () => {
    const user = await apiUserWithReceiver(500);
    user.receiver.answers.push(500);
    const id = await boughtAirtime(user.token, '08011111111');
    const attempts = await waitForDeliveries(user.receiver, id, 2);
    expect(attempts.map((a) => a.headers['webhook-id'])).toEqual([`msg_${id}_success`, `msg_${id}_success`]);
    expect(attempts.every((a) => a.verified)).toBe(true);

    const log = await waitFor('both attempts in the log', async () => {
      const answer = await api('GET', '/auth/webhook/deliveries', { token: user.token });
      expect(answer.status).toBe(200);
      return answer.body.deliveries.length >= 2 ? answer.body.deliveries : undefined;
    });
    expect(log.map((d: any) => [d.event, d.transactionId, d.webhookId, d.httpStatus, d.delivered])).toEqual([
      ['success', id, `msg_${id}_success`, 200, true],
      ['success', id, `msg_${id}_success`, 500, false],
    ]);
    expect(Date.parse(log[0].at)).toBeGreaterThanOrEqual(Date.parse(log[1].at));
  });

  it("POST /auth/webhook/test sends a signed sample transaction marked as a test and records it; a receiver's 500 or silence is reported, never a 5xx", async () => {
    const user = await apiUserWithReceiver(0);
    const sent = await api('POST', '/auth/webhook/test', { token: user.token, body: {} });
    expect(sent).toMatchObject({
      status: 200,
      body: { msg: WEBHOOK_MSG.testDelivered, delivery: { event: 'test', httpStatus: 200, delivered: true, error: null } },
    });
    const [test] = user.receiver.received;
    expect(test).toMatchObject({ verified: true, json: { isTest: true, trans_UserName: user.userName, _id: sent.body.delivery.transactionId } });
    expect(test!.headers['webhook-id']).toBe(sent.body.delivery.webhookId);

    user.receiver.answers.push(500);
    expect(await api('POST', '/auth/webhook/test', { token: user.token, body: {} })).toMatchObject({
      status: 200,
      body: { msg: WEBHOOK_MSG.testRefused, delivery: { httpStatus: 500, delivered: false } },
    });

    // A receiver that is not listening: the answer says so, quickly.
    const closed = `http://127.0.0.1:9/hook`;
    expect((await api('POST', '/auth/updateWebhook', { token: user.token, body: { webhookUrl: closed } })).status).toBe(200);
    const unreachable = await api('POST', '/auth/webhook/test', { token: user.token, body: {} });
    expect(unreachable).toMatchObject({
      status: 200,
      body: { msg: WEBHOOK_MSG.testRefused, delivery: { httpStatus: null, delivered: false, error: expect.any(String) } },
    });

    const log = (await api('GET', '/auth/webhook/deliveries', { token: user.token })).body.deliveries;
    expect(log.map((d: any) => [d.event, d.httpStatus])).toEqual([
      ['test', null],
      ['test', 500],
      ['test', 200],
    ]);
  });

  it('rejection: the test is refused without a webhook URL (400 {msg}), nothing is logged; both routes need a signed-in user', async () => {
    const user = await fundedUser(0);
    expect(await api('POST', '/auth/webhook/test', { token: user.token, body: {} })).toEqual({ status: 400, body: { msg: WEBHOOK_MSG.noWebhookUrl } });
    expect(await api('GET', '/auth/webhook/deliveries', { token: user.token })).toEqual({ status: 200, body: { deliveries: [] } });
    expect(await api('POST', '/auth/webhook/test', { body: {} })).toEqual({ status: 401, body: { msg: MSG.unauthorized } });
    expect((await api('GET', '/auth/webhook/deliveries')).status).toBe(401);
  });
});
