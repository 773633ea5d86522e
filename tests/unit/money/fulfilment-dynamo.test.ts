/**
 * Fulfilment and sweeper on a real DynamoDB Local with a fake supplier: every supplier outcome,
 * duplicate deliveries, a crash between debit and send, pending → re-query → final.
 */
import { describe, expect, it } from 'vitest';
import { dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { fulfilPurchase } from '../../../functions/domain/purchases/fulfilment.js';
import type { SupplierOutcome } from '../../../functions/domain/purchases/purchase-state.js';
import { placeAirtimePurchase } from '../../../functions/domain/purchases/purchases.js';
import { sweepOne, sweepOpenPurchases } from '../../../functions/domain/purchases/sweeper.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { chainOf, directoryOf, fund, harness, IMMEDIATE_SWEEP, newUser, FakeSupplier, placedAirtime } from './fakes.js';

useDynamoDb({ stream: true });

const PHONES: Record<string, { submit: SupplierOutcome; requery: SupplierOutcome }> = {
  '08011111111': { submit: 'delivered', requery: 'delivered' },
  '08022222222': { submit: 'failed', requery: 'failed' },
  '08033333333': { submit: 'ambiguous', requery: 'delivered' },
  '08044444444': { submit: 'ambiguous', requery: 'failed' },
  '08066666666': { submit: 'ambiguous', requery: 'ambiguous' },
};

function scriptedSupplier(name = 'ALARO') {
  return new FakeSupplier(
    name,
    (phone) => PHONES[phone]?.submit ?? 'delivered',
    (phone) => PHONES[phone]?.requery ?? 'delivered',
  );
}

async function setup(phoneNumber: string, supplier = scriptedSupplier()) {
  return { ...(await placedAirtime(supplier, phoneNumber)), supplier };
}

describe('fulfilment outcomes', () => {
  it('delivered → success with the supplier reference, profit = charge − cost, out of the open index, settled event', async () => {
    const { h, user, supplier, id } = await setup('08011111111');
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('success');
    const txn = await dynamoTransactions.get(id);
    expect(txn).toMatchObject({ trans_Status: 'success', apiResponseId: `ref-${id}`, profitKobo: 99_00 - 97_00, supplier: 'ALARO' });
    expect(txn!.attempts).toHaveLength(1);
    expect(txn!.attempts![0]).toMatchObject({ supplier: 'ALARO', kind: 'submit', outcome: 'delivered' });
    expect(supplier.submissionsOf(id)).toBe(1);
    await h.drainOutbox();
    expect(h.publisher.events).toEqual([expect.objectContaining({ transactionId: id, status: 'success', userId: user.userId })]);
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(1_000_00 - 99_00);
  });

  it('definite failure → refunded atomically: money back, refund record, settled event', async () => {
    const { h, user, id } = await setup('08022222222');
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('refunded');
    const { wallet, check, records } = await chainOf(user.userId);
    expect(wallet.balanceKobo).toBe(1_000_00);
    expect(check.ok).toBe(true);
    expect(records.find((r) => r.trans_Type === 'refund')).toMatchObject({ relatedTransactionId: id, amountKobo: 99_00 });
    expect(await dynamoTransactions.get(id)).toMatchObject({ trans_Status: 'refunded' });
    await h.drainOutbox();
    expect(h.publisher.events.map((e) => e.status)).toEqual(['refunded']);
  });

  it('ambiguous → pending: no refund, stays open, no settled event', async () => {
    const { h, user, id } = await setup('08033333333');
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('pending');
    expect(await dynamoTransactions.get(id)).toMatchObject({ trans_Status: 'pending', supplier: 'ALARO' });
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(1_000_00 - 99_00);
    await h.drainOutbox();
    expect(h.publisher.events).toEqual([]);
  });

  it('a supplier that throws is treated as ambiguous (it may have delivered), never refunded', async () => {
    const throwing = new FakeSupplier('ALARO', () => {
      throw new Error('boom');
    });
    const { h, id } = await setup('08011111111', throwing);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('pending');
  });

  it('failover: the next supplier is tried only after a definite failure', async () => {
    const first = new FakeSupplier('ALARO', () => 'failed');
    const second = new FakeSupplier('GLAD', () => 'delivered');
    const h = harness(directoryOf(first, second));
    const user = await newUser();
    await fund(user, 500_00);
    const placed = await placeAirtimePurchase(
      { userId: user.userId, userName: user.userName, userType: 'reseller', network: 'GLO', phoneNumber: '08011111111', faceValueKobo: 100_00 },
      h.purchase,
    );
    if (placed.kind !== 'accepted') throw new Error(placed.kind);
    expect(await fulfilPurchase(placed.record.id, h.fulfilment)).toBe('success');
    const txn = await dynamoTransactions.get(placed.record.id);
    expect(txn).toMatchObject({ trans_Status: 'success', supplier: 'GLAD', profitKobo: 98_00 - 97_00 });
    expect(txn!.attempts!.map((a) => `${a.supplier}:${a.outcome}`)).toEqual(['ALARO:failed', 'GLAD:delivered']);

    const ambiguousFirst = new FakeSupplier('ALARO', () => 'ambiguous');
    const neverCalled = new FakeSupplier('GLAD', () => 'delivered');
    const h2 = harness(directoryOf(ambiguousFirst, neverCalled));
    const placed2 = await placeAirtimePurchase(
      { userId: user.userId, userName: user.userName, userType: 'reseller', network: 'GLO', phoneNumber: '08011111111', faceValueKobo: 100_00 },
      h2.purchase,
    );
    if (placed2.kind !== 'accepted') throw new Error(placed2.kind);
    expect(await fulfilPurchase(placed2.record.id, h2.fulfilment)).toBe('pending');
    expect(neverCalled.submissions.size).toBe(0);
  });
});

describe('duplicate deliveries', () => {
  it('the same message delivered 8 times at once calls the supplier once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = new FakeSupplier('ALARO', async (): Promise<SupplierOutcome> => {
      await gate;
      return 'delivered';
    });
    const { h, id } = await setup('08011111111', slow);
    const deliveries = Array.from({ length: 8 }, () => fulfilPurchase(id, h.fulfilment));
    setTimeout(release, 200);
    const results = await Promise.all(deliveries);
    expect(slow.submissionsOf(id)).toBe(1);
    expect(results.filter((r) => r === 'success')).toHaveLength(1);
    expect(results.filter((r) => r === 'claimed_elsewhere')).toHaveLength(7);
    await h.drainOutbox();
    expect(h.publisher.events).toHaveLength(1);
  });

  it('a redelivery after the purchase settled calls nobody and changes nothing', async () => {
    const { h, id, supplier, user } = await setup('08022222222');
    await fulfilPurchase(id, h.fulfilment);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('already_final');
    expect(supplier.submissionsOf(id)).toBe(1);
    expect((await chainOf(user.userId)).records.filter((r) => r.trans_Type === 'refund')).toHaveLength(1);
  });

  it('a redelivery of a pending purchase does not submit again (left for re-query)', async () => {
    const { h, id, supplier } = await setup('08033333333');
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('pending');
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('claimed_elsewhere');
    expect(supplier.submissionsOf(id)).toBe(1);
  });

  it('a settled event the bus refused is published when the stream retries the record, once', async () => {
    const { h, id } = await setup('08011111111');
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('success');
    h.publisher.failNext = 1;
    await h.drainOutbox();
    expect(h.publisher.events).toEqual([expect.objectContaining({ transactionId: id, status: 'success' })]);
    // A redelivered message finds it final: nothing changes, so nothing more is announced.
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('already_final');
    await h.drainOutbox();
    expect(h.publisher.events).toHaveLength(1);
  });

  it('an operator refund racing a late delivery is announced once: only one write changes the status', async () => {
    const { h, id } = await setup('08033333333');
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('pending');
    const refunded = await dynamoLedger.refundPurchase(id, { reason: 'operator_refund:admin:test', now: new Date(), afterSuccess: true });
    expect(refunded.kind).toBe('refunded');
    // The supplier's late "delivered" finds it final: settled elsewhere, no second settlement.
    expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('skipped');
    await h.drainOutbox();
    expect(h.publisher.events.filter((e) => e.transactionId === id).map((e) => e.status)).toEqual(['refunded']);
  });
});

describe('sweeper', () => {
  it("the stream's hand-off failed every retry: the sweeper re-enqueues the stranded purchase once, and it is delivered", async () => {
    const supplier = scriptedSupplier();
    const h = harness(directoryOf(supplier));
    const user = await newUser();
    await fund(user, 500_00);
    const placed = await placeAirtimePurchase(
      { userId: user.userId, userName: user.userName, userType: 'smart earner', network: 'AIRTEL', phoneNumber: '08011111111', faceValueKobo: 100_00 },
      h.purchase,
    );
    expect(placed).toMatchObject({ kind: 'accepted' });
    if (placed.kind !== 'accepted') return;
    h.queue.failing = true;
    await h.drainOutbox();
    h.queue.failing = false;
    expect(h.queue.take()).toEqual([]);
    const id = placed.record.id;

    const settings = { ...IMMEDIATE_SWEEP, staleProcessingMs: 60_000 };
    // Not stale yet: left alone.
    expect(await sweepOne(id, h.sweeper, settings)).toBe('skipped');
    // Two minutes later, two sweepers at once: exactly one re-enqueues.
    h.clock.now = new Date(Date.now() + 120_000);
    const actions = await Promise.all([sweepOne(id, h.sweeper, settings), sweepOne(id, h.sweeper, settings)]);
    expect(actions.sort()).toEqual(['reenqueued', 'skipped']);
    expect(h.queue.take()).toEqual([id]);
    // The next run within the window does not send it again.
    expect(await sweepOne(id, h.sweeper, settings)).toBe('skipped');

    expect(await fulfilPurchase(id, h.fulfilment)).toBe('success');
    expect(supplier.submissionsOf(id)).toBe(1);
  });

  it('pending → re-query delivered → success (settled event, one submission)', async () => {
    const { h, id, supplier } = await setup('08033333333');
    await fulfilPurchase(id, h.fulfilment);
    expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('success');
    expect(await dynamoTransactions.get(id)).toMatchObject({ trans_Status: 'success', profitKobo: 2_00 });
    expect(supplier.submissionsOf(id)).toBe(1);
    await h.drainOutbox();
    expect(h.publisher.events.map((e) => e.status)).toEqual(['success']);
  });

  it('pending → re-query failed → refunded with the money back', async () => {
    const { h, id, user } = await setup('08044444444');
    await fulfilPurchase(id, h.fulfilment);
    expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('refunded');
    const { wallet, check } = await chainOf(user.userId);
    expect(wallet.balanceKobo).toBe(1_000_00);
    expect(check.ok).toBe(true);
  });

  it('pending → re-query still ambiguous → stays pending, re-query time bumped, no money moves', async () => {
    const { h, id, user } = await setup('08066666666');
    await fulfilPurchase(id, h.fulfilment);
    expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('still_pending');
    const txn = await dynamoTransactions.get(id);
    expect(txn).toMatchObject({ trans_Status: 'pending', requeryCount: 1 });
    expect(txn!.lastRequeriedAt).toBeDefined();
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(1_000_00 - 99_00);
    // Not due again yet.
    expect(await sweepOne(id, h.sweeper, { ...IMMEDIATE_SWEEP, requeryAfterMs: 60_000 })).toBe('skipped');
  });

  it('two sweepers re-querying the same pending purchase refund it once', async () => {
    const { h, id, user } = await setup('08044444444');
    await fulfilPurchase(id, h.fulfilment);
    const actions = await Promise.all(Array.from({ length: 4 }, () => sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)));
    expect(actions.filter((a) => a === 'refunded')).toHaveLength(1);
    expect((await chainOf(user.userId)).records.filter((r) => r.trans_Type === 'refund')).toHaveLength(1);
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(1_000_00);
  });

  it('a claimed purchase whose fulfilment died mid-call is re-queried only after the claim is stale', async () => {
    const { h, id } = await setup('08011111111');
    // The fulfilment claimed and then crashed before recording any answer.
    await dynamoTransactions.claimSubmission(id, 'ALARO', new Date());
    expect(await sweepOne(id, h.sweeper, { ...IMMEDIATE_SWEEP, claimStaleMs: 60_000 })).toBe('skipped');
    expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('success');
  });

  it('"unknown to the supplier" is a definite failure only after the grace period', async () => {
    const notFound = new FakeSupplier('ALARO', () => 'ambiguous');
    notFound.requery = async (key) => ({ supplier: 'ALARO', outcome: 'failed', reason: 'not_found', request: key, response: null });
    const { h, id } = await setup('08011111111', notFound);
    await fulfilPurchase(id, h.fulfilment);
    expect(await sweepOne(id, h.sweeper, { ...IMMEDIATE_SWEEP, claimStaleMs: 60_000 })).toBe('still_pending');
    expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('refunded');
  });

  it('a sweep never reads purchases younger than its shortest threshold (a busy queue backlog costs it no reads)', async () => {
    const { h, id } = await setup('08011111111');
    const reads: string[] = [];
    const counting = {
      ...h.sweeper,
      transactions: { ...h.sweeper.transactions, get: (txnId: string) => (reads.push(txnId), h.sweeper.transactions.get(txnId)) },
    };
    const patient = { ...IMMEDIATE_SWEEP, staleProcessingMs: 60_000, requeryAfterMs: 60_000, claimStaleMs: 60_000 };
    await sweepOpenPurchases(counting, patient);
    expect(reads).not.toContain(id);
    // Once old enough for the shortest threshold, it is looked at (and re-enqueued, being unclaimed).
    h.clock.now = new Date(Date.now() + 61_000);
    const report = await sweepOpenPurchases(counting, patient);
    expect(reads).toContain(id);
    expect(report.actions.reenqueued).toBeGreaterThanOrEqual(1);
  });

  it('a full sweep settles what it can and reports it', async () => {
    const { h, id } = await setup('08033333333');
    await fulfilPurchase(id, h.fulfilment);
    const report = await sweepOpenPurchases(h.sweeper, IMMEDIATE_SWEEP);
    expect(report.errors).toBe(0);
    expect(report.actions.success).toBeGreaterThanOrEqual(1);
    expect(await dynamoTransactions.get(id)).toMatchObject({ trans_Status: 'success' });
  });
});
