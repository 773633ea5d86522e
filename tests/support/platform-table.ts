/**
 * Points this test process's DynamoDB adapters (functions/adapters/dynamo/*) at the local cloud's
 * own table, so a test can read what the platform wrote. Import the adapters after calling it.
 *
 * A worker runs many files in one process with shared modules (vitest.config.ts), so an earlier
 * file may have pointed the adapters at its own cloud's table: the table's name is set and parsed
 * again on every call. The adapters' DynamoDB client keeps the endpoint it was made with, which is
 * the worker's one DynamoDB Local for every cloud the tests start; a cloud elsewhere is refused.
 */
import { loadEnv } from '../../functions/adapters/environment.js';
import { ENV } from '../../shared/runtime-env.js';
import type { LocalCloud } from './local-cloud.js';

let endpointOfThisProcess: string | undefined;

export async function usePlatformTable(cloud: LocalCloud): Promise<void> {
  if (!cloud.dynamoEndpoint || !cloud.tableName) throw new Error('the local cloud did not print its DynamoDB endpoint and table');
  endpointOfThisProcess ??= cloud.dynamoEndpoint;
  if (cloud.dynamoEndpoint !== endpointOfThisProcess) {
    throw new Error(
      `the adapters of this process use the DynamoDB at ${endpointOfThisProcess}, not this cloud's ${cloud.dynamoEndpoint}: run the file isolated`,
    );
  }
  Object.assign(process.env, {
    TABLE_NAME: cloud.tableName,
    AWS_ENDPOINT_URL_DYNAMODB: cloud.dynamoEndpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
  loadEnv([ENV.tableName]);
}
