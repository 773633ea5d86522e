/**
 * A purchase's supplier attempts are kept beside its record (decision 94 (docs/decisions/0094-*)), except
 * the answer a delivery is settled on, whose reading the settlement's own write appends to the record
 * (decisions 130 and 139): the listing indexes copy no attempt, so their entries stay under 1 KB, and the
 * reading (not the answer's text) keeps the settled record itself under 1 KB; the record read back still
 * carries every attempt in the order made, those written inside older records included.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../../functions/adapters/dynamo/client.js';
import { TRANSACTION_LISTING_ATTRIBUTES } from '../../../shared/table.js';
import { keys } from '../../../functions/adapters/dynamo/keys.js';
import { recordAttempts } from '../../../functions/adapters/dynamo/purchases/supplier-attempts.js';
import { dynamoTransactions, getTransaction, transactionItem } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { stored } from '../../../functions/adapters/dynamo/items.js';
import { fulfilPurchase } from '../../../functions/domain/purchases/fulfilment.js';
import { settledEvent } from '../../../functions/domain/purchases/settlement.js';
import type { SupplierAttempt } from '../../../functions/domain/transactions/transactions.js';
import { itemSize } from '../../bench/dynamo-billing.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { airtimePurchaseRecord } from '../../support/transaction-record.js';
import { FakeSupplier, placedAirtime } from './fakes.js';

useDynamoDb({ stream: true });

const rawRecord = async (id: string) => (await db().send(new GetCommand({ TableName: tableName(), Key: keys.transaction(id), ConsistentRead: true }))).Item!;
const partition = async (id: string) =>
  (
    await db().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.transaction(id).pk } }),
    )
  ).Items ?? [];

/** A supplier's answer as long as a real panel's (its whole JSON body is kept). */
const chattyAnswer = {
  status: 'successful',
  message: 'Airtime purchase of N100 to 08011111111 was successful',
  balance_before: '25000.00',
  balance_after: '24903.00',
  ident: 'x'.repeat(300),
};

/** A supplier whose every answer is as long as a real panel's, reporting its balance as a panel does. */
class ChattySupplier extends FakeSupplier {
  override async buyAirtime(order: Parameters<FakeSupplier['buyAirtime']>[0]) {
    return { ...(await super.buyAirtime(order)), httpStatus: 200, response: chattyAnswer, balanceAfterKobo: 24_903_00 };
  }
}

/** What a delivered purchase's record keeps of its answer: its reading. */
const deliveredReading = { supplier: 'ALARO', kind: 'submit', outcome: 'delivered', reason: 'fake_delivered', httpStatus: 200, balanceAfterKobo: 24_903_00 };

describe('supplier attempts beside the purchase', () => {
  it("a delivered purchase keeps its answer's reading in its settlement write: no item apart, the record and what the listing indexes copy each under 1 KB", async () => {
    const { id, h } = await placedAirtime(new ChattySupplier('ALARO', () => 'delivered'));
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('success');
    const record = await rawRecord(id);
    expect(record.trans_Status).toBe('success');
    // Who answered, when, how it was classified and the float it reported; not what was sent nor the answer's text.
    expect(record.attempts).toEqual([{ ...deliveredReading, at: expect.any(String) }]);
    // The settlement is the record's last change: its updatedAt says when (no settledAt of its own).
    expect(record.settledAt).toBeUndefined();
    expect(settledEvent(stored.transaction.read(record)).settledAt).toBe(record.updatedAt);
    expect((await partition(id)).filter((item) => item.entity === 'SupplierAttempt')).toEqual([]);
    // One write unit for the settlement: the whole record under 1 KB, as the HTTP path writes it (its two flags included).
    expect(itemSize({ ...record, ownerWebhook: false, toSavedContact: false })).toBeLessThanOrEqual(1024);
    const projected = new Set<string>([...TRANSACTION_LISTING_ATTRIBUTES, 'pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk']);
    const indexed = Object.fromEntries(Object.entries(record).filter(([name]) => projected.has(name)));
    expect(itemSize(indexed)).toBeLessThanOrEqual(1024);
    const read = await getTransaction(id);
    expect(read?.attempts).toEqual([{ ...deliveredReading, at: record.attempts[0].at }]);
    // Rejection: the same settlement delivered again writes nothing, the answer neither inside nor apart.
    expect(await dynamoTransactions.settleSuccess(read!, { attempts: read!.attempts!, supplier: 'ALARO', profitKobo: 2_00, now: new Date() })).toBeUndefined();
    expect((await getTransaction(id))?.attempts).toHaveLength(1);
  });

  it('a refunded purchase keeps the answer it was refunded on, whole', async () => {
    const { id, h } = await placedAirtime(new ChattySupplier('ALARO', () => 'failed'));
    await fulfilPurchase(id, h.fulfilment);
    const read = await getTransaction(id);
    expect(read?.trans_Status).toBe('refunded');
    expect(read?.attempts?.map((a) => `${a.supplier}:${a.outcome}`)).toEqual(['ALARO:failed']);
    expect(read?.attempts?.[0]).toMatchObject({ request: expect.anything(), response: chattyAnswer });
    expect((await rawRecord(id)).attempts).toBeUndefined();
  });

  it('an attempt written again (a redelivered message) is still one item', async () => {
    const record = airtimePurchaseRecord({ id: `T${Date.now()}`, userId: 'u1', trans_UserName: 'someone' });
    await db().send(new PutCommand({ TableName: tableName(), Item: transactionItem(record) }));
    const attempt: SupplierAttempt = {
      supplier: 'ALARO',
      kind: 'submit',
      request: {},
      response: { ok: true },
      at: '2026-01-01T00:00:01.000Z',
      outcome: 'delivered',
      reason: 'ok',
    };
    await recordAttempts(record.id, [attempt]);
    await recordAttempts(record.id, [attempt]);
    expect((await partition(record.id)).filter((item) => item.entity === 'SupplierAttempt')).toHaveLength(1);
  });

  it('a record written before keeps the attempts inside it, read first, then those beside it', async () => {
    const inside: SupplierAttempt = {
      supplier: 'ALARO',
      kind: 'submit',
      request: {},
      response: 'old',
      at: '2026-01-01T00:00:01.000Z',
      outcome: 'ambiguous',
      reason: 'timeout',
    };
    const beside: SupplierAttempt = { ...inside, kind: 'requery', response: 'new', at: '2026-01-01T00:05:00.000Z', outcome: 'delivered', reason: 'ok' };
    const record = airtimePurchaseRecord({ id: `L${Date.now()}`, userId: 'u1', trans_UserName: 'someone', trans_Status: 'pending', attempts: [inside] });
    await db().send(new PutCommand({ TableName: tableName(), Item: transactionItem(record) }));
    await recordAttempts(record.id, [beside]);
    expect((await dynamoTransactions.get(record.id))?.attempts?.map((a) => a.response)).toEqual(['old', 'new']);
  });

  it('rejects: an id with attempts but no record reads as no transaction', async () => {
    const attempt: SupplierAttempt = {
      supplier: 'ALARO',
      kind: 'submit',
      request: {},
      response: null,
      at: '2026-01-01T00:00:01.000Z',
      outcome: 'failed',
      reason: 'x',
    };
    await recordAttempts('NO-SUCH-RECORD', [attempt]);
    expect(await getTransaction('NO-SUCH-RECORD')).toBeUndefined();
  });
});
