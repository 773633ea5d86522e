/**
 * The local cloud's tables on DynamoDB Local (infra/local/runtime/dynamodb.ts ensureTables): a DATA_DIR made
 * before the table had a stream, or one of its indexes, gets it on the next start, with no reset and
 * no data lost.
 */
import { CreateTableCommand, DescribeTableCommand, GetItemCommand, PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { ensureTables, localDynamoClient } from '../../../infra/local/runtime/dynamodb.js';
import type { TableDef } from '../../../infra/local/runtime/template.js';
import { RETIRED_INDEXES, TABLE_INDEX_NAMES, TABLE_KEYS } from '../../../shared/table.js';
import { createPlatformTable, platformTableBefore, platformTableShape, useDynamoDb } from '../../support/dynamo.js';

const dynamo = useDynamoDb();

function tableDef(name: string): TableDef {
  const shape = platformTableShape();
  return {
    logicalId: name,
    name,
    keySchema: shape.KeySchema,
    attributeDefinitions: shape.AttributeDefinitions,
    globalSecondaryIndexes: shape.GlobalSecondaryIndexes,
    streamViewType: TABLE_KEYS.streamViewType,
  };
}

describe('ensureTables', () => {
  it('switches the stream on for a table created before it had one, then leaves it alone', async () => {
    const name = `no-stream-yet-${Date.now()}`;
    await createPlatformTable(dynamo.endpoint, name, { stream: false });
    const first = await ensureTables(dynamo.endpoint, [tableDef(name)]);
    expect(first.updated).toEqual([`${name} stream`]);
    const client = localDynamoClient(dynamo.endpoint);
    const described = (await client.send(new DescribeTableCommand({ TableName: name }))).Table;
    client.destroy();
    expect(described?.StreamSpecification).toMatchObject({ StreamEnabled: true, StreamViewType: TABLE_KEYS.streamViewType });
    expect(first.streamArns.get(name)).toBe(described?.LatestStreamArn);
    const again = await ensureTables(dynamo.endpoint, [tableDef(name)]);
    expect(again.updated).toEqual([]);
    expect(again.streamArns.get(name)).toBe(described?.LatestStreamArn);
  });

  it('adds byPhoneNumber to a table made before it, and DynamoDB indexes the records already there', async () => {
    const name = `no-phone-index-yet-${Date.now()}`;
    const index = TABLE_KEYS.indexes.byPhoneNumber;
    const client = localDynamoClient(dynamo.endpoint);
    try {
      await client.send(new CreateTableCommand(platformTableBefore('byPhoneNumber', name)));
      // Records as stored before the index: a purchase for a number, and a funding whose phone_number was ''.
      const at = '2025-06-01T10:00:00.000Z';
      await client.send(
        new PutItemCommand({
          TableName: name,
          Item: { pk: { S: 'TXN#P1' }, sk: { S: 'TXN' }, [index.partitionKey]: { S: '08011111111' }, [index.sortKey]: { S: `${at}#P1` } },
        }),
      );
      await client.send(
        new PutItemCommand({
          TableName: name,
          Item: { pk: { S: 'TXN#F1' }, sk: { S: 'TXN' }, [index.partitionKey]: { S: '' }, [index.sortKey]: { S: `${at}#F1` } },
        }),
      );

      const first = await ensureTables(dynamo.endpoint, [tableDef(name)]);
      expect(first.updated).toContain(`${name}.byPhoneNumber`);
      const described = (await client.send(new DescribeTableCommand({ TableName: name }))).Table;
      // Active when ensureTables returns: the functions may query it at once.
      expect(described?.GlobalSecondaryIndexes?.find((i) => i.IndexName === 'byPhoneNumber')).toMatchObject({
        IndexStatus: 'ACTIVE',
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
      });
      const found = await client.send(
        new QueryCommand({
          TableName: name,
          IndexName: 'byPhoneNumber',
          KeyConditionExpression: '#n = :n',
          ExpressionAttributeNames: { '#n': index.partitionKey },
          ExpressionAttributeValues: { ':n': { S: '08011111111' } },
        }),
      );
      expect(found.Items?.map((item) => item.pk?.S)).toEqual(['TXN#P1']);
      // The old funding stays, out of the index (an empty string is no index key).
      expect((await client.send(new GetItemCommand({ TableName: name, Key: { pk: { S: 'TXN#F1' }, sk: { S: 'TXN' } } }))).Item).toBeDefined();

      const again = await ensureTables(dynamo.endpoint, [tableDef(name)]);
      expect(again.updated).toEqual([]);
    } finally {
      client.destroy();
    }
  });

  it('replaces the open index made with every attribute by the keys-only one, and removes the old (every write paid for it)', async () => {
    const name = `open-index-all-${Date.now()}`;
    const client = localDynamoClient(dynamo.endpoint);
    try {
      const before = platformTableBefore('byOpenSinceKeys', name);
      const retired = RETIRED_INDEXES.byOpenSince;
      await client.send(
        new CreateTableCommand({
          ...before,
          AttributeDefinitions: [
            ...before.AttributeDefinitions,
            { AttributeName: retired.partitionKey, AttributeType: 'S' },
            { AttributeName: retired.sortKey, AttributeType: 'S' },
          ],
          GlobalSecondaryIndexes: [
            ...before.GlobalSecondaryIndexes,
            {
              IndexName: 'byOpenSince',
              KeySchema: [
                { AttributeName: retired.partitionKey, KeyType: 'HASH' },
                { AttributeName: retired.sortKey, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          ],
        }),
      );
      const first = await ensureTables(dynamo.endpoint, [tableDef(name)]);
      expect(first.updated).toEqual(expect.arrayContaining([`${name}.byOpenSinceKeys`, `${name}.byOpenSince removed`]));
      const described = (await client.send(new DescribeTableCommand({ TableName: name }))).Table;
      expect(described?.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort()).toEqual([...TABLE_INDEX_NAMES].sort());
      expect((await ensureTables(dynamo.endpoint, [tableDef(name)])).updated).toEqual([]);
    } finally {
      client.destroy();
    }
  });
});
