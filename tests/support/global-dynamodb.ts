/**
 * Vitest global setup: one DynamoDB Local (in memory) for the whole test run, instead of one Java
 * per test file. Each file creates tables of its own in it (useDynamoDb, and every local cloud under
 * its own table prefix), so files share the process and nothing else. Several projects list this
 * setup; the first one starts the instance and the others find it already running.
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
