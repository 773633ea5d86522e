/**
 * The transaction outbox for tests on a bare DynamoDB Local table (useDynamoDb): the table's real
 * stream read by the local cloud's stream poller and handed to the real stream handler, acting
 * with the queue, bus and contacts of whoever drains. One reader per test file: a drain delivers
 * every change written since the file's previous drain (so drain before asserting on them).
 * The platform's counters have their own reader of the same stream (`drainCounters`), as in the stack.
 */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { localDynamoClient } from '../../infra/local/runtime/dynamodb.js';
import { DynamoStreamPoller, localStreamsClient, StreamCheckpoints } from '../../infra/local/runtime/streams.js';
import type { StreamMappingDef } from '../../infra/local/runtime/template.js';
import type { OutboxDeps } from '../../functions/domain/transactions/transaction-outbox.js';
import { silentLogger } from '../../functions/domain/logger.js';
import { ENV } from '../../shared/runtime-env.js';

const MAPPING: StreamMappingDef = {
  logicalId: 'TestOutbox',
  tableLogicalId: 'Table',
  functionLogicalId: 'TransactionStream',
  batchSize: 100,
  batchingWindowMs: 0,
  startingPosition: 'TRIM_HORIZON',
  reportBatchItemFailures: true,
  bisectBatchOnFunctionError: false,
  // A failing action is retried once, then skipped: a test that makes the queue or bus fail sees it.
  maximumRetryAttempts: 1,
  filters: [],
  enabled: true,
};

export type TestOutboxDeps = Pick<OutboxDeps, 'queue' | 'events'> & Partial<Pick<OutboxDeps, 'payouts' | 'contacts' | 'decoders' | 'owners' | 'log'>>;

let reader: { table: string; poller: DynamoStreamPoller } | undefined;
let sink: OutboxDeps | undefined;

async function readerFor(table: string): Promise<DynamoStreamPoller> {
  if (reader?.table === table) return reader.poller;
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB!;
  const client = localDynamoClient(endpoint);
  const streamArn = (await client.send(new DescribeTableCommand({ TableName: table }))).Table?.LatestStreamArn;
  client.destroy();
  if (!streamArn) throw new Error(`table ${table} has no stream`);
  // The handler module reads these at load; tests give their own queue and bus.
  process.env[ENV.eventBusName] ??= 'test-bus';
  process.env[ENV.fulfilmentQueueUrl] ??= 'http://127.0.0.1:9/test-queue';
  process.env[ENV.payoutQueueUrl] ??= 'http://127.0.0.1:9/test-payouts';
  const { transactionStreamHandler } = await import('../../functions/handlers/transaction-stream.js');
  const current: OutboxDeps = {
    queue: { enqueue: (...args) => sink!.queue.enqueue(...args) },
    payouts: { enqueue: (id) => sink!.payouts.enqueue(id) },
    events: { transactionSettled: (detail) => sink!.events.transactionSettled(detail) },
    contacts: { touchNumber: (...args) => sink!.contacts.touchNumber(...args) },
    decoders: { remember: (...args) => sink!.decoders.remember(...args) },
    owners: { hasWebhook: (userId) => sink!.owners.hasWebhook(userId) },
    log: silentLogger,
  };
  const handle = transactionStreamHandler(current);
  const poller = new DynamoStreamPoller({
    mapping: MAPPING,
    streamArn,
    streams: localStreamsClient(endpoint),
    checkpoints: new StreamCheckpoints(undefined),
    invoke: (_id, event) => handle(event),
    sendToQueue: async () => undefined,
    log: () => undefined,
  });
  reader = { table, poller };
  return poller;
}

/** Acts on every transaction change written so far with `deps`. */
export async function drainOutbox(deps: TestOutboxDeps): Promise<void> {
  const poller = await readerFor(process.env.TABLE_NAME!);
  sink = {
    payouts: { enqueue: async () => undefined },
    contacts: { touchNumber: async () => 0 },
    decoders: { remember: async () => undefined },
    owners: { hasWebhook: async () => true },
    log: silentLogger,
    ...deps,
  };
  await poller.drain();
}

const COUNTERS_MAPPING: StreamMappingDef = {
  logicalId: 'TestCounters',
  tableLogicalId: 'Table',
  functionLogicalId: 'TransactionCounters',
  batchSize: 100,
  batchingWindowMs: 0,
  startingPosition: 'TRIM_HORIZON',
  reportBatchItemFailures: false,
  bisectBatchOnFunctionError: false,
  maximumRetryAttempts: 3,
  filters: [],
  enabled: true,
};

let countersReader: { table: string; poller: DynamoStreamPoller } | undefined;

/**
 * Sums every transaction change written so far into the platform's counters (listing shards, sales
 * figures, wallet total), as the stack's counter consumer does: drain before reading platform figures.
 */
export async function drainCounters(): Promise<void> {
  const table = process.env.TABLE_NAME!;
  if (countersReader?.table !== table) {
    const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB!;
    const client = localDynamoClient(endpoint);
    const streamArn = (await client.send(new DescribeTableCommand({ TableName: table }))).Table?.LatestStreamArn;
    client.destroy();
    if (!streamArn) throw new Error(`table ${table} has no stream`);
    const { transactionCountersHandler } = await import('../../functions/handlers/transaction-counters.js');
    const poller = new DynamoStreamPoller({
      mapping: COUNTERS_MAPPING,
      streamArn,
      streams: localStreamsClient(endpoint),
      checkpoints: new StreamCheckpoints(undefined),
      invoke: (_id, event) => transactionCountersHandler(event as Parameters<typeof transactionCountersHandler>[0]),
      sendToQueue: async () => undefined,
      log: () => undefined,
    });
    countersReader = { table, poller };
  }
  await countersReader.poller.drain();
}
