/** Every SQS sender: fulfilment, money in and out, admins' mailings (AWS_ENDPOINT_URL_SQS points them at the local queues). */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { FulfilmentMessage, MailingMessage, PayoutMessage } from '../../shared/events.js';
import { ENV } from '../../shared/runtime-env.js';
import type { FulfilmentQueue } from '../domain/purchases/messaging-port.js';
import type { PayoutQueue, ProviderEventQueue } from '../domain/money/payments-port.js';
import { sqsClient } from './aws/sqs-client.js';
import { env } from './environment.js';

async function send(queueUrl: string, message: unknown): Promise<void> {
  await sqsClient().send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message) }));
}

export function sqsProviderEventQueue(queueUrl: () => string = () => env(ENV.providerEventsQueueUrl)): ProviderEventQueue {
  return { enqueue: (message) => send(queueUrl(), message) };
}

export function sqsPayoutQueue(queueUrl: () => string = () => env(ENV.payoutQueueUrl)): PayoutQueue {
  return { enqueue: (transactionId) => send(queueUrl(), { transactionId } satisfies PayoutMessage) };
}

export function sqsMailingQueue(queueUrl: () => string = () => env(ENV.mailingQueueUrl)): { enqueueMailing(job: MailingMessage): Promise<void> } {
  return { enqueueMailing: (job) => send(queueUrl(), job) };
}

export function sqsFulfilmentQueue(queueUrl: () => string = () => env(ENV.fulfilmentQueueUrl)): FulfilmentQueue {
  return {
    async enqueue(transactionId, options) {
      const message: FulfilmentMessage = {
        transactionId,
        ...(options?.recheck ? { recheck: options.recheck } : {}),
        ...(options?.purchase ? { purchase: options.purchase } : {}),
      };
      await send(queueUrl(), message);
    },
  };
}
