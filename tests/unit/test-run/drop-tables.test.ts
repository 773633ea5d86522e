/** A finished file's tables leave the worker's shared DynamoDB Local (tests/support/drop-tables.ts). */
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { localDynamoClient } from '../../../infra/local/dynamodb.js';
import { dropTables } from '../../support/drop-tables.js';
import { createPlatformTable, useDynamoDb } from '../../support/dynamo.js';

const dynamo = useDynamoDb();

async function tableNames(): Promise<string[]> {
  const client = localDynamoClient(dynamo.endpoint);
  try {
    const names: string[] = [];
    let start: string | undefined;
    do {
      const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
      names.push(...(page.TableNames ?? []));
      start = page.LastEvaluatedTableName;
    } while (start);
    return names;
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

    const left = await tableNames();
    expect(left.filter((name) => name.includes(id))).toEqual([neighbour]);
    expect(left).toContain(dynamo.tableName);
    await dropTables(dynamo.endpoint, { names: [neighbour] });
  });
});
