/** The fulfilment queue on SQS (AWS_ENDPOINT_URL_SQS points it at the local queue). */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { FulfilmentMessage } from '../../shared/events.js';
import { ENV } from '../../shared/runtime-env.js';
import type { FulfilmentQueue } from '../ports/messaging.js';
import { sqsClient } from './aws/sqs-client.js';
import { env } from './config.js';

export function sqsFulfilmentQueue(queueUrl: () => string = () => env(ENV.fulfilmentQueueUrl)): FulfilmentQueue {
  return {
    async enqueue(transactionId, options) {
      const message: FulfilmentMessage = {
        transactionId,
        ...(options?.recheck ? { recheck: options.recheck } : {}),
        ...(options?.purchase ? { purchase: options.purchase } : {}),
      };
      await sqsClient().send(new SendMessageCommand({ QueueUrl: queueUrl(), MessageBody: JSON.stringify(message) }));
    },
  };
}
