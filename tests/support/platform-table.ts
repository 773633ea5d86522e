/**
 * Points this test process's DynamoDB adapters (functions/adapters/dynamo/*) at the local cloud's
 * own table, so a test can read what the platform wrote. Import the adapters after calling it:
 * they read TABLE_NAME and the endpoint when first used.
 */
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { localDynamoClient } from '../../infra/local/dynamodb.js';
import type { LocalCloud } from './local-cloud.js';

export async function usePlatformTable(cloud: LocalCloud): Promise<void> {
  if (process.env.TABLE_NAME) return;
  const endpoint = /DynamoDB:\s+(http:\/\/\S+)/.exec(cloud.output())?.[1];
  if (!endpoint) throw new Error('the local cloud did not print its DynamoDB endpoint');
  const client = localDynamoClient(endpoint);
  const tables = (await client.send(new ListTablesCommand({}))).TableNames ?? [];
  client.destroy();
  if (tables.length !== 1) throw new Error(`expected the platform's one table, found ${JSON.stringify(tables)}`);
  Object.assign(process.env, {
    TABLE_NAME: tables[0],
    AWS_ENDPOINT_URL_DYNAMODB: endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
}
