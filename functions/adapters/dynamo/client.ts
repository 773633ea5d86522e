/**
 * The DynamoDB document client and table name. The SDK picks up AWS_ENDPOINT_URL_DYNAMODB,
 * so the same code talks to DynamoDB Local, LocalStack or AWS.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ENV } from '../../../shared/runtime-env.js';
import { env } from '../config.js';

let documentClient: DynamoDBDocumentClient | undefined;

export function db(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({ maxAttempts: 3 }), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return documentClient;
}

export function tableName(): string {
  return env(ENV.tableName);
}
