/**
 * Durable local queues: local-aws-sqs keeps messages in memory only, so a crash of the local
 * cloud lost every message not yet deleted, which SQS would have kept (a fulfilment hand-off, a
 * webhook delivery, a payout). This journal makes the queues survive a restart on the same
 * DATA_DIR, as they survive anything on AWS:
 *   - every message a queue accepts (a send, or a move to its dead-letter queue) is appended to
 *     `sqs-messages.ndjson` before the sender hears "accepted" (local-aws-sqs stores it
 *     synchronously inside the request), and every delete is appended after it happened;
 *   - on start, the messages still live are put back in their queues under their own message ids,
 *     visible at once (their receipt handles died with the process, as a crashed consumer's do
 *     when its visibility timeout runs out), and the file is rewritten with only them.
 * Receive counts start again at 0 after a restart (AWS would keep them): a message may thus get a
 * few more tries before its dead-letter queue than on AWS.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The parts of a local-aws-sqs queue the journal hooks (public members of its Queue class). */
export interface JournaledQueue {
  QueueName: string;
  setRecord: (input: Record<string, unknown>, messageId?: string) => { record: { MessageId: string } };
  delete(receiptHandle: string): boolean;
}

type Entry = { op: 'add'; queue: string; id: string; input: Record<string, unknown> } | { op: 'del'; queue: string; id: string };

/** The message id a local-aws-sqs receipt handle stands for (base64 of a prefix and JSON naming it). */
export function messageIdOfReceipt(receiptHandle: string): string | undefined {
  try {
    const text = Buffer.from(receiptHandle, 'base64').toString('utf8');
    const parsed = JSON.parse(text.slice(text.indexOf('{'))) as { MessageId?: unknown };
    return typeof parsed.MessageId === 'string' ? parsed.MessageId : undefined;
  } catch {
    return undefined;
  }
}

/** What is live per queue after replaying the journal's lines in order. */
export function liveMessages(lines: readonly string[]): Map<string, Map<string, Record<string, unknown>>> {
  const live = new Map<string, Map<string, Record<string, unknown>>>();
  const of = (queue: string) => live.get(queue) ?? live.set(queue, new Map()).get(queue)!;
  for (const line of lines) {
    if (!line.trim()) continue;
    let entry: Entry;
    try {
      entry = JSON.parse(line) as Entry;
    } catch {
      // A line cut short by the crash: its send never returned to the sender either.
      continue;
    }
    if (entry.op === 'add') {
      // A message moved to a dead-letter queue keeps its id and leaves its source queue.
      for (const [name, messages] of live) if (name !== entry.queue) messages.delete(entry.id);
      of(entry.queue).set(entry.id, entry.input);
    } else {
      of(entry.queue).delete(entry.id);
    }
  }
  return live;
}

export class SqsJournal {
  private readonly hooked = new WeakSet<object>();

  constructor(private readonly file: string) {}

  /**
   * Puts the messages the journal holds back into `queues` (by name), rewrites the journal with
   * only them, and from now on records every message each queue accepts or deletes.
   */
  attach(queues: readonly JournaledQueue[]): { restored: number } {
    const lines = existsSync(this.file) ? readFileSync(this.file, 'utf8').split('\n') : [];
    const live = liveMessages(lines);
    const kept: Entry[] = [];
    let restored = 0;
    for (const queue of queues) {
      for (const [id, input] of live.get(queue.QueueName) ?? []) {
        // Visible at once: it was in flight or waiting when the process died.
        const { DelaySeconds: _delay, ...again } = input;
        queue.setRecord(again, id);
        kept.push({ op: 'add', queue: queue.QueueName, id, input });
        restored++;
      }
    }
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(`${this.file}.tmp`, kept.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    renameSync(`${this.file}.tmp`, this.file);
    for (const queue of queues) this.hook(queue);
    return { restored };
  }

  private append(entry: Entry): void {
    appendFileSync(this.file, `${JSON.stringify(entry)}\n`);
  }

  private hook(queue: JournaledQueue): void {
    if (this.hooked.has(queue)) return;
    this.hooked.add(queue);
    const setRecord = queue.setRecord;
    queue.setRecord = (input, messageId) => {
      const stored = setRecord(input, messageId);
      this.append({ op: 'add', queue: queue.QueueName, id: stored.record.MessageId, input: withoutQueueUrl(input) });
      return stored;
    };
    const remove = queue.delete.bind(queue);
    queue.delete = (receiptHandle) => {
      const removed = remove(receiptHandle);
      const id = messageIdOfReceipt(receiptHandle);
      if (removed && id) this.append({ op: 'del', queue: queue.QueueName, id });
      return removed;
    };
  }
}

function withoutQueueUrl(input: Record<string, unknown>): Record<string, unknown> {
  const { QueueUrl: _url, Id: _id, ...message } = input;
  return message;
}
