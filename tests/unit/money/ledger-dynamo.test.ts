/** The ledger on a real DynamoDB Local: atomic debits, idempotent replays, refunds at most once, concurrency. */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../../functions/adapters/dynamo/client.js';
import { MalformedItemError } from '../../../functions/adapters/dynamo/item-mapping.js';
import { keys } from '../../../functions/adapters/dynamo/keys.js';
import { WalletContentionError, dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { placeAirtimePurchase } from '../../../functions/domain/purchases/purchases.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { chainOf, directoryOf, fund, harness, newUser, FakeSupplier } from './fakes.js';

useDynamoDb({ stream: true });

const h = harness(directoryOf(new FakeSupplier('ALARO', () => 'delivered')));
const buy = (user: { userId: string; userName: string }, faceValueKobo: number, requestId?: string, phoneNumber = '08011111111') =>
  placeAirtimePurchase(
    { userId: user.userId, userName: user.userName, userType: 'smart earner', network: 'MTN', phoneNumber, faceValueKobo, requestId },
    h.purchase,
  );

describe('debits', () => {
  it('a purchase debits the charge and writes a processing record carrying balance before/after and the new seq', async () => {
    const user = await newUser();
    await fund(user, 500_00);
    const result = await buy(user, 100_00);
    expect(result.kind).toBe('accepted');
    if (result.kind !== 'accepted') return;
    expect(result.record).toMatchObject({ amountKobo: 99_00, balanceBeforeKobo: 500_00, balanceAfterKobo: 401_00, walletSeq: 2, trans_Status: 'processing' });
    expect(await dynamoLedger.getWallet(user.userId)).toMatchObject({ balanceKobo: 401_00, seq: 2 });
    await h.drainOutbox();
    expect(h.queue.sent).toContain(result.record.id);
    expect((await chainOf(user.userId)).check.ok).toBe(true);
  });

  it('insufficient balance: nothing is debited and no record is written', async () => {
    const user = await newUser();
    await fund(user, 50_00);
    expect((await buy(user, 100_00)).kind).toBe('insufficient_balance');
    const { records, wallet } = await chainOf(user.userId);
    expect(wallet).toMatchObject({ balanceKobo: 50_00, seq: 1 });
    expect(records).toHaveLength(1);
  });

  it('a wallet that was never created is treated as empty and refuses debits', async () => {
    expect((await buy({ userId: 'no-wallet-user', userName: 'ghost' }, 100_00)).kind).toBe('insufficient_balance');
  });
});

describe('idempotent replays', () => {
  it('a retried request_id is charged once and answers the same receipt', async () => {
    const user = await newUser();
    await fund(user, 1_000_00);
    const first = await buy(user, 200_00, 'client-req-0001');
    const again = await buy(user, 200_00, 'client-req-0001');
    expect(first.kind).toBe('accepted');
    expect(again.kind).toBe('replayed');
    if (first.kind !== 'accepted' || again.kind !== 'replayed') return;
    expect(again.record.id).toBe(first.record.id);
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(1_000_00 - 198_00);
  });

  it('concurrent retries of one request_id charge once', async () => {
    const user = await newUser();
    await fund(user, 1_000_00);
    const results = await Promise.all(Array.from({ length: 10 }, () => buy(user, 100_00, 'client-req-concurrent')));
    expect(results.filter((r) => r.kind === 'accepted')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'replayed')).toHaveLength(9);
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(1_000_00 - 99_00);
  });

  it('a replay after the balance ran out still answers the original receipt, not "insufficient"', async () => {
    const user = await newUser();
    await fund(user, 99_00);
    expect((await buy(user, 100_00, 'client-req-drained')).kind).toBe('accepted');
    expect((await buy(user, 100_00, 'client-req-drained')).kind).toBe('replayed');
  });

  it('the same request_id with a different amount is refused and charges nothing', async () => {
    const user = await newUser();
    await fund(user, 1_000_00);
    await buy(user, 100_00, 'client-req-amount');
    expect((await buy(user, 300_00, 'client-req-amount')).kind).toBe('exists_with_different_amount');
    expect((await buy(user, 100_00, 'client-req-amount', '08099999999')).kind).toBe('exists_with_different_details');
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(1_000_00 - 99_00);
  });

  it('request ids are per user: two users may use the same one', async () => {
    const [a, b] = [await newUser(), await newUser()];
    await fund(a, 200_00);
    await fund(b, 200_00);
    expect((await buy(a, 100_00, 'shared-request-id')).kind).toBe('accepted');
    expect((await buy(b, 100_00, 'shared-request-id')).kind).toBe('accepted');
  });
});

describe('concurrency on one wallet', () => {
  it('40 simultaneous purchases on a wallet funded for 7 → exactly 7 succeed, the balance never goes negative (a write that gives up on the busy wallet is resent with its request id)', async () => {
    const user = await newUser();
    const charge = 99_00;
    await fund(user, charge * 7 + 50_00);
    const requestIds = Array.from({ length: 40 }, (_, i) => `burst-${user.userId}-${i}`);
    // A write that ran out of its budget gave up having written nothing (WalletContentionError, a 503
    // at the edge); the caller sends the same request again, as an API user does after Retry-After.
    const settle = async (requestId: string) => {
      for (;;) {
        try {
          return await buy(user, 100_00, requestId);
        } catch (error) {
          if (!(error instanceof WalletContentionError)) throw error;
        }
      }
    };
    const results = await Promise.all(requestIds.map(settle));
    expect(results.filter((r) => r.kind === 'accepted' || r.kind === 'replayed')).toHaveLength(7);
    expect(results.filter((r) => r.kind === 'insufficient_balance')).toHaveLength(33);
    const { wallet, check, records } = await chainOf(user.userId);
    expect(wallet.balanceKobo).toBe(50_00);
    expect(check).toMatchObject({ ok: true, balanceKobo: 50_00, seq: 8 });
    expect(records.filter((r) => r.trans_Type === 'airtime')).toHaveLength(7);
    // Whoever committed first, the history in time order is the chain: what a customer's statement shows.
    const byTime = [...records].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    expect(byTime.map((r) => r.walletSeq)).toEqual(byTime.map((_, i) => i + 1));
  }, 60_000);

  it("a change stamped before the wallet's last change (it lost the wallet, or its clock is behind) is recorded just after that change: time order is chain order", async () => {
    const user = await newUser();
    const credit = (createdAt: string) =>
      dynamoLedger.credit({
        id: ulid(),
        userId: user.userId,
        trans_UserName: user.userName,
        trans_Type: 'wallet',
        trans_Status: 'success',
        trans_Network: '',
        phone_number: '',
        amountKobo: 10_00,
        description: 'test funding',
        createdAt,
        updatedAt: createdAt,
      });
    const later = new Date(Date.now() + 5_000).toISOString();
    const first = await credit(later);
    const second = await credit(new Date(Date.now() - 5_000).toISOString());
    if (first.kind !== 'posted' || second.kind !== 'posted') throw new Error('credits refused');
    expect(first.record.createdAt).toBe(later);
    expect(second.record.createdAt).toBe(new Date(Date.parse(later) + 1).toISOString());
    const { records } = await chainOf(user.userId);
    expect(records.find((r) => r.id === second.record.id)?.createdAt).toBe(second.record.createdAt);
    // A change stamped after the last one keeps its own time.
    const own = new Date(Date.now() + 10_000).toISOString();
    const third = await credit(own);
    expect(third.kind === 'posted' && third.record.createdAt).toBe(own);
  });
});

describe('refunds', () => {
  it('racing refunds of one purchase credit it exactly once', async () => {
    const user = await newUser();
    await fund(user, 300_00);
    const purchase = await buy(user, 100_00);
    if (purchase.kind !== 'accepted') throw new Error(purchase.kind);
    const results = await Promise.all(Array.from({ length: 10 }, () => dynamoLedger.refundPurchase(purchase.record.id, { reason: 'test', now: new Date() })));
    expect(results.filter((r) => r.kind === 'refunded')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'already_refunded')).toHaveLength(9);
    const { wallet, check, records } = await chainOf(user.userId);
    expect(wallet.balanceKobo).toBe(300_00);
    expect(check.ok).toBe(true);
    const refund = records.find((r) => r.trans_Type === 'refund')!;
    expect(refund).toMatchObject({ relatedTransactionId: purchase.record.id, amountKobo: 99_00, balanceBeforeKobo: 201_00, balanceAfterKobo: 300_00 });
    const stored = await dynamoTransactions.get(purchase.record.id);
    expect(stored).toMatchObject({ trans_Status: 'refunded', refundTransactionId: refund.id });
  });

  it('a refunded purchase leaves the open index; a successful purchase cannot be refunded', async () => {
    const user = await newUser();
    await fund(user, 300_00);
    const a = await buy(user, 100_00);
    const b = await buy(user, 100_00);
    if (a.kind !== 'accepted' || b.kind !== 'accepted') throw new Error('setup');
    await dynamoLedger.refundPurchase(a.record.id, { reason: 'test', now: new Date() });
    await dynamoTransactions.settleSuccess(b.record, { attempts: [], supplier: 'ALARO', profitKobo: 2_00, now: new Date() });
    expect((await dynamoLedger.refundPurchase(b.record.id, { reason: 'test', now: new Date() })).kind).toBe('not_refundable');
    const open: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await dynamoTransactions.listOpen(100, cursor);
      open.push(...page.items.map((i) => i.id));
      cursor = page.cursor;
    } while (cursor);
    expect(open).not.toContain(a.record.id);
    expect(open).not.toContain(b.record.id);
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(300_00 - 99_00);
  });
});

describe('stored items', () => {
  it('rejects: a transaction item stored malformed is refused on read, naming the entity and key, not passed on as a record', async () => {
    const id = `malformed-${Date.now()}`;
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.transaction(id), entity: 'Transaction', id, userId: 'U', amountKobo: '99.00' } }));
    const read = dynamoTransactions.get(id);
    await expect(read).rejects.toBeInstanceOf(MalformedItemError);
    await expect(read).rejects.toThrow(`malformed Transaction item (pk=TXN#${id} sk=TXN id=${id} userId=U): `);
  });

  it('rejects: a wallet whose balance is not whole kobo stops the debit instead of planning on it', async () => {
    const user = await newUser();
    await fund(user, 500_00);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.wallet(user.userId),
        UpdateExpression: 'SET balanceKobo = :odd',
        ExpressionAttributeValues: { ':odd': 100.5 },
      }),
    );
    await expect(buy(user, 100_00)).rejects.toThrow(`malformed Wallet item (pk=USER#${user.userId} sk=WALLET): balanceKobo: `);
  });
});
