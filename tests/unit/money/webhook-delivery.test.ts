/**
 * Webhooks to API users, against a loopback receiver that verifies the Standard
 * Webhooks signature: the body is the transaction view itself (as the original POSTed it), one
 * webhook-id per (transaction, status), every attempt in the owner's log (a bounded ring), a
 * non-2xx answer retried by SQS, the test delivery.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  // The function's module loads its environment when imported (its cold start); these tests give it fakes instead.
  process.env.TABLE_NAME = 'unused-by-these-tests';
});

import { queueUrlOf } from '../../../functions/adapters/sqs-redelivery.js';
import { webhookPoster } from '../../../functions/adapters/webhook-poster.js';
import { silentLogger } from '../../../functions/domain/logger.js';
import { toTransactionView, type TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import {
  deliverSettlementWebhook,
  latestDeliveries,
  sendTestWebhook,
  WEBHOOK_LOG_SIZE,
  webhookLogExpiry,
  webhookLogSlot,
  webhookRetryDelaySeconds,
  type SettlementWebhookDeps,
  type WebhookOwner,
} from '../../../functions/domain/notifications/webhooks.js';
import { webhookHandler } from '../../../functions/handlers/webhook-delivery.js';
import { WEBHOOK_MAX_ATTEMPTS, type WebhookDeliveryView } from '../../../shared/api/webhooks.js';
import type { TransactionSettled } from '../../../shared/events.js';

const secretBytes = Buffer.from('a-very-secret-webhook-key-32byte');
const secret = `whsec_${secretBytes.toString('base64')}`;
let server: Server;
let url: string;
let answers: number[] = [];
const received: { headers: Record<string, string | string[] | undefined>; body: string; valid: boolean }[] = [];

/** The Standard Webhooks check a careful receiver makes: HMAC-SHA256 of `${id}.${timestamp}.${body}`, base64, "v1,". */
const verifies = (headers: Record<string, string | string[] | undefined>, body: string) =>
  String(headers['webhook-signature'])
    .split(' ')
    .includes(`v1,${createHmac('sha256', secretBytes).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64')}`);

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body, valid: verifies(req.headers, body) });
      res.writeHead(answers.shift() ?? 200);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => server.close());
beforeEach(() => {
  answers = [];
  received.length = 0;
});

const record = {
  id: 'T1',
  userId: 'u1',
  trans_UserName: 'ada',
  trans_Type: 'airtime',
  trans_Status: 'success',
  trans_Network: 'MTN',
  phone_number: '08011111111',
  amountKobo: 99_00,
  profitKobo: 2_00,
  balanceBeforeKobo: 500_00,
  balanceAfterKobo: 401_00,
  walletSeq: 2,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  description: '',
} satisfies TransactionRecord;

const settledAs = (status: 'success' | 'refunded', withView = true): TransactionSettled => ({
  transactionId: 'T1',
  userId: 'u1',
  userName: 'ada',
  type: 'airtime',
  status,
  amountKobo: 99_00,
  settledAt: '2024-01-01T00:00:05Z',
  ...(withView ? { transaction: toTransactionView({ ...record, trans_Status: status }) } : {}),
});

const eventBody = (detail: TransactionSettled) =>
  JSON.stringify({ id: 'evt-1', 'detail-type': 'TransactionSettled', source: 'vtu.platform', time: '2024-01-01T00:00:05Z', detail });

function harness(owner: Partial<WebhookOwner> = {}) {
  const log: WebhookDeliveryView[] = [];
  const findTransaction = vi.fn(async () => toTransactionView(record));
  const deps: SettlementWebhookDeps = {
    findUser: async () => ({ userId: 'u1', userName: 'ada', webhookUrl: url, webhookSecret: secret, ...owner }),
    findTransaction,
    allowLoopbackWebhooks: () => true,
    // The local cloud's allowance (ALLOW_LOOPBACK_WEBHOOKS): the receiver here is on loopback.
    post: webhookPoster(() => true),
    deliveries: { record: async (_userId, delivery) => void log.push(delivery) },
    now: () => new Date('2024-01-01T00:00:06Z'),
    log: silentLogger,
  };
  return { deps, log, findTransaction };
}

describe('webhook delivery of a settled transaction', () => {
  it("POSTs the transaction view itself (the owner's GET /transaction row: no platform margin), signed: webhook-id, webhook-timestamp, v1 signature", async () => {
    const { deps, log, findTransaction } = harness();
    expect((await deliverSettlementWebhook(settledAs('success'), deps)).kind).toBe('delivered');
    const [sent] = received;
    expect(sent!.valid).toBe(true);
    expect(sent!.headers['webhook-id']).toBe('msg_T1_success');
    expect(sent!.headers['webhook-timestamp']).toBe(String(Date.parse('2024-01-01T00:00:06Z') / 1000));
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent!.body)).toEqual({ ...toTransactionView(record), trans_profit: 0 });
    // The event carried the view: the table was not read again.
    expect(findTransaction).not.toHaveBeenCalled();
    expect(log).toEqual([
      { at: '2024-01-01T00:00:06.000Z', event: 'success', transactionId: 'T1', webhookId: 'msg_T1_success', httpStatus: 200, error: null, delivered: true },
    ]);
  });

  it('one webhook-id per (transaction, status): a retry repeats it, a later refund of the same purchase gets its own and its own body', async () => {
    const { deps } = harness();
    await deliverSettlementWebhook(settledAs('success'), deps);
    await deliverSettlementWebhook(settledAs('success'), deps);
    await deliverSettlementWebhook(settledAs('refunded'), deps);
    expect(received.map((r) => r.headers['webhook-id'])).toEqual(['msg_T1_success', 'msg_T1_success', 'msg_T1_refunded']);
    expect(received.map((r) => JSON.parse(r.body).trans_Status)).toEqual(['success', 'success', 'refunded']);
  });

  it('an event published before it carried the view: the transaction is read from the table', async () => {
    const { deps, findTransaction } = harness();
    expect((await deliverSettlementWebhook(settledAs('success', false), deps)).kind).toBe('delivered');
    expect(findTransaction).toHaveBeenCalledWith('T1');
    expect(JSON.parse(received[0]!.body)._id).toBe('T1');
  });

  it('no webhook URL, no secret, or a URL the rule refuses now: nothing is sent or recorded, and the message is acknowledged', async () => {
    for (const owner of [{ webhookUrl: null }, { webhookSecret: '' }, { webhookUrl: 'http://10.0.0.1/hook' }]) {
      const { deps, log } = harness(owner);
      expect(['no_webhook_url', 'invalid_webhook_url']).toContain((await deliverSettlementWebhook(settledAs('success'), deps)).kind);
      expect(log).toEqual([]);
    }
    const handler = webhookHandler(harness({ webhookUrl: null }).deps);
    expect(await handler({ Records: [{ messageId: 'm1', body: eventBody(settledAs('success')) }] } as unknown as SQSEvent)).toEqual({ batchItemFailures: [] });
    expect(received).toEqual([]);
  });

  it('a purchase whose owner had no webhook URL when placed is acknowledged without reading the owner; one whose owner had one is delivered', async () => {
    const { deps } = harness();
    const findUser = vi.fn(deps.findUser);
    expect(await deliverSettlementWebhook({ ...settledAs('success'), ownerWebhook: false }, { ...deps, findUser })).toEqual({ kind: 'no_webhook_url' });
    expect(findUser).not.toHaveBeenCalled();
    expect(received).toEqual([]);
    expect((await deliverSettlementWebhook({ ...settledAs('success'), ownerWebhook: true }, { ...deps, findUser })).kind).toBe('delivered');
    expect(findUser).toHaveBeenCalledWith('u1');
  });

  it('a 500 (or a malformed event) fails the item so SQS retries it; the retry that succeeds is recorded too', async () => {
    const { deps, log } = harness();
    const handler = webhookHandler(deps);
    answers = [500];
    const first = await handler({
      Records: [
        { messageId: 'm1', body: eventBody(settledAs('success')) },
        { messageId: 'm2', body: 'not json' },
      ],
    } as unknown as SQSEvent);
    expect(first.batchItemFailures.map((failure) => failure.itemIdentifier).sort()).toEqual(['m1', 'm2']);
    expect(await handler({ Records: [{ messageId: 'm1', body: eventBody(settledAs('success')) }] } as unknown as SQSEvent)).toEqual({ batchItemFailures: [] });
    expect(log.map((d) => [d.webhookId, d.httpStatus, d.delivered])).toEqual([
      ['msg_T1_success', 500, false],
      ['msg_T1_success', 200, true],
    ]);
  });

  it('a receiver that cannot be reached is recorded with the reason (no status) and retried', async () => {
    const { deps, log } = harness({ webhookUrl: 'http://127.0.0.1:9/closed' });
    expect((await deliverSettlementWebhook(settledAs('success'), deps)).kind).toBe('not_delivered');
    expect(log[0]).toMatchObject({ httpStatus: null, delivered: false, error: expect.stringMatching(/\S/) });
  });
});

describe('retries with backoff', () => {
  it('the delay before each retry grows 4× from a minute, capped at 6 hours: about 18 hours over WEBHOOK_MAX_ATTEMPTS deliveries', () => {
    const delays = Array.from({ length: WEBHOOK_MAX_ATTEMPTS - 1 }, (_, i) => webhookRetryDelaySeconds(i + 1));
    expect(delays).toEqual([60, 240, 960, 3840, 15360, 21600, 21600]);
    const hours = delays.reduce((a, b) => a + b, 0) / 3600;
    expect(hours).toBeGreaterThan(17);
    expect(hours).toBeLessThan(19);
  });

  it("a failed delivery sets its message's next delivery by its receive count; the last attempt and a success set nothing", async () => {
    const redeliverAfter = vi.fn(async (_record: { messageId: string }, _seconds: number) => undefined);
    const handler = webhookHandler(harness().deps, { redeliverAfter });
    const message = (receiveCount: number) => ({
      messageId: `m${receiveCount}`,
      body: eventBody(settledAs('success')),
      attributes: { ApproximateReceiveCount: String(receiveCount) },
    });
    answers = [500, 500, 500];
    await handler({ Records: [message(1)] } as unknown as SQSEvent);
    await handler({ Records: [message(3)] } as unknown as SQSEvent);
    await handler({ Records: [message(WEBHOOK_MAX_ATTEMPTS)] } as unknown as SQSEvent);
    expect(redeliverAfter.mock.calls.map(([record, seconds]) => [record.messageId, seconds])).toEqual([
      ['m1', 60],
      ['m3', 960],
    ]);
    expect(await handler({ Records: [message(2)] } as unknown as SQSEvent)).toEqual({ batchItemFailures: [] });
    expect(redeliverAfter).toHaveBeenCalledTimes(2);
  });

  it("a backoff that cannot be set still fails the item (the queue's visibility timeout applies)", async () => {
    const handler = webhookHandler(harness().deps, { redeliverAfter: async () => Promise.reject(new Error('denied')) });
    answers = [503];
    const { batchItemFailures } = await handler({
      Records: [{ messageId: 'm1', body: eventBody(settledAs('success')), attributes: { ApproximateReceiveCount: '1' } }],
    } as unknown as SQSEvent);
    expect(batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
  });

  it("the queue URL comes from the record's event source ARN", () => {
    expect(queueUrlOf('arn:aws:sqs:eu-west-1:123456789012:VtuPlatform-WebhookQueue')).toBe(
      'https://sqs.eu-west-1.amazonaws.com/123456789012/VtuPlatform-WebhookQueue',
    );
    expect(() => queueUrlOf('not-an-arn')).toThrow();
  });
});

describe('test webhook', () => {
  const testDeps = (owner: Partial<WebhookOwner> = {}) => ({ ...harness(owner).deps, newId: () => 'X1' });

  it('sends a signed sample transaction view marked as a test, recorded as event "test"', async () => {
    const log: WebhookDeliveryView[] = [];
    const result = await sendTestWebhook('u1', { ...testDeps(), deliveries: { record: async (_u, d) => void log.push(d) } });
    expect(result).toMatchObject({ kind: 'test_sent', delivery: { event: 'test', transactionId: 'test_X1', httpStatus: 200, delivered: true } });
    expect(received[0]!.valid).toBe(true);
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      _id: 'test_X1',
      trans_Id: 'test_X1',
      trans_By: 'u1',
      trans_UserName: 'ada',
      trans_Status: 'success',
      isTest: true,
    });
    expect(log).toHaveLength(1);
  });

  it("is refused without a webhook URL (nothing sent); the receiver's non-2xx is reported, not thrown", async () => {
    expect(await sendTestWebhook('u1', testDeps({ webhookUrl: null }))).toEqual({ kind: 'no_webhook_url' });
    expect(received).toEqual([]);
    answers = [503];
    expect(await sendTestWebhook('u1', testDeps())).toMatchObject({ kind: 'test_sent', delivery: { httpStatus: 503, delivered: false } });
  });
});

describe('delivery log bounding', () => {
  it(`a ring of ${WEBHOOK_LOG_SIZE} slots: the n-th attempt reuses the slot of the (n − ${WEBHOOK_LOG_SIZE})-th`, () => {
    expect(webhookLogSlot(1)).toBe(0);
    expect(webhookLogSlot(WEBHOOK_LOG_SIZE)).toBe(WEBHOOK_LOG_SIZE - 1);
    expect(webhookLogSlot(WEBHOOK_LOG_SIZE + 1)).toBe(0);
    expect(new Set(Array.from({ length: 1000 }, (_, i) => webhookLogSlot(i + 1))).size).toBe(WEBHOOK_LOG_SIZE);
  });

  it('shows live entries only, newest first, at most the ring size', () => {
    const now = new Date('2024-02-01T00:00:00Z');
    const entry = (minute: number, expiresAt = webhookLogExpiry(now)) => ({
      at: new Date(now.getTime() - minute * 60_000).toISOString(),
      event: 'success' as const,
      transactionId: `T${minute}`,
      webhookId: `msg_T${minute}_success`,
      httpStatus: 200,
      error: null,
      delivered: true,
      expiresAt,
    });
    const shown = latestDeliveries(
      [entry(3), entry(1), entry(2, Math.floor(now.getTime() / 1000) - 1), ...Array.from({ length: 30 }, (_, i) => entry(10 + i))],
      now,
    );
    expect(shown).toHaveLength(WEBHOOK_LOG_SIZE);
    expect(shown.slice(0, 2).map((d) => d.transactionId)).toEqual(['T1', 'T3']);
    expect(shown[0]).not.toHaveProperty('expiresAt');
    expect(webhookLogExpiry(now) - now.getTime() / 1000).toBe(30 * 24 * 3600);
  });
});
