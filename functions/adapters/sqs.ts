/** The fulfilment queue on SQS (AWS_ENDPOINT_URL_SQS points it at the local queue). */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { FulfilmentMessage } from '../../shared/events.js';
import { ENV } from '../../shared/runtime-env.js';
import type { FulfilmentQueue } from '../ports/messaging.js';
import { env } from './config.js';

let client: SQSClient | undefined;

export function sqsFulfilmentQueue(queueUrl: () => string = () => env(ENV.fulfilmentQueueUrl)): FulfilmentQueue {
  return {
    async enqueue(transactionId, options) {
      client ??= new SQSClient({ maxAttempts: 3 });
      const message: FulfilmentMessage = {
        transactionId,
        ...(options?.recheck ? { recheck: options.recheck } : {}),
        ...(options?.purchase ? { purchase: options.purchase } : {}),
      };
      await client.send(new SendMessageCommand({ QueueUrl: queueUrl(), MessageBody: JSON.stringify(message) }));
    },
  };
}
