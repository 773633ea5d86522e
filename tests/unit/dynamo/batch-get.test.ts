/**
 * Items by key on DynamoDB Local: more than one BatchGetItem's 100 keys, in the order asked, keys
 * not found left out, a key asked twice answered twice, and only the attributes asked for.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { batchGetItems } from '../../../functions/adapters/dynamo/batch-get.js';
import { db, tableName } from '../../../functions/adapters/dynamo/client.js';
import { useDynamoDb } from '../../support/dynamo.js';

useDynamoDb();

describe('reading items by key', () => {
  it('answers 150 keys in the order asked, over two calls; a missing key is left out, a repeated one answered each time', async () => {
    const prefix = `BG#${Date.now()}#`;
    for (let n = 0; n < 150; n++) await db().send(new PutCommand({ TableName: tableName(), Item: { pk: `${prefix}${n}`, sk: 'X', n, secret: 'kept behind' } }));
    const order = Array.from({ length: 150 }, (_, n) => (n * 37) % 150);
    const wanted = [...order.map((n) => ({ pk: `${prefix}${n}`, sk: 'X' })), { pk: `${prefix}missing`, sk: 'X' }, { pk: `${prefix}7`, sk: 'X' }];

    const items = await batchGetItems(wanted, { attributes: ['n'], consistent: true });
    expect(items.map((item) => item.n)).toEqual([...order, 7]);
    expect(items[0]).toEqual({ pk: `${prefix}0`, sk: 'X', n: 0 });
  });

  it('rejection: no keys, no call and no items', async () => {
    expect(await batchGetItems([])).toEqual([]);
  });
});
