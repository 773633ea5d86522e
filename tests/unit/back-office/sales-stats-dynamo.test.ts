/**
 * The running totals on a real DynamoDB Local: counted from the stream's change that makes a purchase
 * final (drained before each read), so a redelivered settlement or a repeated refund, whose write is
 * refused, counts nothing more; the wallet total moves with every balance change.
 */
import { describe, expect, it } from 'vitest';
import { dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { readSalesTotals, readWalletTotalKobo } from '../../../functions/adapters/dynamo/transactions/sales-stats.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { placeAirtimePurchase } from '../../../functions/domain/purchases/purchases.js';
import { dayOf } from '../../../functions/domain/back-office/sales-stats.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { drainCounters } from '../../support/outbox.js';
import { directoryOf, fund, harness, newUser, FakeSupplier } from '../money/fakes.js';

useDynamoDb({ stream: true });

const h = harness(directoryOf(new FakeSupplier('ALARO', () => 'delivered')));

async function boughtAirtime(faceValueKobo = 100_00) {
  const user = await newUser();
  await fund(user, 1_000_00);
  const result = await placeAirtimePurchase(
    { userId: user.userId, userName: user.userName, userType: 'smart earner', network: 'MTN', phoneNumber: '08011111111', faceValueKobo },
    h.purchase,
  );
  if (result.kind !== 'accepted') throw new Error(result.kind);
  return { user, purchase: result.record };
}

/** Today's airtime × MTN totals, all shards added. */
async function todayTotals() {
  await drainCounters();
  const today = dayOf(new Date());
  const rows = (await readSalesTotals(today, today)).filter((t) => t.product === 'airtime' && t.network === 'MTN');
  const add = (pick: (t: (typeof rows)[number]) => number) => rows.reduce((total, t) => total + pick(t), 0);
  return {
    sales: add((t) => t.salesKobo),
    profit: add((t) => t.profitKobo),
    count: add((t) => t.salesCount),
    refunds: add((t) => t.refundsKobo),
    refundCount: add((t) => t.refundCount),
  };
}

const change = (before: Awaited<ReturnType<typeof todayTotals>>, after: Awaited<ReturnType<typeof todayTotals>>) => ({
  sales: after.sales - before.sales,
  profit: after.profit - before.profit,
  count: after.count - before.count,
  refunds: after.refunds - before.refunds,
  refundCount: after.refundCount - before.refundCount,
});

const settle = async (id: string) =>
  dynamoTransactions.settleSuccess((await dynamoTransactions.get(id))!, { attempts: [], supplier: 'ALARO', profitKobo: 2_00, now: new Date() });

describe('a success is counted once, even when its settlement is redelivered', () => {
  it('settling twice (and concurrently) adds one sale with its profit', async () => {
    const { purchase } = await boughtAirtime();
    const before = await todayTotals();
    const results = await Promise.all([settle(purchase.id), settle(purchase.id), settle(purchase.id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await settle(purchase.id)).toBeUndefined();
    expect(change(before, await todayTotals())).toEqual({ sales: 99_00, profit: 2_00, count: 1, refunds: 0, refundCount: 0 });
    expect(await dynamoTransactions.get(purchase.id)).toMatchObject({ trans_Status: 'success', profitKobo: 2_00 });
  });
});

describe('a refund excludes or reverses the sale exactly once', () => {
  it('racing refunds of an open purchase count one refund and no sale', async () => {
    const { purchase } = await boughtAirtime();
    const before = await todayTotals();
    const results = await Promise.all(Array.from({ length: 8 }, () => dynamoLedger.refundPurchase(purchase.id, { reason: 'test', now: new Date() })));
    expect(results.filter((r) => r.kind === 'refunded')).toHaveLength(1);
    expect(await settle(purchase.id)).toBeUndefined();
    expect(change(before, await todayTotals())).toEqual({ sales: 0, profit: 0, count: 0, refunds: 99_00, refundCount: 1 });
  });

  it('a reversed success takes its sale and profit back once; a repeated reversal changes nothing', async () => {
    const { purchase } = await boughtAirtime();
    const before = await todayTotals();
    await settle(purchase.id);
    const reverse = () => dynamoLedger.refundPurchase(purchase.id, { reason: 'reversed', now: new Date(), afterSuccess: true });
    expect((await reverse()).kind).toBe('refunded');
    expect((await reverse()).kind).toBe('already_refunded');
    expect(change(before, await todayTotals())).toEqual({ sales: 0, profit: 0, count: 0, refunds: 99_00, refundCount: 1 });
  });

  it('rejection: a plain refund of a success is refused and the sale stays counted', async () => {
    const { purchase } = await boughtAirtime();
    const before = await todayTotals();
    await settle(purchase.id);
    expect((await dynamoLedger.refundPurchase(purchase.id, { reason: 'test', now: new Date() })).kind).toBe('not_refundable');
    expect(change(before, await todayTotals())).toEqual({ sales: 99_00, profit: 2_00, count: 1, refunds: 0, refundCount: 0 });
  });
});

/** The wallet total once the stream's changes so far are summed. */
async function walletTotalKobo() {
  await drainCounters();
  return readWalletTotalKobo();
}

describe('the wallet total moves with every balance change', () => {
  it('funding, a purchase and its refund move it by exactly the balances’ change', async () => {
    const before = await walletTotalKobo();
    const { user, purchase } = await boughtAirtime();
    expect(await walletTotalKobo()).toBe(before + 1_000_00 - 99_00);
    await dynamoLedger.refundPurchase(purchase.id, { reason: 'test', now: new Date() });
    expect(await walletTotalKobo()).toBe(before + 1_000_00);
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(1_000_00);
  });
});
