/**
 * Vitest global setup: a DynamoDB Local (in memory) per worker for the unit files, instead of one Java
 * per file. Each file creates a table of its own in its worker's one (useDynamoDb), so files share the
 * process and nothing else. The local clouds of the integration and browser files each use a DynamoDB
 * Local of their file's own (tests/support/local-cloud.ts).
 */
import { prepareDynamoDbLocalArchive, startDynamoDbLocal } from '../../infra/local/dynamodb.js';
import { SHARED_DYNAMODB_ENV, TEST_WORKERS } from './shared-resources.js';

export default async function setup(): Promise<(() => Promise<void>) | void> {
  if (process.env[SHARED_DYNAMODB_ENV]) return;
  // Once per machine: every DynamoDB Local of the run (one per integration and browser file) then starts from it.
  await prepareDynamoDbLocalArchive();
  const instances = await Promise.all(Array.from({ length: TEST_WORKERS }, () => startDynamoDbLocal({ startTimeoutMs: 120_000 })));
  process.env[SHARED_DYNAMODB_ENV] = instances.map((dynamo) => dynamo.endpoint).join(',');
  return async () => {
    delete process.env[SHARED_DYNAMODB_ENV];
    await Promise.all(instances.map((dynamo) => dynamo.stop()));
  };
}
