import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalEventBus } from '../../../infra/local/runtime/eventbridge.js';
import { MailStore } from '../../../infra/local/simulators/mail.js';
import { SesSimulator } from '../../../infra/local/simulators/ses.js';
import { parseTopology } from '../../../infra/local/runtime/template.js';
import { listenLoopback, safeHandler, type Listening } from '../../../infra/local/util.js';
import { fixtureTemplate } from './fixture-template.js';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
let server: Listening;
let dir: string;
let mail: MailStore;
const sent: Array<{ queue: string; body: string }> = [];
const invoked: Array<{ fn: string; event: any }> = [];
let endpoint: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'eventbridge-test-'));
  mail = new MailStore(dir);
  const ses = new SesSimulator(mail);
  const topology = parseTopology(fixtureTemplate);
  // One extra rule with a Lambda target and richer operators.
  topology.rules.push({
    ...topology.rules[0]!,
    logicalId: 'BigSettled',
    pattern: {},
    matches: (e: any) => e['detail-type'] === 'TransactionSettled' && e.detail.amountKobo > 100,
    targets: [{ id: 'T', kind: 'function', functionLogicalId: 'WorkerFn', retryAttempts: 1 }],
  });
  const bus = new LocalEventBus(
    topology,
    {
      sendToQueue: async (queue, body) => void sent.push({ queue, body }),
      invokeFunction: async (fn, event) => void invoked.push({ fn, event }),
    },
    () => {},
  );
  server = await listenLoopback(
    safeHandler(async (req, res) => {
      if (await ses.handle(req, res, (req.url ?? '/').split('?')[0]!)) return;
      await bus.handleHttp(req, res);
    }, 'test'),
    0,
  );
  endpoint = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the local EventBridge (real @aws-sdk/client-eventbridge)', () => {
  it('accepts PutEvents and delivers the full event to matching queue targets', async () => {
    const client = new EventBridgeClient({ endpoint, region: 'us-east-1', credentials });
    const result = await client.send(
      new PutEventsCommand({
        Entries: [{ EventBusName: 'VtuPlatform-bus', Source: 'vtu.platform', DetailType: 'EmailRequested', Detail: JSON.stringify({ to: 'a@example.com' }) }],
      }),
    );
    expect(result.FailedEntryCount).toBe(0);
    expect(result.Entries![0]!.EventId).toEqual(expect.any(String));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.queue).toBe('MailQueue');
    const event = JSON.parse(sent[0]!.body);
    expect(event).toEqual({
      version: '0',
      id: result.Entries![0]!.EventId,
      'detail-type': 'EmailRequested',
      source: 'vtu.platform',
      account: '123456789012',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      region: 'us-east-1',
      resources: [],
      detail: { to: 'a@example.com' },
    });
    client.destroy();
  });

  it('routes by pattern and bus, and invokes Lambda targets', async () => {
    sent.length = 0;
    const client = new EventBridgeClient({ endpoint, region: 'us-east-1', credentials });
    await client.send(
      new PutEventsCommand({
        Entries: [
          { EventBusName: 'VtuPlatform-bus', Source: 'vtu.platform', DetailType: 'TransactionSettled', Detail: '{"amountKobo":500}' },
          { EventBusName: 'arn:aws:events:us-east-1:123456789012:event-bus/VtuPlatform-bus', Source: 'vtu.platform', DetailType: 'Other', Detail: '{}' },
          { Source: 'vtu.platform', DetailType: 'EmailRequested', Detail: '{}' },
        ],
      }),
    );
    expect(sent).toEqual([]);
    await new Promise((r) => setTimeout(r, 20));
    expect(invoked.map((i) => [i.fn, i.event.detail])).toEqual([['WorkerFn', { amountKobo: 500 }]]);
    client.destroy();
  });

  it('reports bad entries per entry', async () => {
    const client = new EventBridgeClient({ endpoint, region: 'us-east-1', credentials });
    const result = await client.send(
      new PutEventsCommand({
        Entries: [
          { EventBusName: 'nope', Source: 's', DetailType: 'd', Detail: '{}' },
          { EventBusName: 'VtuPlatform-bus', Source: 's', DetailType: 'd', Detail: 'not json' },
          { EventBusName: 'VtuPlatform-bus', Source: 's', DetailType: 'd', Detail: '{}' },
        ],
      }),
    );
    expect(result.FailedEntryCount).toBe(2);
    expect(result.Entries!.map((e) => e.ErrorCode ?? 'ok')).toEqual(['ResourceNotFoundException', 'MalformedDetail', 'ok']);
    client.destroy();
  });
});

describe('the local SES (real @aws-sdk/client-sesv2)', () => {
  it('captures SendEmail as .eml and JSON', async () => {
    const client = new SESv2Client({ endpoint, region: 'us-east-1', credentials });
    const result = await client.send(
      new SendEmailCommand({
        FromEmailAddress: 'no-reply@localhost',
        Destination: { ToAddresses: ['ada@example.com'] },
        Content: { Simple: { Subject: { Data: 'Hello ₦' }, Body: { Text: { Data: 'text http://x/y' }, Html: { Data: '<p>html</p>' } } } },
      }),
    );
    expect(result.MessageId).toEqual(expect.any(String));
    const [captured] = mail.list();
    expect(captured).toMatchObject({ to: 'ada@example.com', subject: 'Hello ₦', text: 'text http://x/y', html: '<p>html</p>', from: 'no-reply@localhost' });
    const eml = readdirSync(join(dir, 'mail')).find((f) => f.endsWith('.eml'))!;
    const raw = readFileSync(join(dir, 'mail', eml), 'utf8');
    expect(raw).toContain('Subject: =?UTF-8?B?');
    expect(raw).toContain('multipart/alternative');
    client.destroy();
  });

  it('rejects a message without recipients', async () => {
    const client = new SESv2Client({ endpoint, region: 'us-east-1', credentials });
    await expect(
      client.send(
        new SendEmailCommand({
          FromEmailAddress: 'a@b.c',
          Destination: { ToAddresses: [] },
          Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
        }),
      ),
    ).rejects.toMatchObject({ name: 'BadRequestException' });
    client.destroy();
  });
});
