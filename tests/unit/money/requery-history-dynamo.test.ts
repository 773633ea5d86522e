/**
 * "Every attempt is kept on the transaction", boundedly: re-queries that settle nothing are kept
 * as a history of the latest MAX_KEPT_REQUERIES (oldest dropped first) next to the total
 * requeryCount, so a purchase pending for days keeps its record of attempts without the item
 * growing without bound. Through the sweeper on DynamoDB Local, and the store directly.
 */
import { describe, expect, it } from 'vitest';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { fulfilPurchase } from '../../../functions/domain/purchases/fulfilment.js';
import { placeAirtimePurchase } from '../../../functions/domain/purchases/purchases.js';
import { sweepOne } from '../../../functions/domain/purchases/sweeper.js';
import { MAX_KEPT_REQUERIES, type SupplierAttempt } from '../../../functions/domain/transactions/transactions.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { directoryOf, FakeSupplier, fund, harness, IMMEDIATE_SWEEP, newUser } from './fakes.js';
import { expectMoneyInvariants } from '../money-in-out/fakes.js';

useDynamoDb();

/** A pending airtime purchase at a supplier that never gives a final answer. */
async function pendingPurchase() {
  const supplier = new FakeSupplier(
    'ALARO',
    () => 'ambiguous',
    () => 'ambiguous',
  );
  const h = harness(directoryOf(supplier));
  const user = await newUser();
  await fund(user, 1_000_00);
  const placed = await placeAirtimePurchase(
    { userId: user.userId, userName: user.userName, userType: 'smart earner', network: 'MTN', phoneNumber: '08066666666', faceValueKobo: 100_00 },
    h.purchase,
  );
  if (placed.kind !== 'accepted') throw new Error(placed.kind);
  expect(await fulfilPurchase(placed.record.id, h.fulfilment)).toBe('pending');
  return { h, user, supplier, id: placed.record.id };
}

const attempt = (reason: string): SupplierAttempt => ({
  supplier: 'ALARO',
  kind: 'requery',
  request: {},
  response: { reason },
  at: new Date().toISOString(),
  outcome: 'ambiguous',
  reason,
});

describe('inconclusive re-queries are kept, boundedly', () => {
  it('each inconclusive re-query is appended to the history (not overwritten) and counted', async () => {
    const { h, user, id } = await pendingPurchase();
    for (let i = 0; i < 3; i += 1) expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('still_pending');
    const record = await dynamoTransactions.get(id);
    expect(record).toMatchObject({ trans_Status: 'pending', requeryCount: 3 });
    expect(record!.requeries).toHaveLength(3);
    for (const kept of record!.requeries!)
      expect(kept).toMatchObject({
        supplier: 'ALARO',
        kind: 'requery',
        outcome: 'ambiguous',
        at: expect.any(String),
        request: expect.anything(),
        response: expect.anything(),
      });
    // The submission stays in `attempts`; re-queries that settle nothing do not grow it.
    expect(record!.attempts!.map((a) => a.kind)).toEqual(['submit']);
    await expectMoneyInvariants([user.userId]);
  });

  it(`the history keeps only the latest ${MAX_KEPT_REQUERIES}, oldest dropped first, while the count keeps the total`, async () => {
    const { h, id } = await pendingPurchase();
    const total = MAX_KEPT_REQUERIES + 3;
    for (let i = 1; i <= total; i += 1) await dynamoTransactions.recordInconclusiveRequery(id, attempt(`r${i}`));
    const kept = (await dynamoTransactions.get(id))!.requeries!;
    expect(kept.map((a) => a.reason)).toEqual(Array.from({ length: MAX_KEPT_REQUERIES }, (_, i) => `r${i + 4}`));
    // Through the sweeper, too: the count is the total, the history stays capped.
    for (let i = 0; i < 2; i += 1) expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('still_pending');
    const record = await dynamoTransactions.get(id);
    expect(record!.requeries).toHaveLength(MAX_KEPT_REQUERIES);
    expect(record!.requeries!.at(-1)).toMatchObject({ reason: 'fake_ambiguous' });
    expect(record!.requeryCount).toBe(2);
  });

  it('a settled purchase’s history is left alone (nothing is recorded once it is final)', async () => {
    const { user, id } = await pendingPurchase();
    await dynamoTransactions.recordInconclusiveRequery(id, attempt('before'));
    const { dynamoLedger } = await import('../../../functions/adapters/dynamo/wallet/ledger.js');
    await dynamoLedger.refundPurchase(id, { reason: 'test', now: new Date() });
    await dynamoTransactions.recordInconclusiveRequery(id, attempt('after'));
    expect((await dynamoTransactions.get(id))!.requeries!.map((a) => a.reason)).toEqual(['before']);
    await expectMoneyInvariants([user.userId]);
  });
});
