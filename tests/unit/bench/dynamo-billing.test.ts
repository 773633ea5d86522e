/**
 * The bench's billed write units (tests/bench/dynamo-billing.ts): DynamoDB Local reports a
 * TransactWriteItems as 4 units whatever its items, so the cost line computes them by DynamoDB's rule.
 */
import { describe, expect, it } from 'vitest';
import { billedWriteUnits, growthUnits, indexWriteUnits, ItemSizes, itemSize, keyIdOf, updatedItems } from '../../bench/dynamo-billing.js';
import { COST_GOAL_USD, purchaseCost } from '../../bench/cost.js';

const sizes = () => new ItemSizes(['pk', 'sk']);
const small = (pk: string) => ({ pk, sk: 'X', n: 1 });

describe('write units as DynamoDB bills them', () => {
  it('sizes an item by its attribute names and values, in the plain and the marshalled form alike', () => {
    expect(itemSize({ pk: 'ab', n: 12345 })).toBe(2 + 2 + 1 + 4);
    expect(itemSize({ pk: { S: 'ab' }, n: { N: '12345' } })).toBe(itemSize({ pk: 'ab', n: 12345 }));
  });

  it('a transaction costs 2 per started KB of each item: 1, 2 and 10 small updates cost 2, 4 and 20 (DynamoDB Local says 4 for each)', () => {
    const update = (pk: string) => ({ Update: { TableName: 't', Key: { pk, sk: 'X' } } });
    for (const n of [1, 2, 10]) {
      expect(billedWriteUnits('TransactWriteItems', { TransactItems: Array.from({ length: n }, (_, i) => update(`U${i}`)) }, sizes())).toBe(2 * n);
    }
  });

  it('a put is billed on its size, and a later update of the same item on the size put (1 KB when never seen)', () => {
    const seen = sizes();
    const big = { pk: 'T1', sk: 'TXN', blob: 'x'.repeat(1500) };
    expect(
      billedWriteUnits(
        'TransactWriteItems',
        { TransactItems: [{ Put: { TableName: 't', Item: big } }, { ConditionCheck: { TableName: 't', Key: { pk: 'L', sk: 'X' } } }] },
        seen,
      ),
    ).toBe(4 + 2);
    expect(billedWriteUnits('UpdateItem', { TableName: 't', Key: { pk: 'T1', sk: 'TXN' } }, seen)).toBe(2);
    expect(billedWriteUnits('PutItem', { TableName: 't', Item: small('A') }, seen)).toBe(1);
    expect(billedWriteUnits('GetItem', { TableName: 't', Key: { pk: 'A', sk: 'X' } }, seen)).toBeUndefined();
  });

  it('an update that grows its item into another KB is billed on the size after: the growth, at the price per KB of where it was written', () => {
    const before = { pk: { S: 'T1' }, sk: { S: 'TXN' }, blob: { S: 'x'.repeat(900) } };
    const after = { ...before, attempts: { S: 'y'.repeat(300) } };
    expect(growthUnits(before, after, 2)).toBe(2);
    expect(growthUnits(before, after, 1)).toBe(1);
    expect(updatedItems('TransactWriteItems', { TransactItems: [{ Update: { Key: { pk: 'T1', sk: 'TXN' } } }, { Put: { Item: small('A') } }] })).toEqual([
      { key: { pk: 'T1', sk: 'TXN' }, unitsPerKb: 2 },
    ]);
    expect(updatedItems('UpdateItem', { Key: { pk: 'T1', sk: 'TXN' } })).toEqual([{ key: { pk: 'T1', sk: 'TXN' }, unitsPerKb: 1 }]);
    // The stream names an item by its marshalled keys, a request by its plain ones: the same item.
    expect(keyIdOf({ sk: { S: 'TXN' }, pk: { S: 'T1' } })).toBe(keyIdOf({ pk: 'T1', sk: 'TXN' }));
  });

  it('rejects: an update within its KB, a shrinking one, a new item or a removal costs nothing more', () => {
    const before = { pk: 'T1', sk: 'TXN', blob: 'x'.repeat(100) };
    expect(growthUnits(before, { ...before, more: 'y'.repeat(200) }, 2)).toBe(0);
    expect(growthUnits({ ...before, blob: 'x'.repeat(2000) }, before, 2)).toBe(0);
    expect(growthUnits(undefined, before, 2)).toBe(0);
    expect(growthUnits(before, undefined, 2)).toBe(0);
    expect(updatedItems('PutItem', { Item: before })).toEqual([]);
  });
});

describe('the cost per 1M purchases', () => {
  it('adds each service at list price from the per-purchase figures, the writes as billed', () => {
    const window = {
      'Purchases POST /api/v1/buy/airtime': {
        TransactWriteItems: { count: 1, readUnits: 0, writeUnits: 4, billedWriteUnits: 10 },
        '@lambda': { count: 1, readUnits: 0, writeUnits: 0, ms: 100, gbMs: 100 },
      },
      'Fulfilment sqs': { '@lambda': { count: 1, readUnits: 0, writeUnits: 0, ms: 200, gbMs: 100 }, '@events': { count: 1, readUnits: 0, writeUnits: 0 } },
    };
    const cost = purchaseCost(window, 1);
    expect(cost.perPurchase).toMatchObject({ writeUnits: 10, gbSeconds: 0.2, invocations: 2, sqsRequests: 2, events: 1, httpRequests: 1 });
    expect(cost.byService.dynamodb).toBeCloseTo(6.25);
    expect(cost.byService.lambda).toBeCloseTo(0.2 * 13.3334 + 0.4);
    expect(cost.byService.sqs).toBeCloseTo(0.8);
    expect(cost.byService.eventbridge).toBeCloseTo(1);
    expect(cost.byService.httpApi).toBeCloseTo(1);
    expect(COST_GOAL_USD).toBe(16);
  });
});

describe('index write units as DynamoDB bills them, from a change before and after', () => {
  const indexes = {
    all: { partitionKey: 'g1', sortKey: 's1', projection: 'ALL' },
    keys: { partitionKey: 'g2', sortKey: 's1', projection: 'KEYS_ONLY' },
    some: { partitionKey: 'g3', sortKey: 's3', projection: 'INCLUDE', nonKeyAttributes: ['status'] },
  } as const;
  const units = (before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined) =>
    indexWriteUnits(before, after, indexes, ['pk', 'sk']);
  const record = { pk: 'T', sk: 'TXN', g1: 'U', s1: '1', g2: 'N', g3: 'OPEN', s3: '1', status: 'processing', note: 'a' };

  it('a new item costs one entry in each index whose keys it has, its projection sized', () => {
    expect(units(undefined, record)).toBe(3);
    expect(units(undefined, { ...record, g2: undefined, g3: undefined })).toBe(1);
    expect(units(undefined, { ...record, note: 'x'.repeat(1500) })).toBe(2 + 1 + 1);
  });

  it('an update rewrites only the indexes projecting what changed; keys only and INCLUDE skip the rest', () => {
    expect(units(record, { ...record, note: 'b' })).toBe(1);
    expect(units(record, { ...record, status: 'success' })).toBe(2);
    expect(units(record, record)).toBe(0);
  });

  it('an index key that changes costs the old entry removed and the new one added; a key removed costs the removal', () => {
    expect(units(record, { ...record, s1: '2' })).toBe(2 + 2);
    expect(units(record, { ...record, g3: undefined, s3: undefined })).toBe(1 + 1);
    expect(units(record, undefined)).toBe(3);
  });

  it("reads the stream's marshalled images alike, whatever the order of their attributes", () => {
    const marshalled = { status: { S: 'processing' }, pk: { S: 'T' }, sk: { S: 'TXN' }, g3: { S: 'OPEN' }, s3: { S: '1' } };
    expect(
      indexWriteUnits(marshalled, { pk: { S: 'T' }, sk: { S: 'TXN' }, s3: { S: '1' }, g3: { S: 'OPEN' }, status: { S: 'processing' } }, indexes, ['pk', 'sk']),
    ).toBe(0);
  });
});
