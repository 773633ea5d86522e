/**
 * Idempotent puts on DynamoDB Local: more than one BatchWriteItem's 25 items, a key put twice in one
 * call kept once (its last put), and a later put writing the item whole again.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { batchPutItems } from '../../../functions/adapters/dynamo/batch-put.js';
import { db, tableName } from '../../../functions/adapters/dynamo/client.js';
import { useDynamoDb } from '../../support/dynamo.js';

useDynamoDb();

const read = async (pk: string) => (await db().send(new GetCommand({ TableName: tableName(), Key: { pk, sk: 'X' }, ConsistentRead: true }))).Item;

describe('putting items whole, a batch at a time', () => {
  it('puts 60 items over three calls; a key named twice in one call keeps its last put; each later put writes the item whole again', async () => {
    const prefix = `BP#${Date.now()}#`;
    const items = Array.from({ length: 60 }, (_, n) => ({ pk: `${prefix}${n}`, sk: 'X', n }));
    await batchPutItems([...items, { pk: `${prefix}7`, sk: 'X', n: 700 }]);
    expect(await read(`${prefix}59`)).toEqual({ pk: `${prefix}59`, sk: 'X', n: 59 });
    expect((await read(`${prefix}7`))?.n).toBe(700);

    await batchPutItems(items);
    expect((await read(`${prefix}7`))?.n).toBe(7);
    expect((await read(`${prefix}0`))?.n).toBe(0);
  });

  it('rejection: no items, no call', async () => {
    await expect(batchPutItems([])).resolves.toBeUndefined();
  });
});
