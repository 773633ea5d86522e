/**
 * Durable local queues (infra/local/runtime/sqs-journal.ts): a message SQS accepted survives a crash of the
 * local cloud, as it survives anything on AWS. Without the journal, local-aws-sqs kept messages in
 * memory only and a restart on the same DATA_DIR found every queue empty.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageBatchCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, describe, expect, it } from 'vitest';
import { liveMessages } from '../../../infra/local/runtime/sqs-journal.js';
import { createQueues, localSqsClient, startLocalSqs, type LocalQueue, type LocalSqs } from '../../../infra/local/runtime/sqs.js';
import type { QueueDef } from '../../../infra/local/runtime/template.js';

const defs: QueueDef[] = [
  { logicalId: 'Work', name: 'Work', visibilityTimeoutSeconds: 30, fifo: false, redrive: { deadLetterQueueLogicalId: 'WorkDlq', maxReceiveCount: 1 } },
  { logicalId: 'WorkDlq', name: 'WorkDlq', visibilityTimeoutSeconds: 30, fifo: false },
];

interface Running {
  server: LocalSqs;
  sqs: SQSClient;
  queues: Map<string, LocalQueue>;
  restored: number;
}

const running: Running[] = [];
const folders: string[] = [];

async function start(journal: string, visibilityTimeoutOverrideSeconds?: number): Promise<Running> {
  const server = await startLocalSqs();
  const queues = await createQueues(server.endpoint, defs, { visibilityTimeoutOverrideSeconds });
  const { restored } = server.keepMessagesIn(journal);
  const started = { server, sqs: localSqsClient(server.endpoint), queues, restored };
  running.push(started);
  return started;
}

/** As a crash leaves it: the server gone, nothing deleted or flushed on the way out. */
async function crash(r: Running): Promise<void> {
  r.sqs.destroy();
  await r.server.stop();
}

const receiveAll = async (r: Running, queue: string) =>
  (await r.sqs.send(new ReceiveMessageCommand({ QueueUrl: r.queues.get(queue)!.url, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }))).Messages ?? [];

afterEach(async () => {
  for (const r of running.splice(0)) await crash(r).catch(() => undefined);
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('local queues keep their messages across a crash, as SQS does', () => {
  it('a message sent, or received and not deleted, is back after a restart under its own id; a deleted one is not', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sqs-journal-'));
    folders.push(folder);
    const journal = join(folder, 'sqs-messages.ndjson');
    const first = await start(journal);
    const work = first.queues.get('Work')!.url;
    const kept = await first.sqs.send(
      new SendMessageCommand({ QueueUrl: work, MessageBody: 'kept', MessageAttributes: { kind: { DataType: 'String', StringValue: 'x' } } }),
    );
    await first.sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: work,
        Entries: [
          { Id: 'a', MessageBody: 'in flight' },
          { Id: 'b', MessageBody: 'done' },
        ],
      }),
    );
    const received = await receiveAll(first, 'Work');
    expect(received.map((m) => m.Body).sort()).toEqual(['done', 'in flight', 'kept']);
    const done = received.find((m) => m.Body === 'done')!;
    await first.sqs.send(new DeleteMessageCommand({ QueueUrl: work, ReceiptHandle: done.ReceiptHandle! }));
    await crash(first);

    const second = await start(journal);
    expect(second.restored).toBe(2);
    const again = await receiveAll(second, 'Work');
    expect(again.map((m) => m.Body).sort()).toEqual(['in flight', 'kept']);
    expect(again.find((m) => m.Body === 'kept')!.MessageId).toBe(kept.MessageId);
    // Processed after the restart: deleted for good.
    for (const message of again) await second.sqs.send(new DeleteMessageCommand({ QueueUrl: work, ReceiptHandle: message.ReceiptHandle! }));
    await crash(second);

    const third = await start(journal);
    expect(third.restored).toBe(0);
    expect(await receiveAll(third, 'Work')).toEqual([]);
  });

  it('a message moved to the dead-letter queue comes back there, not in its source queue', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sqs-journal-'));
    folders.push(folder);
    const journal = join(folder, 'sqs-messages.ndjson');
    const first = await start(journal, 1);
    await first.sqs.send(new SendMessageCommand({ QueueUrl: first.queues.get('Work')!.url, MessageBody: 'poison' }));
    expect(await receiveAll(first, 'Work')).toHaveLength(1);
    // Past maxReceiveCount 1 and its visibility timeout, local-aws-sqs moves it to the DLQ.
    let inDlq: unknown[] = [];
    for (let tries = 0; tries < 40 && inDlq.length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await receiveAll(first, 'Work');
      inDlq = await receiveAll(first, 'WorkDlq');
    }
    expect(inDlq).toHaveLength(1);
    await crash(first);

    const second = await start(journal);
    expect(await receiveAll(second, 'Work')).toEqual([]);
    expect((await receiveAll(second, 'WorkDlq')).map((m) => m.Body)).toEqual(['poison']);
  });

  it('a journal line cut short by the crash is skipped; the lines before it count', () => {
    const folder = mkdtempSync(join(tmpdir(), 'sqs-journal-'));
    folders.push(folder);
    const file = join(folder, 'j.ndjson');
    writeFileSync(file, `${JSON.stringify({ op: 'add', queue: 'Work', id: 'm1', input: { MessageBody: 'one' } })}\n`);
    appendFileSync(file, '{"op":"add","queue":"Work","id":"m2","inp');
    const live = liveMessages(readFileSync(file, 'utf8').split('\n'));
    expect([...(live.get('Work')?.keys() ?? [])]).toEqual(['m1']);
  });
});
