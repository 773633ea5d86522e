/**
 * Lambda's SQS event source mapping, locally: receive a batch, invoke the function with a real SQS
 * event, delete what succeeded. With ReportBatchItemFailures, only the messages named in
 * `batchItemFailures` stay; a thrown error or an invalid response leaves the whole batch. Kept
 * messages reappear after the queue's visibility timeout and, past maxReceiveCount, local-aws-sqs
 * moves them to the dead-letter queue.
 *
 * Two faults of local-aws-sqs shape this loop: ReceiveMessage waits the full WaitTimeSeconds
 * unless the batch fills (so we short-poll with 0 and sleep briefly when empty), and
 * ChangeMessageVisibility bumps the receive count (so we never call it).
 */
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import type { LocalQueue } from './sqs.js';
import { LOCAL_REGION, type EventSourceMappingDef } from './template.js';
import { sleep, StopSignal } from '../util.js';

export interface PollerOptions {
  mapping: EventSourceMappingDef;
  queue: LocalQueue;
  sqs: SQSClient;
  invoke(functionLogicalId: string, event: SQSEvent): Promise<unknown>;
  /** Concurrent receive loops for this mapping (Lambda scales out on a busy queue). */
  concurrency?: number;
  /**
   * How receive loop `loop` (0-based) waits after an empty receive. Default: 25 ms. The local cloud
   * passes the SQS server's waitForSend, so an idle loop sleeps but wakes the moment a message is
   * sent; loop 0 also looks again within a second, for messages that reappear after a visibility
   * timeout (no send announces those), and the others need not.
   */
  idleWait?: (loop: number) => Promise<void>;
  log?: (line: string) => void;
}

export function toSqsRecord(message: Message, queue: LocalQueue): SQSRecord {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId!,
    receiptHandle: message.ReceiptHandle!,
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? 'LOCAL',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
      ...(attributes.MessageGroupId ? { MessageGroupId: attributes.MessageGroupId } : {}),
      ...(attributes.MessageDeduplicationId ? { MessageDeduplicationId: attributes.MessageDeduplicationId } : {}),
      ...(attributes.SequenceNumber ? { SequenceNumber: attributes.SequenceNumber } : {}),
    },
    messageAttributes: Object.fromEntries(
      Object.entries(message.MessageAttributes ?? {}).map(([name, value]) => [
        name,
        {
          dataType: value.DataType!,
          ...(value.StringValue !== undefined ? { stringValue: value.StringValue } : {}),
          ...(value.BinaryValue !== undefined ? { binaryValue: Buffer.from(value.BinaryValue).toString('base64') } : {}),
          stringListValues: [],
          binaryListValues: [],
        },
      ]),
    ),
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: queue.arn,
    awsRegion: LOCAL_REGION,
  };
}

/**
 * Which message ids of a batch succeeded, given the handler's outcome. Mirrors Lambda: without
 * ReportBatchItemFailures any result means success; with it, a malformed response or an
 * identifier that is not in the batch fails the whole batch.
 */
export function succeededMessageIds(
  batchIds: string[],
  outcome: { ok: true; result: unknown } | { ok: false },
  reportBatchItemFailures: boolean,
): { succeeded: string[]; problem?: string } {
  if (!outcome.ok) return { succeeded: [] };
  if (!reportBatchItemFailures) return { succeeded: batchIds };
  const result = outcome.result as { batchItemFailures?: unknown } | null | undefined;
  if (result === undefined || result === null) return { succeeded: batchIds };
  if (typeof result !== 'object') return { succeeded: [], problem: 'handler returned a non-object response' };
  const failures = result.batchItemFailures;
  if (failures === undefined || failures === null) return { succeeded: batchIds };
  if (!Array.isArray(failures)) return { succeeded: [], problem: 'batchItemFailures is not an array' };
  const failed = new Set<string>();
  for (const failure of failures) {
    const id = (failure as { itemIdentifier?: unknown } | null)?.itemIdentifier;
    if (typeof id !== 'string' || id === '' || !batchIds.includes(id)) {
      return { succeeded: [], problem: `invalid itemIdentifier ${JSON.stringify(id)}: the whole batch is retried` };
    }
    failed.add(id);
  }
  return { succeeded: batchIds.filter((id) => !failed.has(id)) };
}

export class SqsPoller {
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly stopSignal = new StopSignal();

  constructor(private readonly options: PollerOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopSignal.arm();
    const concurrency = this.options.concurrency ?? 2;
    for (let i = 0; i < concurrency; i++) this.loops.push(this.loop(i));
  }

  /** Stops receiving and waits for batches in flight (their messages are then deleted or left as usual). */
  async stop(): Promise<void> {
    this.running = false;
    this.stopSignal.request();
    await Promise.allSettled(this.loops);
    this.loops = [];
  }

  private async loop(index: number): Promise<void> {
    const { mapping, queue, sqs } = this.options;
    const idleWait = this.options.idleWait ?? (() => sleep(25));
    const log = this.options.log ?? ((line: string) => console.log(line));
    while (this.running) {
      let messages: Message[] = [];
      try {
        const received = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queue.url,
            MaxNumberOfMessages: Math.min(10, Math.max(1, mapping.batchSize)),
            WaitTimeSeconds: 0,
            MessageSystemAttributeNames: ['All'],
            // local-aws-sqs reads only the older name.
            AttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
        );
        messages = received.Messages ?? [];
      } catch (error) {
        if (this.running) log(`[sqs] receive from ${queue.name} failed: ${(error as Error).message}`);
        await this.stopSignal.cut(sleep(500));
        continue;
      }
      if (messages.length === 0) {
        await this.stopSignal.cut(idleWait(index));
        continue;
      }
      await this.processBatch(messages, log);
    }
  }

  async processBatch(messages: Message[], log: (line: string) => void): Promise<void> {
    const { mapping, queue, sqs } = this.options;
    const event: SQSEvent = { Records: messages.map((m) => toSqsRecord(m, queue)) };
    let outcome: { ok: true; result: unknown } | { ok: false };
    try {
      outcome = { ok: true, result: await this.options.invoke(mapping.functionLogicalId, event) };
    } catch (error) {
      log(`[sqs] ${mapping.functionLogicalId} failed on a batch of ${messages.length} from ${queue.name}: ${(error as Error).stack ?? error}`);
      outcome = { ok: false };
    }
    const ids = messages.map((m) => m.MessageId!);
    const { succeeded, problem } = succeededMessageIds(ids, outcome, mapping.reportBatchItemFailures);
    if (problem) log(`[sqs] ${mapping.functionLogicalId}: ${problem}`);
    const toDelete = messages.filter((m) => succeeded.includes(m.MessageId!));
    if (toDelete.length === 0) return;
    try {
      const result = await sqs.send(
        new DeleteMessageBatchCommand({
          QueueUrl: queue.url,
          Entries: toDelete.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
        }),
      );
      if (result.Failed?.length) log(`[sqs] could not delete ${result.Failed.length} processed message(s) from ${queue.name}`);
    } catch (error) {
      log(`[sqs] delete from ${queue.name} failed: ${(error as Error).message}`);
    }
  }
}
