/**
 * Lambda's event source mapping on a DynamoDB stream, locally, over DynamoDB Local's own streams
 * (DescribeStream, GetShardIterator, GetRecords) and the mapping as the template declares it:
 *  - shards are read parent before child, each in order; a batch is at most `batchSize` records;
 *  - FilterCriteria: records no pattern matches are skipped (and count as read), as on AWS;
 *  - the function gets the Lambda event shape (`Records[].dynamodb` with Keys/NewImage/OldImage);
 *  - a thrown error retries the batch (split in halves with BisectBatchOnFunctionError); with
 *    ReportBatchItemFailures the batch resumes at the earliest sequence number reported; after
 *    MaximumRetryAttempts the batch is described on the on-failure queue and skipped;
 *  - positions are kept in DATA_DIR (AWS keeps them for the mapping), so a restart neither replays
 *    what was handled nor misses what was written while the cloud was down.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as SdkStreamRecord,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { withoutSdkLogger } from '../../../functions/adapters/aws/sdk-logger.js';
import { LOCAL_REGION, type StreamMappingDef } from './template.js';
import { sleep, StopSignal } from '../util.js';

/** How often the shard list is read again while a shard is open (a closed shard reads it at once). */
const SHARD_REFRESH_MS = 30_000;

/** GetRecords errors that a fresh iterator from the last delivered position answers. */
const STALE_ITERATOR_ERRORS = new Set(['ExpiredIteratorException', 'TrimmedDataAccessException']);
/** New iterators in a row that may meet such an error before it is reported (a fresh one that fails too is a real fault). */
const MAX_STALE_ITERATORS = 3;
export function localStreamsClient(endpoint: string): DynamoDBStreamsClient {
  return withoutSdkLogger(new DynamoDBStreamsClient({ endpoint, region: LOCAL_REGION, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
}

/**
 * Writes counted as they happen, so a stream reader can sleep until the next one: `mark()` before
 * a round of reads, `after(mark, maxMs)` after an empty round ends at once if a write came in
 * between (none is missed), else at the next write or after `maxMs`.
 */
export class WriteSignal {
  private count = 0;
  private waiters: Array<() => void> = [];

  notify = (): void => {
    this.count++;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  };

  mark(): number {
    return this.count;
  }

  async after(mark: number, maxMs: number): Promise<void> {
    if (this.count !== mark) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxMs);
      this.waiters.push(resolve);
    });
    clearTimeout(timer);
  }
}

/**
 * Last sequence number handled per shard, in one JSON file (written whole, then renamed). Writes
 * are coalesced: at most one every `flushAfterMs`, and on stop/drain. A crash may lose the last
 * moment's positions, so the next start delivers those records again: at least once, as Lambda's
 * own mapping does (every consumer is idempotent); a synchronous file write per batch was a
 * measurable share of the local cloud's CPU under load.
 */
export class StreamCheckpoints {
  private readonly positions: Record<string, string>;
  private pending: NodeJS.Timeout | undefined;

  constructor(
    private readonly file: string | undefined,
    private readonly flushAfterMs = 1_000,
  ) {
    this.positions = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  }

  get(key: string): string | undefined {
    return this.positions[key];
  }

  set(key: string, sequenceNumber: string): void {
    this.positions[key] = sequenceNumber;
    if (!this.file || this.pending) return;
    this.pending = setTimeout(() => this.flush(), this.flushAfterMs);
    // A pending write must not keep a finished process alive; stop() flushes.
    this.pending.unref();
  }

  /** Writes the positions now, if any changed since the last write. */
  flush(): void {
    if (!this.pending) return;
    clearTimeout(this.pending);
    this.pending = undefined;
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.positions));
    renameSync(`${this.file}.tmp`, this.file);
  }
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/**
 * One attribute value as Lambda's JSON has it: binary as base64. The streams client hands an empty
 * map nested in a list or map back as `{}` (the `M` key lost); an attribute value without any type
 * key can only be that, so it is restored.
 */
function jsonAttribute(value: any): any {
  const types = Object.keys(value ?? {}).filter((key) => value[key] !== undefined && key !== '$unknown');
  if (types.length === 0) return { M: {} };
  if (value.M !== undefined) return { M: jsonImage(value.M) };
  if (value.L !== undefined) return { L: (value.L as unknown[]).map(jsonAttribute) };
  if (value.B !== undefined) return { B: base64(value.B) };
  if (value.BS !== undefined) return { BS: (value.BS as Uint8Array[]).map(base64) };
  return { [types[0]!]: value[types[0]!] };
}

function jsonImage(image: Record<string, unknown> | undefined): any {
  return image === undefined ? undefined : Object.fromEntries(Object.entries(image).map(([name, value]) => [name, jsonAttribute(value)]));
}

export function toLambdaStreamRecord(record: SdkStreamRecord, streamArn: string): DynamoDBRecord {
  const change = record.dynamodb ?? {};
  const created = change.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: LOCAL_REGION,
    dynamodb: {
      ...(created ? { ApproximateCreationDateTime: Math.floor(new Date(created).getTime() / 1000) } : {}),
      Keys: jsonImage(change.Keys),
      ...(change.NewImage ? { NewImage: jsonImage(change.NewImage) } : {}),
      ...(change.OldImage ? { OldImage: jsonImage(change.OldImage) } : {}),
      SequenceNumber: change.SequenceNumber,
      SizeBytes: change.SizeBytes,
      StreamViewType: change.StreamViewType as NonNullable<DynamoDBRecord['dynamodb']>['StreamViewType'],
    },
    eventSourceARN: streamArn,
  };
}

export interface StreamPollerOptions {
  mapping: StreamMappingDef;
  streamArn: string;
  streams: DynamoDBStreamsClient;
  invoke(functionLogicalId: string, event: DynamoDBStreamEvent): Promise<unknown>;
  /** The on-failure destination. */
  sendToQueue(queueLogicalId: string, body: string): Promise<void>;
  checkpoints: StreamCheckpoints;
  /**
   * The functions' writes, as they happen: after a round that found nothing new the reader sleeps
   * until the next write (at most a second: writes from elsewhere are found then). Without it, it
   * polls every 50 ms.
   */
  writes?: WriteSignal;
  log?: (line: string) => void;
}

interface ShardState {
  shardId: string;
  parentShardId?: string;
  iterator?: string;
  /** Fresh iterators taken in a row after an expired or trimmed one (see readShard). */
  staleIterators?: number;
  done: boolean;
}

type BatchOutcome = { ok: true } | { ok: false; from: number };

/**
 * What one read of a shard found: nothing; records, all the shard held then (the page was short of
 * its limit); or records with maybe more behind them (a full page, a closed shard, a failed or
 * stopped delivery, a batching window's reads).
 */
type ShardRead = 'nothing' | 'to-end' | 'more';

/**
 * GetRecords returns at most 1 MB a page, as on AWS: a page short of its limit but near that size
 * may have been cut, so only a smaller one counts as holding all there was.
 */
const PAGE_BYTES_SURELY_WHOLE = 512 * 1024;

const pageBytes = (records: SdkStreamRecord[]): number => records.reduce((sum, record) => sum + (record.dynamodb?.SizeBytes ?? 0), 0);

/** A shard's iterator lost to a failed read while gathering a batch: a new one comes from the checkpoint. */
const LOST_ITERATOR = 'lost';

export class DynamoStreamPoller {
  private running = false;
  /** Lambda's `Enabled` of the mapping: while false nothing is read, and records wait in the stream. */
  private enabled = true;
  private loopDone: Promise<void> | undefined;
  private readonly stopSignal = new StopSignal();
  private readonly shards = new Map<string, ShardState>();
  private lastDescribe = 0;

  constructor(private readonly options: StreamPollerOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopSignal.arm();
    this.loopDone = this.loop();
  }

  get logicalId(): string {
    return this.options.mapping.logicalId;
  }

  get isEnabled(): boolean {
    return this.enabled;
  }

  /**
   * As `aws lambda update-event-source-mapping --enabled/--no-enabled`: disabled, the reader
   * finishes the batch in hand and reads nothing more; enabled again, it goes on from its position,
   * so nothing written meanwhile is missed.
   */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    if (enabled) this.options.writes?.notify();
  }

  /** Stops reading and waits for the batch in hand. */
  async stop(): Promise<void> {
    this.running = false;
    this.stopSignal.request();
    await this.loopDone;
    this.options.checkpoints.flush();
  }

  /**
   * Reads every shard to its present end once, delivering as the loop would, and returns (tests:
   * "whatever the writes so far caused, now").
   */
  async drain(): Promise<void> {
    this.running = true;
    try {
      for (;;) {
        const known = this.shards.size;
        await this.refreshShards(true);
        let found = false;
        for (const shard of this.readableShards()) found = (await this.readShard(shard, 0)) !== 'nothing' || found;
        if (found) continue;
        // A shard that closed in this pass may have a child with records: read on once it is known.
        await this.refreshShards(true);
        if (this.shards.size === known) break;
      }
    } finally {
      this.running = false;
      this.options.checkpoints.flush();
    }
  }

  private get log() {
    return this.options.log ?? ((line: string) => console.log(line));
  }

  private checkpointKey(shardId: string): string {
    return `${this.options.mapping.logicalId} ${this.options.streamArn} ${shardId}`;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      if (!this.enabled) {
        await this.stopSignal.cut(sleep(50));
        continue;
      }
      const seen = this.options.writes?.mark();
      let found = false;
      let more = false;
      try {
        await this.refreshShards();
        for (const shard of this.readableShards()) {
          if (!this.running) break;
          const read = await this.readShard(shard);
          found ||= read !== 'nothing';
          more ||= read === 'more';
        }
      } catch (error) {
        if (this.running) this.log(`[streams] ${this.options.mapping.logicalId}: ${(error as Error).message}`);
        await this.stopSignal.cut(sleep(500));
      }
      // A round that read every shard to its end needs no empty read to confirm it, when the writes
      // are signalled: the wait below ends at once if anything was written since the mark, the
      // delivered batch's own writes included. The confirming reads were half of a test cloud's
      // GetRecords (a third of all its DynamoDB requests).
      if (more || (found && !this.options.writes)) continue;
      if (this.options.writes && seen !== undefined) await this.stopSignal.cut(this.options.writes.after(seen, 1_000));
      else await this.stopSignal.cut(sleep(50));
    }
  }

  /**
   * New shards appear as DynamoDB Local rolls them over; a closed one's child waits for it.
   * DescribeStream is asked only when the shard set can have changed: with no shard known, or with a
   * closed one whose child has not been seen (at most once a second while waiting for it; at once in a
   * drain), and every SHARD_REFRESH_MS besides. It
   * is DynamoDB Local's costliest call, and its cost grows with every stream record in the database
   * (1 ms fresh, 50–120 ms late in a test run, on its one SQLite thread): asked every second by each
   * mapping of each running cloud, it kept that thread busy and slowed every other request.
   */
  private async refreshShards(force = false): Promise<void> {
    const since = Date.now() - this.lastDescribe;
    const due = since >= SHARD_REFRESH_MS || (this.shardSetMayHaveChanged() && (force || since >= 1_000));
    if (!due) return;
    this.lastDescribe = Date.now();
    let start: string | undefined;
    do {
      const described = await this.options.streams.send(new DescribeStreamCommand({ StreamArn: this.options.streamArn, ExclusiveStartShardId: start }));
      for (const shard of described.StreamDescription?.Shards ?? []) this.addShard(shard);
      start = described.StreamDescription?.LastEvaluatedShardId;
    } while (start);
  }

  /** No shard known yet, or one closed whose child has not been seen: DescribeStream has news. */
  private shardSetMayHaveChanged(): boolean {
    const shards = [...this.shards.values()];
    return shards.length === 0 || shards.some((closed) => closed.done && !shards.some((child) => child.parentShardId === closed.shardId));
  }

  private addShard(shard: Shard): void {
    if (!shard.ShardId || this.shards.has(shard.ShardId)) return;
    this.shards.set(shard.ShardId, { shardId: shard.ShardId, ...(shard.ParentShardId ? { parentShardId: shard.ParentShardId } : {}), done: false });
  }

  private readableShards(): ShardState[] {
    return [...this.shards.values()].filter((shard) => !shard.done && (!shard.parentShardId || this.shards.get(shard.parentShardId)?.done !== false));
  }

  /**
   * One GetRecords on the shard and the batch delivered; what it found (ShardRead). With the mapping's
   * batching window (Lambda's MaximumBatchingWindowInSeconds), a batch short of `batchSize` reads on for
   * up to the window before it is delivered, as Lambda gathers records before invoking (a drain does not wait).
   */
  private async readShard(shard: ShardState, windowMs = this.options.mapping.batchingWindowMs): Promise<ShardRead> {
    shard.iterator ??= await this.iteratorFor(shard.shardId);
    const limit = Math.min(1000, this.options.mapping.batchSize);
    let page;
    try {
      page = await this.options.streams.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: limit }));
    } catch (error) {
      // An iterator kept between reads can expire (15 min) or, on a DynamoDB Local shared by many
      // tables, be answered "trimmed": as Lambda's mapping does, take a new one from the last
      // position delivered (nothing is read twice or skipped) and read again on the next pass.
      if (!STALE_ITERATOR_ERRORS.has((error as Error).name) || (shard.staleIterators ?? 0) >= MAX_STALE_ITERATORS) throw error;
      shard.staleIterators = (shard.staleIterators ?? 0) + 1;
      shard.iterator = undefined;
      return 'more';
    }
    shard.staleIterators = 0;
    const records = page.Records ?? [];
    let next = page.NextShardIterator;
    // A page short of its limit, and of the size at which a page may be cut, held all there was.
    const toEnd = windowMs <= 0 && next !== undefined && records.length < limit && pageBytes(records) < PAGE_BYTES_SURELY_WHOLE;
    if (records.length && windowMs > 0) ({ next } = await this.gatherWindow(records, next, Date.now() + windowMs));
    if (records.length) {
      // Stopped mid-retry: the position stays, so the next start delivers the batch again.
      if (!(await this.deliver(records.map((record) => toLambdaStreamRecord(record, this.options.streamArn))))) return 'more';
      this.options.checkpoints.set(this.checkpointKey(shard.shardId), records[records.length - 1]!.dynamodb!.SequenceNumber!);
    }
    if (next === LOST_ITERATOR) shard.iterator = undefined;
    else if (next) shard.iterator = next;
    else shard.done = true;
    if (!records.length) return 'nothing';
    return toEnd ? 'to-end' : 'more';
  }

  /**
   * Reads on after `records` (appending to it) until the batch is full, the shard closes or `until`:
   * the next iterator, or LOST_ITERATOR when a read failed (a new one is then taken from the last
   * position delivered, so nothing is skipped).
   */
  private async gatherWindow(records: SdkStreamRecord[], from: string | undefined, until: number): Promise<{ next: string | undefined }> {
    // As on AWS, records the filters drop do not count toward the batch (they are read and skipped).
    const matching = (read: SdkStreamRecord[]) => read.filter((record) => this.passesFilters(toLambdaStreamRecord(record, this.options.streamArn))).length;
    let next = from;
    let wanted = this.options.mapping.batchSize - matching(records);
    while (next && this.running && wanted > 0 && Date.now() < until) {
      const seen = this.options.writes?.mark();
      let page;
      try {
        page = await this.options.streams.send(new GetRecordsCommand({ ShardIterator: next, Limit: Math.min(1000, wanted) }));
      } catch {
        return { next: LOST_ITERATOR };
      }
      records.push(...(page.Records ?? []));
      next = page.NextShardIterator;
      wanted -= matching(page.Records ?? []);
      if (!page.Records?.length && next) {
        const left = until - Date.now();
        if (left <= 0) break;
        if (this.options.writes && seen !== undefined) await this.options.writes.after(seen, left);
        else await sleep(Math.min(50, left));
      }
    }
    return { next };
  }

  private async iteratorFor(shardId: string): Promise<string> {
    const after = this.options.checkpoints.get(this.checkpointKey(shardId));
    const position = after
      ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER' as const, SequenceNumber: after }
      : { ShardIteratorType: this.options.mapping.startingPosition === 'LATEST' ? ('LATEST' as const) : ('TRIM_HORIZON' as const) };
    const answer = await this.options.streams.send(new GetShardIteratorCommand({ StreamArn: this.options.streamArn, ShardId: shardId, ...position }));
    return answer.ShardIterator!;
  }

  /** Delivers the records the filters let through, retrying as the mapping says; false if stopped first. */
  private async deliver(records: DynamoDBRecord[]): Promise<boolean> {
    const matching = records.filter((record) => this.passesFilters(record));
    return matching.length ? this.deliverWithRetries(matching) : true;
  }

  /** FilterCriteria: a record is handed over when any pattern matches it (no pattern: every record). */
  private passesFilters(record: DynamoDBRecord): boolean {
    const { filters } = this.options.mapping;
    return filters.length === 0 || filters.some((matches) => matches(record));
  }

  private async deliverWithRetries(batch: DynamoDBRecord[]): Promise<boolean> {
    const { mapping } = this.options;
    let pending = batch;
    for (let retries = 0; this.running; retries++) {
      const outcome = await this.invokeOnce(pending);
      if (outcome.ok) return true;
      const thrown = outcome.from === 0;
      pending = pending.slice(outcome.from);
      if (mapping.maximumRetryAttempts >= 0 && retries >= mapping.maximumRetryAttempts) {
        await this.giveUp(pending);
        return true;
      }
      await sleep(Math.min(1_000, 50 * 2 ** retries));
      if (thrown && mapping.bisectBatchOnFunctionError && pending.length > 1) {
        const half = Math.ceil(pending.length / 2);
        return (await this.deliverWithRetries(pending.slice(0, half))) && this.deliverWithRetries(pending.slice(half));
      }
    }
    return false;
  }

  /** One invocation: ok, or the index in `batch` to resume from. */
  private async invokeOnce(batch: DynamoDBRecord[]): Promise<BatchOutcome> {
    const { mapping } = this.options;
    let result: unknown;
    try {
      result = await this.options.invoke(mapping.functionLogicalId, { Records: batch });
    } catch (error) {
      this.log(`[streams] ${mapping.functionLogicalId} failed on a batch of ${batch.length}: ${(error as Error).stack ?? error}`);
      return { ok: false, from: 0 };
    }
    if (!mapping.reportBatchItemFailures) return { ok: true };
    const failures = (result as { batchItemFailures?: { itemIdentifier?: unknown }[] } | null | undefined)?.batchItemFailures;
    if (!Array.isArray(failures) || failures.length === 0) return { ok: true };
    const sequenceNumbers = batch.map((record) => record.dynamodb?.SequenceNumber);
    const indexes = failures.map((failure) => sequenceNumbers.indexOf(failure?.itemIdentifier as string));
    // An identifier that is not in the batch: Lambda retries the whole batch.
    return { ok: false, from: indexes.includes(-1) ? 0 : Math.min(...indexes) };
  }

  private async giveUp(batch: DynamoDBRecord[]): Promise<void> {
    const { mapping } = this.options;
    const first = batch[0]!.dynamodb?.SequenceNumber;
    const last = batch[batch.length - 1]!.dynamodb?.SequenceNumber;
    this.log(`[streams] ${mapping.functionLogicalId}: ${batch.length} record(s) ${first}…${last} failed every retry; skipped`);
    if (!mapping.onFailureQueueLogicalId) return;
    const description = {
      requestContext: { condition: 'RetryAttemptsExhausted', functionArn: mapping.functionLogicalId },
      DDBStreamBatchInfo: { streamArn: this.options.streamArn, startSequenceNumber: first, endSequenceNumber: last, batchSize: batch.length },
      timestamp: new Date().toISOString(),
    };
    await this.options.sendToQueue(mapping.onFailureQueueLogicalId, JSON.stringify(description));
  }
}
