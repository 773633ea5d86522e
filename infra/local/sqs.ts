/**
 * SQS on loopback (`local-aws-sqs`, pure JS, in memory) and the queues of the template.
 *
 * local-aws-sqs moves a message to the dead-letter queue itself once its receive count reached
 * maxReceiveCount and its visibility timeout ran out, so redrive is the server's job, as on AWS.
 */
import type { Server } from 'node:http';
import { CreateQueueCommand, GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createSqsServer } from 'local-aws-sqs';
import { LOCAL_ACCOUNT, LOCAL_REGION, localArn, type QueueDef } from './template.js';
import { freePort } from './util.js';

export interface LocalSqs {
  endpoint: string;
  port: number;
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
  return new SQSClient({ endpoint, region: LOCAL_REGION, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 2 });
}

export async function startLocalSqs(options: { port?: number } = {}): Promise<LocalSqs> {
  const port = options.port ?? (await freePort());
  const server: Server = await createSqsServer({
    port,
    hostname: '127.0.0.1',
    region: LOCAL_REGION,
    accountId: LOCAL_ACCOUNT,
    // Queues are recreated on every start (messages are in memory); AWS's 60 s re-creation delay would only get in the way.
    emulateQueueCreationLifecycle: false,
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolveStop) => {
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
