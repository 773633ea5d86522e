import { DeleteMessageCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqsPoller, succeededMessageIds } from '../../../infra/local/runtime/pollers.js';
import { createQueues, localSqsClient, startLocalSqs, type LocalQueue, type LocalSqs } from '../../../infra/local/runtime/sqs.js';
import type { EventSourceMappingDef, QueueDef } from '../../../infra/local/runtime/template.js';

describe('succeededMessageIds (Lambda partial batch semantics)', () => {
  const ids = ['a', 'b', 'c'];
  it('deletes everything on success without a report', () => {
    expect(succeededMessageIds(ids, { ok: true, result: undefined }, true).succeeded).toEqual(ids);
    expect(succeededMessageIds(ids, { ok: true, result: { batchItemFailures: [] } }, true).succeeded).toEqual(ids);
  });
  it('keeps only the reported failures', () => {
    expect(succeededMessageIds(ids, { ok: true, result: { batchItemFailures: [{ itemIdentifier: 'b' }] } }, true).succeeded).toEqual(['a', 'c']);
  });
  it('keeps the whole batch when the handler throws or reports nonsense', () => {
    expect(succeededMessageIds(ids, { ok: false }, true).succeeded).toEqual([]);
    expect(succeededMessageIds(ids, { ok: true, result: { batchItemFailures: [{ itemIdentifier: 'zzz' }] } }, true)).toMatchObject({
      succeeded: [],
      problem: expect.any(String),
    });
    expect(succeededMessageIds(ids, { ok: true, result: { batchItemFailures: [{}] } }, true).succeeded).toEqual([]);
    expect(succeededMessageIds(ids, { ok: true, result: { batchItemFailures: 'b' } }, true).succeeded).toEqual([]);
  });
  it('ignores the report when the mapping does not ask for it', () => {
    expect(succeededMessageIds(ids, { ok: true, result: { batchItemFailures: [{ itemIdentifier: 'b' }] } }, false).succeeded).toEqual(ids);
  });
});

describe('SqsPoller on local-aws-sqs', () => {
  let sqsServer: LocalSqs;
  let sqs: SQSClient;
  let queues: Map<string, LocalQueue>;
  const defs: QueueDef[] = [
    {
      logicalId: 'WorkQueue',
      name: 'WorkQueue',
      visibilityTimeoutSeconds: 1,
      fifo: false,
      redrive: { deadLetterQueueLogicalId: 'WorkDlq', maxReceiveCount: 2 },
    },
    { logicalId: 'WorkDlq', name: 'WorkDlq', visibilityTimeoutSeconds: 30, fifo: false },
  ];
  const mapping: EventSourceMappingDef = {
    logicalId: 'M',
    queueLogicalId: 'WorkQueue',
    functionLogicalId: 'Worker',
    batchSize: 10,
    reportBatchItemFailures: true,
    enabled: true,
  };

  beforeAll(async () => {
    sqsServer = await startLocalSqs();
    queues = await createQueues(sqsServer.endpoint, defs);
    sqs = localSqsClient(sqsServer.endpoint);
  });
  afterAll(async () => {
    sqs.destroy();
    await sqsServer.stop();
  });

  it('creates the dead-letter queue first and wires the redrive policy', async () => {
    const attributes = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queues.get('WorkQueue')!.url, AttributeNames: ['All'] }));
    expect(JSON.parse(attributes.Attributes!.RedrivePolicy!)).toEqual({ deadLetterTargetArn: queues.get('WorkDlq')!.arn, maxReceiveCount: 2 });
    expect(attributes.Attributes!.VisibilityTimeout).toBe('1');
  });

  it('wakes idle pollers as soon as a message is sent', async () => {
    const started = Date.now();
    const waiting = sqsServer.waitForSend(5_000);
    await sqs.send(new SendMessageCommand({ QueueUrl: queues.get('WorkDlq')!.url, MessageBody: 'wake' }));
    await waiting;
    expect(Date.now() - started).toBeLessThan(2_000);
    await sqs
      .send(new ReceiveMessageCommand({ QueueUrl: queues.get('WorkDlq')!.url, WaitTimeSeconds: 0, MaxNumberOfMessages: 10 }))
      .then((r) =>
        Promise.all(
          (r.Messages ?? []).map((m) => sqs.send(new DeleteMessageCommand({ QueueUrl: queues.get('WorkDlq')!.url, ReceiptHandle: m.ReceiptHandle! }))),
        ),
      );
  });

  it('a poller told to stop is woken from its idle wait: it stops at once, not after sleeping out its second', async () => {
    const poller = new SqsPoller({
      mapping,
      queue: queues.get('WorkDlq')!,
      sqs,
      concurrency: 2,
      log: () => {},
      invoke: async () => undefined,
      idleWait: () => sqsServer.waitForSend(5_000),
    });
    poller.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await poller.stop();
    // Without the wake the stop waits out the 5 s idle wait.
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('an idle wait knows its receive loop, and a message sent wakes every loop, the long sleepers too', async () => {
    const waits: number[] = [];
    const queue = queues.get('WorkDlq')!;
    let delivered = 0;
    const poller = new SqsPoller({
      mapping,
      queue,
      sqs,
      concurrency: 2,
      log: () => {},
      invoke: async (_id, event) => void (delivered += event.Records.length),
      // Loop 0 looks each 200 ms; loop 1 would sleep a minute unless woken.
      idleWait: (loop) => (waits.push(loop), sqsServer.waitForSend(loop === 0 ? 200 : 60_000)),
    });
    poller.start();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(waits.filter((loop) => loop === 0).length).toBeGreaterThanOrEqual(3);
    expect(waits.filter((loop) => loop === 1)).toEqual([1]);
    await sqs.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: 'wake both' }));
    await expect.poll(() => delivered, { timeout: 2_000 }).toBe(1);
    // The send woke loop 1 out of its minute: it received (empty or not) and waits again.
    await expect.poll(() => waits.filter((loop) => loop === 1).length, { timeout: 2_000 }).toBeGreaterThanOrEqual(2);
    await poller.stop();
  });

  it('delivers real SQS events, deletes successes, retries failures and dead-letters them after maxReceiveCount', async () => {
    const seen: Array<{ body: string; receiveCount: string }> = [];
    const events: SQSEvent[] = [];
    const poller = new SqsPoller({
      mapping,
      queue: queues.get('WorkQueue')!,
      sqs,
      concurrency: 1,
      log: () => {},
      invoke: async (_id, event) => {
        events.push(event);
        for (const record of event.Records) seen.push({ body: record.body, receiveCount: record.attributes.ApproximateReceiveCount });
        return { batchItemFailures: event.Records.filter((r) => r.body === 'bad').map((r) => ({ itemIdentifier: r.messageId })) };
      },
    });
    const url = queues.get('WorkQueue')!.url;
    await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'good' }));
    await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'bad' }));
    poller.start();
    const deadline = Date.now() + 10_000;
    let dead: string[] = [];
    while (Date.now() < deadline && dead.length === 0) {
      await new Promise((r) => setTimeout(r, 200));
      if (seen.filter((s) => s.body === 'bad').length >= 2) {
        const received = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queues.get('WorkDlq')!.url, WaitTimeSeconds: 0, MaxNumberOfMessages: 10 }));
        dead = (received.Messages ?? []).map((m) => m.Body!);
      }
    }
    await poller.stop();
    expect(seen.filter((s) => s.body === 'good')).toHaveLength(1);
    expect(seen.filter((s) => s.body === 'bad').map((s) => s.receiveCount)).toEqual(['1', '2']);
    expect(dead).toEqual(['bad']);
    const record = events[0]!.Records[0]!;
    expect(record).toMatchObject({
      eventSource: 'aws:sqs',
      eventSourceARN: queues.get('WorkQueue')!.arn,
      awsRegion: 'us-east-1',
      md5OfBody: expect.any(String),
    });
    expect(record.messageId).toEqual(expect.any(String));
    expect(record.receiptHandle).toEqual(expect.any(String));
    expect(record.attributes.SentTimestamp).toMatch(/^\d+$/);
  }, 20_000);
});
