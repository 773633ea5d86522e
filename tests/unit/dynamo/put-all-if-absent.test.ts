/**
 * Seeding rows unless they exist, on DynamoDB Local: a transaction per hundred rows instead of a
 * request per row, and an existing row is never overwritten (an admin's edit survives every start).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../../functions/adapters/dynamo/client.js';
import { putAllIfAbsent } from '../../../functions/adapters/dynamo/conditional-writes.js';
import { useDynamoDb, withDynamoMiddleware, type TestMiddleware } from '../../support/dynamo.js';

useDynamoDb();

/** Runs `work`, answering the names of the DynamoDB commands it sent. */
async function commandsOf(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const counting: TestMiddleware = (next, context) => (args) => {
    sent.push(context.commandName ?? '?');
    return next(args);
  };
  await withDynamoMiddleware(counting, work);
  return sent;
}

const rows = (prefix: string, count: number) => Array.from({ length: count }, (_, n) => ({ pk: `${prefix}${n}`, sk: 'ROW', n, price: 100 }));

describe('putting rows unless they exist', () => {
  it('writes 150 absent rows in two transactions and says each was created', async () => {
    const items = rows(`SEED#${Date.now()}#`, 150);
    let created: boolean[] = [];
    const sent = await commandsOf(async () => (created = await putAllIfAbsent(items, 'test seed')));
    expect(sent).toEqual(['TransactWriteItemsCommand', 'TransactWriteItemsCommand']);
    expect(created).toEqual(items.map(() => true));
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: items[149]!.pk, sk: 'ROW' } }));
    expect(Item).toEqual(items[149]);
  });

  it('rejection: rows that exist are left as they are and reported not created; the others are still written', async () => {
    const items = rows(`SEED#${Date.now()}#edited#`, 5);
    // An admin changed two of them before this start.
    for (const index of [1, 3]) await db().send(new PutCommand({ TableName: tableName(), Item: { ...items[index], price: 999 } }));

    const created = await putAllIfAbsent(items, 'test seed');
    expect(created).toEqual([true, false, true, false, true]);
    for (const [index, price] of [
      [1, 999],
      [3, 999],
      [4, 100],
    ] as const) {
      const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: items[index]!.pk, sk: 'ROW' } }));
      expect(Item?.price, `row ${index}`).toBe(price);
    }
    // A second start creates nothing.
    expect(await putAllIfAbsent(items, 'test seed')).toEqual(items.map(() => false));
  });
});
