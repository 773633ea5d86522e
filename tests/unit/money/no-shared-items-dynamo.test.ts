/**
 * Rule: no item is shared by different users' synchronous writes. Every write
 * path a user's request or its consumers run — funding, a purchase's debit, its claim, settlement, pending, a supplier's failure and its refund, an operator's
 * refund, a transfer, a withdrawal and its payout's progress and success, the upgrade — is run for two users on
 * DynamoDB Local while every item those writes send is captured from the client. No key written or
 * checked may appear in both users' writes: the platform's figures are summed from the stream
 * instead. A `ConditionCheck` counts: DynamoDB refuses a transaction that meets another on any of its
 * items, a check included, so a service lock checked in every purchase's write made two users'
 * purchases refuse each other. The locks are read before the write (plain reads never conflict).
 */
import { ulid } from 'ulid';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../../functions/adapters/dynamo/client.js';
import { dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { transferBetweenWallets } from '../../../functions/adapters/dynamo/wallet/transfers.js';
import { upgradeToReseller } from '../../../functions/adapters/dynamo/accounts/profile.js';
import { upgradeFeeDraft } from '../../../functions/domain/accounts/profile.js';
import { recordPayoutProgress, settleWithdrawalSuccess } from '../../../functions/adapters/dynamo/money/withdrawals.js';
import { fulfilPurchase } from '../../../functions/domain/purchases/fulfilment.js';
import type { SupplierOutcome } from '../../../functions/domain/purchases/purchase-state.js';
import { placeAirtimePurchase } from '../../../functions/domain/purchases/purchases.js';
import { transferDrafts } from '../../../functions/domain/wallet/transfers.js';
import { withdrawalDraft } from '../../../functions/domain/money/withdrawal-debit.js';
import { withdrawalAmounts } from '../../../functions/domain/money/withdrawals.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { expectListingAgrees } from '../../support/listing-totals.js';
import { directoryOf, FakeSupplier, fund, harness, newUser } from './fakes.js';

// The listing's counters are summed from the table's stream (its reader runs before a listing is compared).
useDynamoDb({ stream: true });

const ANSWERS: Record<string, SupplierOutcome> = { '08011111111': 'delivered', '08022222222': 'failed', '08033333333': 'ambiguous' };
const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'TransactWriteItemsCommand',
  'BatchWriteItemCommand',
  'PutCommand',
  'UpdateCommand',
  'DeleteCommand',
  'TransactWriteCommand',
  'BatchWriteCommand',
]);

const text = (value: unknown): string => (typeof value === 'object' && value !== null && 'S' in value ? String((value as { S: unknown }).S) : String(value));
const keyOf = (key: Record<string, unknown>) => `${text(key.pk)} | ${text(key.sk)}`;

/** The keys one piece of work writes (and only checks), captured from every command the client sends. */
let capture: { written: Set<string>; checked: Set<string> } | undefined;
db().middlewareStack.add(
  (next, context) => async (args) => {
    const input = args.input as Record<string, any>;
    if (capture && WRITES.has(context.commandName ?? '')) {
      for (const item of input.TransactItems ?? []) {
        if (item.ConditionCheck) capture.checked.add(keyOf(item.ConditionCheck.Key));
        for (const kind of ['Put', 'Update', 'Delete'] as const) {
          const body = item[kind];
          if (body) capture.written.add(keyOf(kind === 'Put' ? body.Item : body.Key));
        }
      }
      if (input.Item) capture.written.add(keyOf(input.Item));
      if (input.Key) capture.written.add(keyOf(input.Key));
      for (const requests of Object.values(input.RequestItems ?? {}) as any[]) {
        for (const request of requests) capture.written.add(keyOf(request.PutRequest?.Item ?? request.DeleteRequest?.Key));
      }
    }
    return next(args);
  },
  { step: 'initialize', name: 'captureWrittenKeys' },
);
afterAll(() => db().middlewareStack.remove('captureWrittenKeys'));

async function captured(work: () => Promise<void>) {
  capture = { written: new Set(), checked: new Set() };
  try {
    await work();
    return capture;
  } finally {
    capture = undefined;
  }
}

/** Every write path, run for one user (and a friend of theirs who receives a transfer). */
async function everyWritePath() {
  const h = harness(directoryOf(new FakeSupplier('ALARO', (phone) => ANSWERS[phone] ?? 'delivered')));
  const [user, friend] = await Promise.all([newUser('smart earner'), newUser('reseller')]);
  const keys = await captured(async () => {
    await fund(user, 5_000_00);
    const buy = async (phoneNumber: string, faceValueKobo = 100_00) => {
      const placed = await placeAirtimePurchase(
        { userId: user.userId, userName: user.userName, userType: user.userType, network: 'MTN', phoneNumber, faceValueKobo },
        h.purchase,
      );
      if (placed.kind !== 'accepted') throw new Error(placed.kind);
      return placed.record.id;
    };
    const delivered = await buy('08011111111');
    const failed = await buy('08022222222', 200_00);
    const pending = await buy('08033333333', 300_00);
    const open = await buy('08011111111', 400_00);
    // Claim and settlement; claim, failure and refund; claim and pending.
    for (const id of [delivered, failed, pending]) await fulfilPurchase(id, h.fulfilment);
    expect((await dynamoTransactions.get(delivered))?.trans_Status).toBe('success');
    expect((await dynamoTransactions.get(failed))?.trans_Status).toBe('refunded');
    expect((await dynamoTransactions.get(pending))?.trans_Status).toBe('pending');
    // An operator's refund of a pending and of an open purchase, and a reversed success.
    expect((await dynamoLedger.refundPurchase(pending, { reason: 'operator', now: new Date() })).kind).toBe('refunded');
    expect((await dynamoLedger.refundPurchase(open, { reason: 'operator', now: new Date() })).kind).toBe('refunded');
    expect((await dynamoLedger.refundPurchase(delivered, { reason: 'reversed', now: new Date(), afterSuccess: true })).kind).toBe('refunded');
    const sent = await transferBetweenWallets(transferDrafts({ id: ulid(), sender: user, receiver: friend, amountKobo: 150_00, now: new Date() }));
    expect(sent.kind).toBe('posted');
    const amounts = withdrawalAmounts(1_000_00);
    if (!amounts.ok) throw new Error('withdrawal amounts');
    const account = { bankName: 'Access Bank', bankCode: '044', accountNumber: '0123456789', accountName: 'ADA' };
    const withdrawn = await dynamoLedger.debit(withdrawalDraft({ id: ulid(), user, account, amounts, requestFingerprint: `w${user.userId}`, now: new Date() }));
    if (withdrawn.kind !== 'posted') throw new Error(withdrawn.kind);
    expect(await recordPayoutProgress(withdrawn.record.id, { providerStatus: 'pending', acceptedByProvider: true }, new Date())).toBe(true);
    expect((await settleWithdrawalSuccess(withdrawn.record.id, 'TRF_1', new Date()))?.trans_Status).toBe('success');
    // The upgrade to reseller: its fee, the profile and its outbox listing.
    const now = new Date();
    expect((await upgradeToReseller(upgradeFeeDraft({ id: ulid(), user, now }), now)).kind).toBe('upgraded');
  });
  return { ...keys, user };
}

describe('no item shared by different users in a synchronous write', () => {
  it('two users running every write path write no key in common (the platform figures come from the stream)', async () => {
    const first = await everyWritePath();
    const second = await everyWritePath();
    expect(first.written.size).toBeGreaterThan(10);
    const touched = ({ written, checked }: { written: Set<string>; checked: Set<string> }) => new Set([...written, ...checked]);
    const [firstTouched, secondTouched] = [touched(first), touched(second)];
    expect([...firstTouched].filter((key) => secondTouched.has(key))).toEqual([]);
    // Not even the user's own listing counters (decision 129): no request writes a counter item …
    expect([...firstTouched, ...secondTouched].filter((key) => /\| (LISTDAY#|LISTALL)/.test(key))).toEqual([]);
    // … and the stream's reader sums them: the listing then equals the full read.
    for (const filter of [{}, { status: 'refunded' as const }, { type: 'airtime' as const, status: 'success' as const }, { type: 'wallet' as const }]) {
      await expectListingAgrees(second.user.userId, filter, 'the second user, once the counters are summed');
    }
  }, 120_000);

  it('rejection: a write that adds a platform counter to a user write is caught', async () => {
    const { walletTotalItem } = await import('../../../functions/adapters/dynamo/transactions/sales-stats.js');
    const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const write = (userId: string) =>
      captured(async () => {
        await db().send(
          new TransactWriteCommand({
            TransactItems: [walletTotalItem(0, 1), { Put: { TableName: process.env.TABLE_NAME!, Item: { pk: `USER#${userId}`, sk: 'PROBE' } } }],
          }),
        );
      });
    const { keys } = await import('../../../functions/adapters/dynamo/keys.js');
    const [a, b] = [await write('a'), await write('b')];
    expect([...a.written].filter((key) => b.written.has(key))).toEqual([keyOf(keys.walletTotal(0))]);
  });

  it("rejection: a check of a shared item in a user write is caught too (it refuses the other user's write as a write would)", async () => {
    const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('../../../functions/adapters/dynamo/keys.js');
    const lock = keys.serviceSetting('airtime', 'MTN');
    const write = (userId: string) =>
      captured(async () => {
        await db().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                ConditionCheck: {
                  TableName: process.env.TABLE_NAME!,
                  Key: lock,
                  ConditionExpression: 'attribute_not_exists(serviceStatus) OR serviceStatus <> :locked',
                  ExpressionAttributeValues: { ':locked': 'locked' },
                },
              },
              { Put: { TableName: process.env.TABLE_NAME!, Item: { pk: `USER#${userId}`, sk: 'PROBE' } } },
            ],
          }),
        );
      });
    const [a, b] = [await write('a'), await write('b')];
    expect([...a.checked].filter((key) => b.checked.has(key))).toEqual([keyOf(lock)]);
  });
});
