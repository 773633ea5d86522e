/** Webhook delivery to a loopback receiver that verifies the Standard Webhooks signature. */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  // The function's module loads its environment when imported (its cold start); these tests give it fakes instead.
  process.env.TABLE_NAME = 'unused-by-these-tests';
});

import { platformEventOf } from '../../../functions/adapters/envelopes.js';
import type { TransactionRecord } from '../../../functions/domain/transactions.js';
import { deliverSettledWebhook, webhookHandler, type WebhookDeps } from '../../../functions/handlers/webhook-delivery.js';
import { EVENT_TYPES } from '../../../shared/events.js';

const secretBytes = Buffer.from('a-very-secret-webhook-key-32byte');
const secret = secretBytes.toString('base64url');
let server: Server;
let url: string;
let status = 200;
const received: { headers: Record<string, string | string[] | undefined>; body: string; valid: boolean }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const id = req.headers['webhook-id'];
      const timestamp = req.headers['webhook-timestamp'];
      const expected = `v1,${createHmac('sha256', secretBytes).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
      received.push({ headers: req.headers, body, valid: req.headers['webhook-signature'] === expected });
      res.writeHead(status);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => server.close());

const record = {
  id: 'T1',
  userId: 'u1',
  trans_UserName: 'ada',
  trans_Type: 'airtime',
  trans_Status: 'success',
  trans_Network: 'MTN',
  phone_number: '08011111111',
  amountKobo: 99_00,
  balanceBeforeKobo: 500_00,
  balanceAfterKobo: 401_00,
  walletSeq: 2,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  description: '',
} satisfies TransactionRecord;

const eventBody = JSON.stringify({
  id: 'evt-1',
  'detail-type': 'TransactionSettled',
  source: 'vtu.platform',
  time: '2024-01-01T00:00:05Z',
  detail: { transactionId: 'T1', userId: 'u1', userName: 'ada', type: 'airtime', status: 'success', amountKobo: 99_00, settledAt: '2024-01-01T00:00:05Z' },
});
const settled = platformEventOf({ body: eventBody }, EVENT_TYPES.transactionSettled);

const deps = (user: Awaited<ReturnType<WebhookDeps['findUser']>>): WebhookDeps => ({
  findUser: async () => user,
  findTransaction: async () => record,
  fetch: (input, init) => fetch(input, init),
  now: () => new Date('2024-01-01T00:00:06Z'),
});

describe('webhook delivery', () => {
  it('POSTs the transaction view signed with the user\'s secret (id, timestamp, v1 signature)', async () => {
    expect(await deliverSettledWebhook(settled, deps({ webhookUrl: url, webhookSecret: secret }))).toBe('delivered');
    const last = received.at(-1)!;
    expect(last.valid).toBe(true);
    expect(last.headers['webhook-id']).toBe('msg_T1');
    expect(last.headers['webhook-timestamp']).toBe(String(Date.parse('2024-01-01T00:00:06Z') / 1000));
    expect(JSON.parse(last.body)).toMatchObject({ type: 'transaction.settled', data: { _id: 'T1', trans_amount: 99, balance_After: 401 } });
  });

  it('no webhook URL or no secret: nothing is sent and the message is acknowledged', async () => {
    const before = received.length;
    expect(await deliverSettledWebhook(settled, deps({ webhookUrl: null, webhookSecret: secret }))).toBe('no_webhook');
    expect(await deliverSettledWebhook(settled, deps({ webhookUrl: url, webhookSecret: '' }))).toBe('no_secret');
    expect(received.length).toBe(before);
  });

  it('a non-2xx answer is reported as an item failure so SQS retries it', async () => {
    status = 503;
    const handler = webhookHandler(deps({ webhookUrl: url, webhookSecret: secret }));
    const event = { Records: [{ messageId: 'm1', body: eventBody }, { messageId: 'm2', body: 'not json' }] } as unknown as SQSEvent;
    const { batchItemFailures } = await handler(event);
    expect(batchItemFailures.map((failure) => failure.itemIdentifier).sort()).toEqual(['m1', 'm2']);
    status = 200;
    expect(await handler({ Records: [{ messageId: 'm1', body: eventBody }] } as unknown as SQSEvent)).toEqual({ batchItemFailures: [] });
  });
});
