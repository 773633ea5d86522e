/**
 * The local cloud's DynamoDB stream mapping (infra/local/runtime/streams.ts) on a real DynamoDB Local
 * stream: Lambda's record shape, filters, order, partial batch failures, retries then the
 * on-failure queue, and positions that survive a restart.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileEventPattern } from '../../../infra/local/runtime/event-pattern.js';
import { localDynamoClient } from '../../../infra/local/runtime/dynamodb.js';
import { DynamoStreamPoller, localStreamsClient, StreamCheckpoints, WriteSignal } from '../../../infra/local/runtime/streams.js';
import type { StreamMappingDef } from '../../../infra/local/runtime/template.js';
import { useDynamoDb } from '../../support/dynamo.js';

const dynamo = useDynamoDb({ stream: true });
let streamArn = '';
let doc: DynamoDBDocumentClient;

beforeAll(async () => {
  const client = localDynamoClient(dynamo.endpoint);
  streamArn = (await client.send(new DescribeTableCommand({ TableName: dynamo.tableName }))).Table!.LatestStreamArn!;
  doc = DynamoDBDocumentClient.from(client);
});

const mapping = (changes: Partial<StreamMappingDef> = {}): StreamMappingDef => ({
  logicalId: 'M',
  tableLogicalId: 'Table',
  functionLogicalId: 'Fn',
  batchSize: 100,
  batchingWindowMs: 0,
  startingPosition: 'TRIM_HORIZON',
  reportBatchItemFailures: true,
  bisectBatchOnFunctionError: false,
  maximumRetryAttempts: 2,
  filters: [],
  enabled: true,
  ...changes,
});

type Handler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

function poller(handler: Handler, options: { mapping?: StreamMappingDef; checkpoints?: StreamCheckpoints; failures?: string[] } = {}) {
  return new DynamoStreamPoller({
    mapping: options.mapping ?? mapping(),
    streamArn,
    streams: localStreamsClient(dynamo.endpoint),
    checkpoints: options.checkpoints ?? new StreamCheckpoints(undefined),
    invoke: (_id, event) => handler(event),
    sendToQueue: async (_queue, body) => void options.failures?.push(body),
    log: () => undefined,
  });
}

const put = (pk: string, extra: Record<string, unknown> = {}) => doc.send(new PutCommand({ TableName: dynamo.tableName, Item: { pk, sk: 'TXN', ...extra } }));
const newKeys = (event: DynamoDBStreamEvent) => event.Records.map((record) => record.dynamodb?.NewImage?.pk?.S);

/** Every record this far goes by, so each test sees only its own writes. */
async function skipToNow(checkpoints: StreamCheckpoints): Promise<void> {
  await poller(async () => undefined, { checkpoints }).drain();
}

describe('the local DynamoDB stream mapping', () => {
  it('a reader told to stop is woken from its wait for the next write: it stops at once, not after sleeping out its second', async () => {
    const reader = new DynamoStreamPoller({
      mapping: mapping(),
      streamArn,
      streams: localStreamsClient(dynamo.endpoint),
      checkpoints: new StreamCheckpoints(undefined),
      writes: new WriteSignal(),
      invoke: async () => undefined,
      sendToQueue: async () => undefined,
      log: () => undefined,
    });
    reader.start();
    // Long enough to read the stream to its end and settle into waiting for a write (up to 1 s).
    await new Promise((resolve) => setTimeout(resolve, 150));
    const started = Date.now();
    await reader.stop();
    // Without the wake the stop waits out the rest of that second.
    expect(Date.now() - started).toBeLessThan(600);
  });

  it('hands records over in write order in Lambda’s shape, before and after images, an empty nested map intact', async () => {
    const checkpoints = new StreamCheckpoints(undefined);
    await skipToNow(checkpoints);
    await put('A#1', { attempts: [{ request: {}, n: 1 }] });
    await put('A#1', { status: 'done' });
    const seen: DynamoDBStreamEvent['Records'] = [];
    await poller(async (event) => void seen.push(...event.Records), { checkpoints }).drain();
    expect(seen.map((record) => record.eventName)).toEqual(['INSERT', 'MODIFY']);
    expect(seen[0]).toMatchObject({ eventSource: 'aws:dynamodb', eventSourceARN: streamArn, dynamodb: { Keys: { pk: { S: 'A#1' }, sk: { S: 'TXN' } } } });
    expect(seen[0]!.dynamodb!.NewImage!.attempts).toEqual({ L: [{ M: { request: { M: {} }, n: { N: '1' } } }] });
    expect(seen[1]!.dynamodb!.OldImage!.attempts).toBeDefined();
    expect(seen[1]!.dynamodb!.NewImage!.status).toEqual({ S: 'done' });
  });

  it('a filter passes only matching records (the rest count as read)', async () => {
    const checkpoints = new StreamCheckpoints(undefined);
    await skipToNow(checkpoints);
    await put('TXN#f1');
    await put('USER#f2');
    const filters = [compileEventPattern({ dynamodb: { Keys: { pk: { S: [{ prefix: 'TXN#' }] } } } })];
    const seen: (string | undefined)[] = [];
    await poller(async (event) => void seen.push(...newKeys(event)), { mapping: mapping({ filters }), checkpoints }).drain();
    expect(seen).toEqual(['TXN#f1']);
  });

  it('a reported failure resumes the batch at that record; records before it are not handed over again', async () => {
    const checkpoints = new StreamCheckpoints(undefined);
    await skipToNow(checkpoints);
    await put('B#1');
    await put('B#2');
    await put('B#3');
    const calls: (string | undefined)[][] = [];
    let failed = false;
    await poller(
      async (event) => {
        calls.push(newKeys(event));
        const second = event.Records.find((record) => record.dynamodb?.NewImage?.pk?.S === 'B#2');
        if (second && !failed) {
          failed = true;
          return { batchItemFailures: [{ itemIdentifier: second.dynamodb!.SequenceNumber! }] };
        }
      },
      { checkpoints },
    ).drain();
    expect(calls).toEqual([
      ['B#1', 'B#2', 'B#3'],
      ['B#2', 'B#3'],
    ]);
  });

  it('rejection: a batch that fails every retry is described on the on-failure queue and skipped', async () => {
    const checkpoints = new StreamCheckpoints(undefined);
    await skipToNow(checkpoints);
    await put('C#1');
    let calls = 0;
    const failures: string[] = [];
    await poller(
      async () => {
        calls++;
        throw new Error('always');
      },
      { mapping: mapping({ maximumRetryAttempts: 2, onFailureQueueLogicalId: 'Failures' }), checkpoints, failures },
    ).drain();
    expect(calls).toBe(3);
    expect(failures.map((body) => JSON.parse(body))).toEqual([
      expect.objectContaining({ DDBStreamBatchInfo: expect.objectContaining({ streamArn, batchSize: 1 }) }),
    ]);
  });

  it('disabled, the running reader delivers nothing; enabled again, it delivers what was written meanwhile, once', async () => {
    const checkpoints = new StreamCheckpoints(undefined);
    await skipToNow(checkpoints);
    const seen: (string | undefined)[] = [];
    const reader = poller(async (event) => void seen.push(...newKeys(event)), { checkpoints });
    reader.setEnabled(false);
    reader.start();
    try {
      await put('E#1');
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(seen).toEqual([]);
      reader.setEnabled(true);
      for (let waited = 0; seen.length === 0 && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toEqual(['E#1']);
    } finally {
      await reader.stop();
    }
  });

  it('a batching window gathers the records written within it into one invocation, and a full batch goes at once', async () => {
    const checkpoints = new StreamCheckpoints(undefined);
    await skipToNow(checkpoints);
    const batches: (string | undefined)[][] = [];
    const reader = poller(async (event) => void batches.push(newKeys(event)), { checkpoints, mapping: mapping({ batchingWindowMs: 3_000, batchSize: 3 }) });
    reader.start();
    try {
      // Written over about half a second, inside the window: one invocation, not one per record.
      await put('W#1');
      await new Promise((resolve) => setTimeout(resolve, 250));
      await put('W#2');
      for (let waited = 0; batches.length === 0 && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(batches).toEqual([['W#1', 'W#2']]);
      // Three at once fill a batch of 3: handed over without waiting for the window.
      const started = Date.now();
      await Promise.all(['W#3', 'W#4', 'W#5'].map((pk) => put(pk)));
      for (let waited = 0; batches.length === 1 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(batches[1]?.sort()).toEqual(['W#3', 'W#4', 'W#5']);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await reader.stop();
    }
  });

  it('positions survive a restart: a new reader neither replays what was handled nor misses what came meanwhile', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'stream-positions-')), 'positions.json');
    await skipToNow(new StreamCheckpoints(file));
    await put('D#1');
    const first: (string | undefined)[] = [];
    await poller(async (event) => void first.push(...newKeys(event)), { checkpoints: new StreamCheckpoints(file) }).drain();
    await put('D#2');
    const second: (string | undefined)[] = [];
    await poller(async (event) => void second.push(...newKeys(event)), { checkpoints: new StreamCheckpoints(file) }).drain();
    expect(first).toEqual(['D#1']);
    expect(second).toEqual(['D#2']);
  });
});

describe('the stream positions file', () => {
  it('is written once per interval however many batches moved it, and at once on flush; a new reader reads the last position', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'stream-positions-')), 'positions.json');
    const checkpoints = new StreamCheckpoints(file, 50);
    for (let n = 1; n <= 100; n++) checkpoints.set('shard', String(n));
    // Rejection: nothing written on each set (a synchronous file write per batch).
    expect(existsSync(file)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(new StreamCheckpoints(file).get('shard')).toBe('100');
    checkpoints.set('shard', '101');
    checkpoints.flush();
    expect(new StreamCheckpoints(file).get('shard')).toBe('101');
  });
});

describe('the write signal the local stream readers sleep on', () => {
  it('a write between the mark and the wait ends the wait at once (none is missed); otherwise the next write ends it', async () => {
    const signal = new WriteSignal();
    const before = signal.mark();
    signal.notify();
    await signal.after(before, 60_000);
    const idle = signal.mark();
    const waiting = signal.after(idle, 60_000);
    signal.notify();
    await waiting;
    expect(signal.mark()).toBe(idle + 1);
  });
});
