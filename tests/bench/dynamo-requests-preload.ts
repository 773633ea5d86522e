/**
 * Preload for the platform's process under `npm run bench`: counts every DynamoDB request the
 * functions make (the `countDynamoRequests` hook of functions/adapters/dynamo/client.ts), labelled
 * with the function and the kind of invocation that made it, so the bench can leave out its own
 * listing polls and the schedules. On SIGUSR2 it writes the totals so far to
 * BENCH_DYNAMO_REQUESTS_FILE (see dynamo-requests.ts, which reads them). Beside them, for the cost per
 * purchase: each write's units as DynamoDB bills them (dynamo-billing.ts), each invocation's milliseconds
 * and GB-milliseconds at its function's memory, and the SQS requests and EventBridge events the functions send.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBStreamsClient, GetRecordsCommand, type GetRecordsCommandOutput } from '@aws-sdk/client-dynamodb-streams';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { SQSClient } from '@aws-sdk/client-sqs';
import { renameSync, writeFileSync } from 'node:fs';
import type { DynamoRequest } from '../../functions/adapters/aws/dynamo-requests.js';
import { countDynamoRequests } from '../../functions/adapters/dynamo/client.js';
import { LocalEventBus } from '../../infra/local/runtime/eventbridge.js';
import { LambdaRuntime } from '../../infra/local/runtime/lambda.js';
import { TABLE_KEYS } from '../../shared/table.js';
import { billedWriteUnits, growthUnits, indexWriteUnitsByIndex, ItemSizes, keyIdOf, updatedItems } from './dynamo-billing.js';
import {
  BUS_EVENTS,
  EVENT_RULES,
  INDEX_WRITES,
  INDEX_WRITES_LABEL,
  invocationLabel,
  LAMBDA_INVOCATIONS,
  OUTSIDE_A_FUNCTION,
  SQS_REQUESTS,
  type OperationTotal,
  type RequestTotals,
} from './dynamo-request-labels.js';

const file = process.env.BENCH_DYNAMO_REQUESTS_FILE;
if (file) {
  const invocation = new AsyncLocalStorage<string>();
  const totals: RequestTotals = {};
  let snapshots = 0;

  const tableKeyNames = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey];
  const sizes = new ItemSizes(tableKeyNames);
  const entryOf = (label: string, operation: string): OperationTotal => ((totals[label] ??= {})[operation] ??= { count: 0, readUnits: 0, writeUnits: 0 });

  // Who last updated each item, and at what price per KB: its change on the stream bills its growth to them.
  const lastUpdate = new Map<string, { label: string; operation: string; unitsPerKb: 1 | 2 }>();

  countDynamoRequests(({ operation, readUnits, writeUnits, input }: DynamoRequest) => {
    const label = invocation.getStore() ?? OUTSIDE_A_FUNCTION;
    for (const { key, unitsPerKb } of updatedItems(operation, input)) lastUpdate.set(keyIdOf(key), { label, operation, unitsPerKb });
    const entry = entryOf(label, operation);
    entry.count += 1;
    entry.readUnits += readUnits;
    entry.writeUnits += writeUnits;
    const billed = billedWriteUnits(operation, input, sizes);
    if (billed !== undefined) entry.billedWriteUnits = (entry.billedWriteUnits ?? 0) + billed;
  });

  // Each change of the table, as its stream carries it (every mapping reads the same records: each is
  // counted once, by sequence number): the index writes it cost, what its update cost beyond the bill on
  // the size before (an item grown into another KB), and the item's size for the updates that follow
  // (a counter item is only ever updated, never put, so its size is known only from here).
  const seenChanges = new Set<string>();
  const streamsSend = DynamoDBStreamsClient.prototype.send;
  DynamoDBStreamsClient.prototype.send = async function (this: DynamoDBStreamsClient, ...args: Parameters<DynamoDBStreamsClient['send']>) {
    const output = await (streamsSend as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    if (args[0] instanceof GetRecordsCommand) {
      for (const record of (output as GetRecordsCommandOutput).Records ?? []) {
        const change = record.dynamodb;
        if (!change?.SequenceNumber || seenChanges.has(change.SequenceNumber)) continue;
        seenChanges.add(change.SequenceNumber);
        for (const [index, units] of Object.entries(indexWriteUnitsByIndex(change.OldImage, change.NewImage, TABLE_KEYS.indexes, tableKeyNames))) {
          const entry = entryOf(INDEX_WRITES_LABEL, `${INDEX_WRITES} ${index}`);
          entry.count += 1;
          entry.billedWriteUnits = (entry.billedWriteUnits ?? 0) + units;
        }
        const updater = change.OldImage && change.NewImage ? lastUpdate.get(keyIdOf(change.Keys)) : undefined;
        if (updater) {
          const entry = entryOf(updater.label, updater.operation);
          entry.billedWriteUnits = (entry.billedWriteUnits ?? 0) + growthUnits(change.OldImage, change.NewImage, updater.unitsPerKb);
        }
        if (change.NewImage) sizes.put(undefined, change.NewImage);
      }
    }
    return output;
  } as DynamoDBStreamsClient['send'];

  // Requests the functions send to SQS, and events to EventBridge (the local cloud's own pollers run outside a function).
  const sqsSend = SQSClient.prototype.send;
  SQSClient.prototype.send = function (this: SQSClient, ...args: Parameters<SQSClient['send']>) {
    const label = invocation.getStore();
    if (label) entryOf(label, SQS_REQUESTS).count += 1;
    return (sqsSend as (...a: unknown[]) => unknown).apply(this, args);
  } as SQSClient['send'];
  const busSend = EventBridgeClient.prototype.send;
  EventBridgeClient.prototype.send = function (this: EventBridgeClient, ...args: Parameters<EventBridgeClient['send']>) {
    const label = invocation.getStore();
    const entries = (args[0] as { input?: { Entries?: unknown[] } }).input?.Entries;
    if (label && entries) entryOf(label, BUS_EVENTS).count += entries.length;
    return (busSend as (...a: unknown[]) => unknown).apply(this, args);
  } as EventBridgeClient['send'];

  // Each queue target of a matching rule is one SendMessage, billed by SQS (EventBridge delivers rule targets free).
  const matchingRules = LocalEventBus.prototype.matchingRules;
  LocalEventBus.prototype.matchingRules = function (this: LocalEventBus, ...args: Parameters<LocalEventBus['matchingRules']>) {
    const rules = matchingRules.apply(this, args);
    const toQueues = rules.flatMap((rule) => rule.targets).filter((target) => target.kind === 'queue').length;
    if (toQueues > 0) entryOf(`${EVENT_RULES} ${String(args[1]['detail-type'])}`, SQS_REQUESTS).count += toQueues;
    return rules;
  };

  const invoke = LambdaRuntime.prototype.invoke;
  LambdaRuntime.prototype.invoke = function (this: LambdaRuntime, logicalId: string, event: unknown) {
    const label = invocationLabel(logicalId, event);
    const memoryMb = this.definition(logicalId).memoryMb;
    const started = performance.now();
    const metered = () => {
      const ms = performance.now() - started;
      const entry = entryOf(label, LAMBDA_INVOCATIONS);
      entry.count += 1;
      entry.ms = (entry.ms ?? 0) + ms;
      entry.gbMs = (entry.gbMs ?? 0) + (ms * memoryMb) / 1024;
    };
    return invocation.run(label, () => invoke.call(this, logicalId, event)).finally(metered);
  };

  process.on('SIGUSR2', () => {
    snapshots += 1;
    // Written aside and renamed, so the bench never reads half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify({ snapshot: snapshots, totals }));
    renameSync(`${file}.tmp`, file);
  });
}
