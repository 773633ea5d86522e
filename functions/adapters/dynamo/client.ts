/**
 * The DynamoDB document client and table name. The SDK picks up AWS_ENDPOINT_URL_DYNAMODB,
 * so the same code talks to DynamoDB Local, LocalStack or AWS.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENV } from '../../../shared/runtime-env.js';
import { addRequestCounting, type DynamoRequestTally } from '../aws/dynamo-requests.js';
import { addWriteNotification } from '../aws/dynamo-writes.js';
import { withDeadlineGuard } from '../aws/deadline-guard.js';
import { withoutSdkLogger } from '../aws/sdk-logger.js';
import { env } from '../environment.js';

let documentClient: DynamoDBDocumentClient | undefined;
let requestTally: DynamoRequestTally | undefined;
let writeListener: (() => void) | undefined;

export function db(): DynamoDBDocumentClient {
  documentClient ??= createDocumentClient();
  return documentClient;
}

function createDocumentClient(): DynamoDBDocumentClient {
  const client = withDeadlineGuard(withoutSdkLogger(new DynamoDBClient({ maxAttempts: 3 })));
  if (requestTally) addRequestCounting(client.middlewareStack, requestTally);
  if (writeListener) addWriteNotification(client.middlewareStack, writeListener);
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } });
}

/** The benchmark's hook: every later request through `db()` is reported to `tally` (see ../aws/dynamo-requests.ts). */
export function countDynamoRequests(tally: DynamoRequestTally): void {
  requestTally = tally;
  documentClient = undefined;
}

/** The local cloud's hook: `listener` runs after every later successful write through `db()` (see ../aws/dynamo-writes.ts). */
export function onDynamoWrites(listener: () => void): void {
  writeListener = listener;
  documentClient = undefined;
}

export function tableName(): string {
  return env(ENV.tableName);
}
