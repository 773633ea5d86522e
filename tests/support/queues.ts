/**
 * A positive signal for "nothing more happens": the local cloud journals every message its queues
 * accept and every delete (`sqs-messages.ndjson` in DATA_DIR, infra/local/runtime/sqs-journal.ts),
 * so a queue with no live message has finished everything sent to it. A message left for a retry
 * (a failed batch item waiting out its visibility timeout) is still live, and a rule's event is in
 * its target queue before PutEvents answers. So once a test has seen what must happen, waiting for
 * the queues that carry it to empty lets every straggler (a redelivery, a duplicate) come and go:
 * what is counted after that is final, however slow the machine.
 *
 *   await waitForQueuesToEmpty(cloud(), ['Email', 'Mailing']);
 *   expect(await mailsWith(subject)).toHaveLength(1);
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { liveMessages } from '../../infra/local/runtime/sqs-journal.js';
import type { LocalCloud } from './local-cloud.js';

/** The stack's work queues by the name they are made with (infra/stack/stack.ts `queueWithDlq`). */
export type WorkQueue =
  | 'Fulfilment'
  | 'Email'
  | 'Webhook'
  | 'PasswordReset'
  | 'Mailing'
  | 'ProviderEvents'
  | 'Payouts'
  | 'ReferralRewards'
  | 'ReservedAccounts';

/** A work queue's logical id (its local name) starts with `<name>Queue`; its dead-letter queue's with `<name>DeadLetterQueue`. */
const isWorkQueue = (queueName: string, wanted?: readonly WorkQueue[]): boolean =>
  wanted ? wanted.some((name) => queueName.startsWith(`${name}Queue`)) : /^[A-Za-z]+Queue/.test(queueName) && !/DeadLetter/.test(queueName);

/** Messages sent and not yet deleted, per work queue that has any (all work queues, or only `queues`). */
export function liveQueueMessages(cloud: LocalCloud, queues?: readonly WorkQueue[]): Record<string, number> {
  const journal = join(cloud.dataDir, 'sqs-messages.ndjson');
  // Written at start (emptied of what was handled): without it, "nothing live" would prove nothing.
  if (!existsSync(journal)) throw new Error(`the local cloud keeps no queue journal at ${journal}`);
  const lines = readFileSync(journal, 'utf8').split('\n');
  const live: Record<string, number> = {};
  for (const [queueName, messages] of liveMessages(lines)) {
    if (messages.size > 0 && isWorkQueue(queueName, queues)) live[queueName] = messages.size;
  }
  return live;
}

/** Waits until the work queues (all, or `queues`) hold no live message: everything sent to them so far has been handled. */
export async function waitForQueuesToEmpty(cloud: LocalCloud, queues?: readonly WorkQueue[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const live = liveQueueMessages(cloud, queues);
    if (Object.keys(live).length === 0) return;
    if (Date.now() > deadline) throw new Error(`queues still hold messages after ${timeoutMs} ms: ${JSON.stringify(live)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
