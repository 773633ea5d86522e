/**
 * Points this test process's DynamoDB adapters (functions/adapters/dynamo/*) at the local cloud's
 * own table, so a test can read what the platform wrote. Import the adapters after calling it:
 * they read TABLE_NAME and the endpoint when first used.
 */
import type { LocalCloud } from './local-cloud.js';

export async function usePlatformTable(cloud: LocalCloud): Promise<void> {
  if (process.env.TABLE_NAME) return;
  if (!cloud.dynamoEndpoint || !cloud.tableName) throw new Error('the local cloud did not print its DynamoDB endpoint and table');
  Object.assign(process.env, {
    TABLE_NAME: cloud.tableName,
    AWS_ENDPOINT_URL_DYNAMODB: cloud.dynamoEndpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
}
