/** A finished file's tables leave the worker's shared DynamoDB Local (tests/support/drop-tables.ts). */
import { describe, expect, it } from 'vitest';
import { localDynamoClient, tableNames } from '../../../infra/local/runtime/dynamodb.js';
import { dropTables } from '../../support/drop-tables.js';
import { createPlatformTable, useDynamoDb } from '../../support/dynamo.js';

const dynamo = useDynamoDb();

async function tablesLeft(): Promise<string[]> {
  const client = localDynamoClient(dynamo.endpoint);
  try {
    return await tableNames(client);
  } finally {
    client.destroy();
  }
}

describe('dropping a finished file’s tables', () => {
  it('drops the tables named, and those under a cloud’s prefix, and no other', async () => {
    const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
    const named = `drop-named-${id}`;
    const prefixed = [`drop-cloud-${id}.Data`, `drop-cloud-${id}.Other`];
    // A prefix is a cloud's folder name and a dot: a longer folder name that starts alike is another cloud.
    const neighbour = `drop-cloud-${id}x.Data`;
    for (const name of [named, ...prefixed, neighbour]) await createPlatformTable(dynamo.endpoint, name, { stream: true });

    await dropTables(dynamo.endpoint, { names: [named] });
    await dropTables(dynamo.endpoint, { prefix: `drop-cloud-${id}.` });

    const left = await tablesLeft();
    expect(left.filter((name) => name.includes(id))).toEqual([neighbour]);
    expect(left).toContain(dynamo.tableName);
    await dropTables(dynamo.endpoint, { names: [neighbour] });
  });
});
