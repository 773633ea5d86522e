/**
 * The local cloud's tables on DynamoDB Local (infra/local/dynamodb.ts ensureTables): a DATA_DIR made
 * before the table had a stream gets one on the next start, with no reset and no data lost.
 */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { ensureTables, localDynamoClient } from '../../../infra/local/dynamodb.js';
import type { TableDef } from '../../../infra/local/template.js';
import { TABLE_KEYS } from '../../../shared/table.js';
import { createPlatformTable, platformTableShape, useDynamoDb } from '../../support/dynamo.js';

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
});
