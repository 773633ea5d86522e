/**
 * SQS on loopback (`local-aws-sqs`, pure JS) and the queues of the template. The server keeps
 * messages in memory; `keepMessagesIn(file)` journals them (sqs-journal.ts) so they outlive a crash.
 *
 * local-aws-sqs moves a message to the dead-letter queue itself once its receive count reached
 * maxReceiveCount and its visibility timeout ran out, so redrive is the server's job, as on AWS.
 */
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import { CreateQueueCommand, GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createRequestHandler } from 'local-aws-sqs';
import { SqsJournal, type JournaledQueue } from './sqs-journal.js';
import { withoutSdkLogger } from '../../../functions/adapters/aws/sdk-logger.js';
import { LOCAL_ACCOUNT, LOCAL_REGION, localArn, type QueueDef } from './template.js';
import { freePort } from '../util.js';

export interface LocalSqs {
  endpoint: string;
  port: number;
  /**
   * Resolves when a message is sent to any queue, or after `maxMs`. Lets pollers sleep while idle
   * yet pick a new message up at once (polling every 25 ms cost a fifth of a CPU core doing nothing).
   */
  waitForSend(maxMs: number): Promise<void>;
  /**
   * Makes the queues created so far durable in `file`: the messages it holds from an earlier run
   * are back in their queues, and what they accept or delete from now on is recorded there.
   */
  keepMessagesIn(file: string): { restored: number };
  stop(): Promise<void>;
}

export interface LocalQueue {
  logicalId: string;
  name: string;
  url: string;
  arn: string;
  def: QueueDef;
}

export function localSqsClient(endpoint: string): SQSClient {
  return withoutSdkLogger(new SQSClient({ endpoint, region: LOCAL_REGION, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 2 }));
}

export async function startLocalSqs(options: { port?: number } = {}): Promise<LocalSqs> {
  const port = options.port ?? (await freePort());
  const { requestHandler, service } = createRequestHandler({
    port,
    hostname: '127.0.0.1',
    region: LOCAL_REGION,
    accountId: LOCAL_ACCOUNT,
    // Queues are recreated on every start (their messages come back from the journal); AWS's 60 s re-creation delay would only get in the way.
    emulateQueueCreationLifecycle: false,
  });
  const sends = new EventEmitter();
  sends.setMaxListeners(0);
  // What createSqsServer does, plus noticing sends (JSON protocol target or query-protocol Action).
  const server = createServer((req, res) => {
    const target = String(req.headers['x-amz-target'] ?? '');
    if (target.startsWith('AmazonSQS.SendMessage') || /[?&]Action=SendMessage/.test(req.url ?? '')) res.once('finish', () => sends.emit('send'));
    void requestHandler(req, res);
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolveListen());
  });
  service.PORT = port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    waitForSend: (maxMs) =>
      new Promise<void>((resolveWait) => {
        const done = () => {
          clearTimeout(timer);
          sends.off('send', done);
          resolveWait();
        };
        const timer = setTimeout(done, maxMs);
        sends.once('send', done);
      }),
    keepMessagesIn: (file) => {
      const restored = new SqsJournal(file).attach(service.Queues as unknown as JournaledQueue[]);
      if (restored.restored) sends.emit('send');
      return restored;
    },
    stop: () =>
      new Promise<void>((resolveStop) => {
        sends.emit('send');
        server.close(() => resolveStop());
        server.closeAllConnections();
      }),
  };
}

/**
 * Creates the template's queues, dead-letter queues first (a redrive policy must name an existing
 * queue). `visibilityTimeoutOverrideSeconds` shortens every queue's timeout (tests of retries).
 */
export async function createQueues(
  endpoint: string,
  queues: QueueDef[],
  options: { visibilityTimeoutOverrideSeconds?: number } = {},
): Promise<Map<string, LocalQueue>> {
  const client = localSqsClient(endpoint);
  const result = new Map<string, LocalQueue>();
  const arnOf = (q: QueueDef) => localArn('sqs', q.name);
  const ordered = [...queues].sort((a, b) => Number(Boolean(a.redrive)) - Number(Boolean(b.redrive)));
  try {
    for (const queue of ordered) {
      const attributes: Record<string, string> = {
        VisibilityTimeout: String(options.visibilityTimeoutOverrideSeconds ?? queue.visibilityTimeoutSeconds),
      };
      if (queue.messageRetentionSeconds !== undefined) attributes.MessageRetentionPeriod = String(queue.messageRetentionSeconds);
      if (queue.fifo) attributes.FifoQueue = 'true';
      if (queue.redrive) {
        const dlq = queues.find((q) => q.logicalId === queue.redrive!.deadLetterQueueLogicalId)!;
        attributes.RedrivePolicy = JSON.stringify({ deadLetterTargetArn: arnOf(dlq), maxReceiveCount: queue.redrive.maxReceiveCount });
      }
      let url: string;
      try {
        url = (await client.send(new CreateQueueCommand({ QueueName: queue.name, Attributes: attributes }))).QueueUrl!;
      } catch (error) {
        if ((error as Error).name !== 'QueueAlreadyExists' && (error as Error).name !== 'QueueNameExists') throw error;
        url = (await client.send(new GetQueueUrlCommand({ QueueName: queue.name }))).QueueUrl!;
      }
      result.set(queue.logicalId, { logicalId: queue.logicalId, name: queue.name, url, arn: arnOf(queue), def: queue });
    }
  } finally {
    client.destroy();
  }
  return result;
}
