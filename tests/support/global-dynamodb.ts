/**
 * Vitest global setup: one DynamoDB Local (in memory) for the unit files, instead of one Java per
 * file. Each file creates a table of its own in it (useDynamoDb), so files share the process and
 * nothing else. The local clouds of the integration and browser files each use a DynamoDB Local of
 * their file's own (tests/support/local-cloud.ts).
 */
import { startDynamoDbLocal } from '../../infra/local/dynamodb.js';
import { SHARED_DYNAMODB_ENV } from './shared-resources.js';

export default async function setup(): Promise<(() => Promise<void>) | void> {
  if (process.env[SHARED_DYNAMODB_ENV]) return;
  const dynamo = await startDynamoDbLocal({ startTimeoutMs: 120_000 });
  process.env[SHARED_DYNAMODB_ENV] = dynamo.endpoint;
  return async () => {
    delete process.env[SHARED_DYNAMODB_ENV];
    await dynamo.stop();
  };
}
