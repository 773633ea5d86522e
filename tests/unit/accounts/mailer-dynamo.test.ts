/**
 * The mailer handler end to end on a real DynamoDB Local and a stand-in SES endpoint: each e-mail
 * is sent at most once per (mail, recipient), however often SQS or EventBridge delivers it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDynamoDb } from '../../support/dynamo.js';

vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

useDynamoDb();

interface SesCall {
  path?: string;
  from: string;
  to: string;
  subject: string;
}
let ses: Server;
let sesCalls: SesCall[] = [];
/** Recipients SES refuses (MessageRejected). */
const rejected = new Set<string>();

beforeAll(async () => {
  ses = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const request = JSON.parse(body);
      const to = request.Destination.ToAddresses[0] as string;
      sesCalls.push({ path: req.url, from: request.FromEmailAddress, to, subject: request.Content.Simple.Subject.Data });
      if (rejected.has(to)) {
        res.writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'MessageRejected' });
        res.end(JSON.stringify({ message: 'Email address is not verified' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ MessageId: `ses-${sesCalls.length}` }));
    });
  });
  await new Promise<void>((resolve) => ses.listen(0, '127.0.0.1', resolve));
  process.env.AWS_ENDPOINT_URL_SESV2 = `http://127.0.0.1:${(ses.address() as AddressInfo).port}`;
  process.env.MAIL_FROM = 'platform@example.com';
});
afterAll(() => ses.close());
beforeEach(() => {
  sesCalls = [];
  rejected.clear();
});

let unique = 0;
/** One EmailRequested as EventBridge puts it into the e-mail queue; `eventId` identifies the mail. */
function mailRecord(to: string, options: { eventId?: string; messageId?: string } = {}): SQSRecord {
  unique += 1;
  const event = {
    version: '0',
    id: options.eventId ?? `event-${Date.now()}-${unique}`,
    'detail-type': 'EmailRequested',
    source: 'vtu.platform',
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'us-east-1',
    resources: [],
    detail: { to, subject: `Reset ${unique}`, text: 'Your link' },
  };
  return {
    messageId: options.messageId ?? `message-${unique}`,
    body: JSON.stringify(event),
    attributes: { ApproximateReceiveCount: '1' },
  } as unknown as SQSRecord;
}

const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const context = {
  awsRequestId: 'request-1',
  functionName: 'Mailer',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:Mailer',
  memoryLimitInMB: '256',
  functionVersion: '$LATEST',
  getRemainingTimeInMillis: () => 30_000,
} as unknown as Context;

async function mailer() {
  const { handler } = await import('../../../functions/handlers/mailer.js');
  return (event: SQSEvent) => handler(event, context);
}

describe('mailer', () => {
  it('sends each e-mail through SES from MAIL_FROM; a malformed message is a failed item, not a failed batch', async () => {
    const handler = await mailer();
    const good = mailRecord('eze@example.com');
    const garbage = { ...mailRecord('x@example.com'), body: 'not json' };
    const notAnEmail = { ...mailRecord('y@example.com'), body: good.body.replace('eze@example.com', 'not-an-address') };
    const result = await handler(batch(good, garbage, notAnEmail));
    expect(result.batchItemFailures.map((failure) => failure.itemIdentifier).sort()).toEqual([garbage.messageId, notAnEmail.messageId].sort());
    expect(sesCalls).toEqual([
      { path: '/v2/email/outbound-emails', from: 'platform@example.com', to: 'eze@example.com', subject: expect.stringMatching(/^Reset/) },
    ]);
  });
});

describe('mailer idempotency per (mail, recipient)', () => {
  it('a redelivered message sends the e-mail once', async () => {
    const handler = await mailer();
    const record = mailRecord('ada@example.com');
    expect(await handler(batch(record))).toEqual({ batchItemFailures: [] });
    // SQS redelivers the same message (e.g. the function timed out after SES accepted it).
    expect(await handler(batch(record))).toEqual({ batchItemFailures: [] });
    expect(sesCalls.filter((call) => call.to === 'ada@example.com')).toHaveLength(1);
  });

  it('the same event delivered twice by EventBridge (two SQS messages) sends once, even concurrently', async () => {
    const handler = await mailer();
    const first = mailRecord('bola@example.com', { eventId: 'event-bola' });
    const second = { ...mailRecord('bola@example.com', { eventId: 'event-bola' }), body: first.body };
    const results = await Promise.all([handler(batch(first)), handler(batch(second))]);
    expect(sesCalls.filter((call) => call.to === 'bola@example.com')).toHaveLength(1);
    // The delivery that found the other one sending is retried later, when it will find the mail sent.
    const failed = results.flatMap((result) => result.batchItemFailures);
    expect(failed.length).toBeLessThanOrEqual(1);
    expect(await handler(batch(second))).toEqual({ batchItemFailures: [] });
    expect(sesCalls.filter((call) => call.to === 'bola@example.com')).toHaveLength(1);
  });

  it('different mails to the same recipient are each sent', async () => {
    const handler = await mailer();
    await handler(batch(mailRecord('chi@example.com'), mailRecord('chi@example.com')));
    expect(sesCalls.filter((call) => call.to === 'chi@example.com')).toHaveLength(2);
  });

  it('a mail SES refused is retried and sent once SES accepts it', async () => {
    const handler = await mailer();
    const record = mailRecord('dayo@example.com');
    rejected.add('dayo@example.com');
    expect(await handler(batch(record))).toEqual({ batchItemFailures: [{ itemIdentifier: record.messageId }] });
    rejected.clear();
    expect(await handler(batch(record))).toEqual({ batchItemFailures: [] });
    expect(await handler(batch(record))).toEqual({ batchItemFailures: [] });
    expect(sesCalls.filter((call) => call.to === 'dayo@example.com')).toHaveLength(2);
  });
});
