/** The one SQS client of a function (AWS_ENDPOINT_URL_SQS points it at the local queues). */
import { SQSClient } from '@aws-sdk/client-sqs';
import { withDeadlineGuard } from './deadline-guard.js';
import { withoutSdkLogger } from './sdk-logger.js';

let client: SQSClient | undefined;

export function sqsClient(): SQSClient {
  client ??= withDeadlineGuard(withoutSdkLogger(new SQSClient({ maxAttempts: 3 })));
  return client;
}
