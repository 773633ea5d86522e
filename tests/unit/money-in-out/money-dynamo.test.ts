/**
 * Money in and out on a real DynamoDB Local: transfers (concurrent, opposite), withdrawals
 * (parallel against one balance, refund once, never paid twice), providers' webhooks (credited
 * once under duplicate and concurrent deliveries; unknown, unconfirmed, tampered → nothing),
 * referral reward once, earnings withdrawn once, self-upgrade charged once, KYC once.
 * The money invariants are checked after every scenario.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../../functions/adapters/dynamo/client.js';
import { dynamoEarnings, listReferrals } from '../../../functions/adapters/dynamo/money/earnings.js';
import { dynamoFunding } from '../../../functions/adapters/dynamo/money/funding.js';
import { keys } from '../../../functions/adapters/dynamo/keys.js';
import { dynamoLedger, WalletContentionError } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import {
  dynamoUpgradeOutbox,
  listUnpublishedUpgrades,
  markUpgradePublished,
  saveKyc,
  setUserType,
  upgradeToReseller,
} from '../../../functions/adapters/dynamo/accounts/profile.js';
import { dynamoProviderEvents, getProviderEvent } from '../../../functions/adapters/dynamo/money/provider-events.js';
import { readWalletTotalKobo } from '../../../functions/adapters/dynamo/transactions/sales-stats.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { transferBetweenWallets, transferFromHouse } from '../../../functions/adapters/dynamo/wallet/transfers.js';
import { HOUSE_USER_ID } from '../../../functions/domain/wallet/house-account.js';
import { createUser, getUserById, getUserByUserName } from '../../../functions/adapters/dynamo/accounts/users.js';
import { dynamoWithdrawals } from '../../../functions/adapters/dynamo/money/withdrawals.js';
import { fundingSplit, newPaymentReference } from '../../../functions/domain/money/funding.js';
import { applyPayoutStatus, payOut, requeryWithdrawal, sweepOpenWithdrawals, type PayoutDeps } from '../../../functions/domain/money/payouts.js';
import { kycDigest, upgradeFeeDraft } from '../../../functions/domain/accounts/profile.js';
import { processProviderEvent, receiveProviderWebhook, type ProcessingDeps, type ReceiverDeps } from '../../../functions/domain/money/provider-webhooks.js';
import { signWebhookBody } from '../../../functions/domain/money/provider-signatures.js';
import { rewardReferrer } from '../../../functions/domain/money/referral-rewards.js';
import { republishUpgrades } from '../../../functions/domain/purchases/sweeper.js';
import { updateUserTypeOperation } from '../../../functions/handlers/http/profile.js';
import { houseTransferDrafts, transferDrafts, transferIdForRequest } from '../../../functions/domain/wallet/transfers.js';
import { withdrawalDraft } from '../../../functions/domain/money/withdrawal-debit.js';
import { withdrawalAmounts } from '../../../functions/domain/money/withdrawals.js';
import { userUpgradedSchema, type ProviderEventMessage, type UserUpgraded } from '../../../shared/events.js';
import type { UpdateUserTypeResponse } from '../../../shared/api/profile.js';
import { MONEY_MSG } from '../../../shared/messages.js';
import { routeByOperation } from '../../../shared/routes.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { drainCounters } from '../../support/outbox.js';
import { fund, newUser } from '../money/fakes.js';
import { expectMoneyInvariants, FakeAccounts, FakeCards, FakePayouts, quietLog } from './fakes.js';

useDynamoDb({ stream: true });

const party = (u: { userId: string; userName: string; userType: 'smart earner' | 'reseller' | 'api user' }) => ({
  userId: u.userId,
  userName: u.userName,
  userType: u.userType,
});
const transfer = (from: Awaited<ReturnType<typeof newUser>>, to: Awaited<ReturnType<typeof newUser>>, amountKobo: number, id = ulid()) =>
  transferBetweenWallets(transferDrafts({ id, sender: party(from), receiver: party(to), amountKobo, now: new Date() }));
const balance = async (userId: string) => (await dynamoLedger.getWallet(userId)).balanceKobo;

describe('transfers between users', () => {
  it('debits the sender and credits the receiver in one write, with a transfer record on each side', async () => {
    const [ada, bayo] = [await newUser(), await newUser()];
    await fund(ada, 1_000_00);
    const result = await transfer(ada, bayo, 250_00);
    expect(result.kind).toBe('posted');
    if (result.kind !== 'posted') return;
    expect(result.debit).toMatchObject({ userId: ada.userId, trans_Type: 'transfer', balanceBeforeKobo: 1_000_00, balanceAfterKobo: 750_00, walletSeq: 2 });
    expect(result.credit).toMatchObject({ userId: bayo.userId, trans_Type: 'transfer', balanceBeforeKobo: 0, balanceAfterKobo: 250_00, walletSeq: 1 });
    // Both sides recorded (and settled) at one time, after each wallet's last change.
    expect(result.credit.createdAt).toBe(result.debit.createdAt);
    expect(result.debit.settledAt).toBe(result.debit.createdAt);
    expect(await balance(ada.userId)).toBe(750_00);
    expect(await balance(bayo.userId)).toBe(250_00);
    await expectMoneyInvariants([ada.userId, bayo.userId]);
  });

  it('opposite transfers between two users at the same time all settle (no deadlock, no lost update; one that gives up on the busy wallets is resent with its id)', async () => {
    const [ada, bayo] = [await newUser(), await newUser()];
    await fund(ada, 5_000_00);
    await fund(bayo, 5_000_00);
    // A transfer that ran out of its budget wrote nothing (WalletContentionError, a 503 at the edge): sent again, same id.
    const settled = async (from: typeof ada, to: typeof ada, amountKobo: number) => {
      const id = ulid();
      for (;;) {
        try {
          return await transfer(from, to, amountKobo, id);
        } catch (error) {
          if (!(error instanceof WalletContentionError)) throw error;
        }
      }
    };
    const results = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => settled(ada, bayo, 100_00 + i)),
      ...Array.from({ length: 12 }, (_, i) => settled(bayo, ada, 200_00 + i)),
    ]);
    expect(results.every((r) => r.kind === 'posted')).toBe(true);
    const sumAda = Array.from({ length: 12 }, (_, i) => 100_00 + i).reduce((a, b) => a + b, 0);
    const sumBayo = Array.from({ length: 12 }, (_, i) => 200_00 + i).reduce((a, b) => a + b, 0);
    expect(await balance(ada.userId)).toBe(5_000_00 - sumAda + sumBayo);
    expect(await balance(bayo.userId)).toBe(5_000_00 - sumBayo + sumAda);
    await expectMoneyInvariants([ada.userId, bayo.userId]);
  }, 60_000);

  it('parallel transfers from one wallet never overdraw it', async () => {
    const ada = await newUser();
    const others = await Promise.all(Array.from({ length: 4 }, () => newUser()));
    await fund(ada, 1_000_00);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => transfer(ada, others[i % others.length]!, 300_00)));
    expect(results.filter((r) => r.kind === 'posted')).toHaveLength(3);
    expect(results.filter((r) => r.kind === 'insufficient_balance')).toHaveLength(5);
    expect(await balance(ada.userId)).toBe(100_00);
    await expectMoneyInvariants([ada.userId, ...others.map((o) => o.userId)]);
  }, 60_000);

  it("a wallet-to-wallet transfer never overdraws the sender, an admin included (an admin's transfer is paid by the house account instead)", async () => {
    const admin = await newUser('smart earner', { isAdmin: true });
    const bayo = await newUser();
    await fund(admin, 100_00);
    expect(await transfer(admin, bayo, 100_01)).toMatchObject({ kind: 'insufficient_balance', balanceKobo: 100_00 });
    expect(await balance(admin.userId)).toBe(100_00);
    expect(await balance(bayo.userId)).toBe(0);
  });

  it('a repeated request id transfers once; the same id with other details is refused', async () => {
    const [ada, bayo, chi] = [await newUser(), await newUser(), await newUser()];
    await fund(ada, 1_000_00);
    const id = transferIdForRequest(ada.userId, 'request-0001');
    const results = await Promise.all(Array.from({ length: 4 }, () => transfer(ada, bayo, 100_00, id)));
    expect(results.filter((r) => r.kind === 'posted')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'replayed')).toHaveLength(3);
    expect(await transfer(ada, chi, 100_00, id)).toMatchObject({ kind: 'exists_with_different_details' });
    expect(await balance(ada.userId)).toBe(900_00);
    await expectMoneyInvariants([ada.userId, bayo.userId, chi.userId]);
  });
});

const fromHouse = (operator: Awaited<ReturnType<typeof newUser>>, to: Awaited<ReturnType<typeof newUser>>, amountKobo: number, id = ulid()) =>
  transferFromHouse(houseTransferDrafts({ id, operator: party(operator), receiver: party(to), amountKobo, now: new Date() }));

describe("an admin's transfer: a credit from the house account", () => {
  it('the house account goes below zero, the user is credited, one transfer record on each chain, the invariants hold', async () => {
    const [admin, bayo] = [await newUser('smart earner', { isAdmin: true }), await newUser()];
    const houseBefore = await balance(HOUSE_USER_ID);
    // The wallet total is summed from the stream: drain it before each read.
    await drainCounters();
    const totalBefore = await readWalletTotalKobo();
    const result = await fromHouse(admin, bayo, 7_500_00);
    expect(result.kind).toBe('posted');
    if (result.kind !== 'posted') return;
    expect(result.debit).toMatchObject({
      userId: HOUSE_USER_ID,
      trans_Type: 'transfer',
      balanceBeforeKobo: houseBefore,
      balanceAfterKobo: houseBefore - 7_500_00,
    });
    expect(result.credit).toMatchObject({
      userId: bayo.userId,
      trans_Type: 'transfer',
      balanceBeforeKobo: 0,
      balanceAfterKobo: 7_500_00,
      relatedTransactionId: result.debit.id,
    });
    expect(await balance(HOUSE_USER_ID)).toBeLessThan(0);
    expect(await balance(bayo.userId)).toBe(7_500_00);
    expect(await balance(admin.userId)).toBe(0);
    // The running total of customers' wallets leaves the house out: it grows by the credit.
    await drainCounters();
    expect(await readWalletTotalKobo()).toBe(totalBefore + 7_500_00);
    expect((await dynamoTransactions.listForUser(HOUSE_USER_ID, {})).map((r) => r.id)).toContain(result.debit.id);
    await expectMoneyInvariants([admin.userId, bayo.userId]);
  });

  it('admin credits, then the user spends and sends on: the invariants with the house account hold', async () => {
    const [admin, bayo, chi] = [await newUser('smart earner', { isAdmin: true }), await newUser(), await newUser()];
    await fromHouse(admin, bayo, 1_000_00);
    await fromHouse(admin, chi, 300_00);
    await withdraw(bayo, 400_00);
    expect((await transfer(bayo, chi, 250_00)).kind).toBe('posted');
    await expectMoneyInvariants([admin.userId, bayo.userId, chi.userId]);
  });

  it('concurrent credits with one request id credit once; the same id for another receiver is refused', async () => {
    const [admin, bayo, chi] = [await newUser('smart earner', { isAdmin: true }), await newUser(), await newUser()];
    const id = transferIdForRequest(admin.userId, 'house-request-1');
    const houseBefore = await balance(HOUSE_USER_ID);
    const results = await Promise.all(Array.from({ length: 6 }, () => fromHouse(admin, bayo, 200_00, id)));
    expect(results.filter((r) => r.kind === 'posted')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'replayed')).toHaveLength(5);
    expect(await fromHouse(admin, chi, 200_00, id)).toMatchObject({ kind: 'exists_with_different_details' });
    expect(await balance(bayo.userId)).toBe(200_00);
    expect(await balance(chi.userId)).toBe(0);
    expect(await balance(HOUSE_USER_ID)).toBe(houseBefore - 200_00);
    await expectMoneyInvariants([admin.userId, bayo.userId, chi.userId]);
  }, 60_000);

  it('only the house account pays without a balance check: neither write accepts the other kind', async () => {
    const [admin, bayo] = [await newUser('smart earner', { isAdmin: true }), await newUser()];
    await expect(
      transferFromHouse(transferDrafts({ id: ulid(), sender: party(admin), receiver: party(bayo), amountKobo: 1_00, now: new Date() })),
    ).rejects.toThrow(/house/);
    await expect(
      transferBetweenWallets(houseTransferDrafts({ id: ulid(), operator: party(admin), receiver: party(bayo), amountKobo: 1_00, now: new Date() })),
    ).rejects.toThrow(/house/);
    expect(await balance(bayo.userId)).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------

const account = { bankName: 'Access Bank', bankCode: '044', accountName: 'ADA OKAFOR' };
async function withdraw(user: Awaited<ReturnType<typeof newUser>>, amountKobo: number, accountNumber = '0123456789') {
  const amounts = withdrawalAmounts(amountKobo);
  if (!amounts.ok) throw new Error(amounts.reason);
  return dynamoLedger.debit(
    withdrawalDraft({
      id: ulid(),
      user: party(user),
      account: { ...account, accountNumber },
      amounts,
      requestFingerprint: `w:${accountNumber}`,
      now: new Date(),
    }),
  );
}
const payoutDeps = (payouts: FakePayouts): PayoutDeps => ({ withdrawals: dynamoWithdrawals, payouts, now: () => new Date(), log: quietLog });

describe('withdrawals', () => {
  it('parallel withdrawals against one balance never overdraw it', async () => {
    const user = await newUser();
    await fund(user, 1_000_00);
    const results = await Promise.all(Array.from({ length: 8 }, () => withdraw(user, 300_00)));
    expect(results.filter((r) => r.kind === 'posted')).toHaveLength(3);
    expect(results.filter((r) => r.kind === 'insufficient_balance')).toHaveLength(5);
    expect(await balance(user.userId)).toBe(100_00);
    await expectMoneyInvariants([user.userId]);
  }, 60_000);

  it('a paid-out withdrawal: the account receives amount − ₦50 under our reference, once, however often the message comes', async () => {
    const user = await newUser();
    await fund(user, 1_000_00);
    const placed = await withdraw(user, 1_000_00);
    if (placed.kind !== 'posted') throw new Error(placed.kind);
    const payouts = new FakePayouts();
    const actions = await Promise.all(Array.from({ length: 4 }, () => payOut(placed.record.id, payoutDeps(payouts))));
    // One of them claims and submits; the others either lose the claim or, arriving after the submission,
    // ask the provider and hear "pending". Which, depends on timing; that the bank is paid once does not.
    expect(actions).toContain('pending');
    expect(actions.every((a) => a === 'pending' || a === 'claimed_elsewhere')).toBe(true);
    const reference = placed.record.withdrawal!.payoutReference;
    expect(payouts.payments.get(reference)).toBe(1);
    expect(payouts.transfers.get(reference)!.amountKobo).toBe(950_00);
    payouts.settle(reference, 'success');
    const current = (await dynamoWithdrawals.get(placed.record.id))!;
    expect(await applyPayoutStatus(current, 'success', undefined, payoutDeps(payouts))).toBe('paid');
    expect(await payOut(placed.record.id, payoutDeps(payouts))).toBe('already_final');
    expect((await dynamoWithdrawals.get(placed.record.id))!.trans_Status).toBe('success');
    expect(payouts.payments.get(reference)).toBe(1);
    expect(await balance(user.userId)).toBe(0);
    await expectMoneyInvariants([user.userId]);
  });

  it('a failed payout is refunded exactly once, even when told many times at once', async () => {
    const user = await newUser();
    await fund(user, 500_00);
    const placed = await withdraw(user, 400_00, '1111111111');
    if (placed.kind !== 'posted') throw new Error(placed.kind);
    const payouts = new FakePayouts();
    await payOut(placed.record.id, payoutDeps(payouts));
    payouts.settle(placed.record.withdrawal!.payoutReference, 'failed');
    const withdrawal = (await dynamoWithdrawals.get(placed.record.id))!;
    const actions = await Promise.all(Array.from({ length: 6 }, () => applyPayoutStatus(withdrawal, 'failed', undefined, payoutDeps(payouts))));
    expect(actions.filter((a) => a === 'refunded')).toHaveLength(1);
    expect((await dynamoWithdrawals.get(placed.record.id))!.trans_Status).toBe('refunded');
    expect(await balance(user.userId)).toBe(500_00);
    // A late "success" changes nothing any more.
    expect(await applyPayoutStatus(withdrawal, 'success', undefined, payoutDeps(payouts))).toBe('already_final');
    await expectMoneyInvariants([user.userId]);
  });

  it('a payout reversed after success is refunded once', async () => {
    const user = await newUser();
    await fund(user, 500_00);
    const placed = await withdraw(user, 500_00, '2222222222');
    if (placed.kind !== 'posted') throw new Error(placed.kind);
    const payouts = new FakePayouts();
    await payOut(placed.record.id, payoutDeps(payouts));
    const pending = (await dynamoWithdrawals.get(placed.record.id))!;
    expect(await applyPayoutStatus(pending, 'success', undefined, payoutDeps(payouts))).toBe('paid');
    const paid = (await dynamoWithdrawals.get(placed.record.id))!;
    const actions = await Promise.all(Array.from({ length: 5 }, () => applyPayoutStatus(paid, 'reversed', undefined, payoutDeps(payouts))));
    expect(actions.filter((a) => a === 'refunded')).toHaveLength(1);
    expect((await dynamoWithdrawals.get(placed.record.id))!).toMatchObject({ trans_Status: 'refunded', withdrawal: { providerStatus: 'reversed' } });
    expect(await balance(user.userId)).toBe(500_00);
    await expectMoneyInvariants([user.userId]);
  });

  it('a recipient the provider refuses: refunded at once, nothing paid', async () => {
    const user = await newUser();
    await fund(user, 300_00);
    const placed = await withdraw(user, 300_00, '0000000000');
    if (placed.kind !== 'posted') throw new Error(placed.kind);
    const payouts = new FakePayouts();
    payouts.recipientRefused.add('0000000000');
    expect(await payOut(placed.record.id, payoutDeps(payouts))).toBe('refunded');
    expect(payouts.payments.size).toBe(0);
    expect(await balance(user.userId)).toBe(300_00);
    await expectMoneyInvariants([user.userId]);
  });

  it('no answer from the provider: the withdrawal waits; a re-query finds the transfer and settles it without paying twice', async () => {
    const user = await newUser();
    await fund(user, 300_00);
    const placed = await withdraw(user, 300_00, '5555555555');
    if (placed.kind !== 'posted') throw new Error(placed.kind);
    const payouts = new FakePayouts((n) => (n === '5555555555' ? { submit: 'error', settlesAs: 'success' } : { submit: 'pending' }));
    await expect(payOut(placed.record.id, payoutDeps(payouts))).rejects.toThrow(/HTTP 500/);
    expect((await dynamoWithdrawals.get(placed.record.id))!.trans_Status).toBe('processing');
    // A redelivered message checks first; so does the admin's re-query.
    expect(await payOut(placed.record.id, payoutDeps(payouts))).toBe('paid');
    expect((await requeryWithdrawal(placed.record.id, payoutDeps(payouts))).action).toBe('already_final');
    expect(payouts.payments.get(placed.record.withdrawal!.payoutReference)).toBe(1);
    await expectMoneyInvariants([user.userId]);
  });

  it('the payout sweeper heals open withdrawals (never submitted → submitted; lost webhook → settled) and never sees final ones', async () => {
    const user = await newUser();
    await fund(user, 2_000_00);
    const stranded = await withdraw(user, 300_00);
    const lostWebhook = await withdraw(user, 400_00);
    const done = await withdraw(user, 500_00, '1111111111');
    if (stranded.kind !== 'posted' || lostWebhook.kind !== 'posted' || done.kind !== 'posted') throw new Error('not placed');
    const payouts = new FakePayouts();
    await payOut(lostWebhook.record.id, payoutDeps(payouts));
    payouts.settle(lostWebhook.record.withdrawal!.payoutReference, 'success');
    await payOut(done.record.id, payoutDeps(payouts));
    await applyPayoutStatus((await dynamoWithdrawals.get(done.record.id))!, 'failed', undefined, payoutDeps(payouts));
    const open = await dynamoWithdrawals.listOpen(new Date(Date.now() + 1_000), 1_000);
    expect(open).toEqual(expect.arrayContaining([stranded.record.id, lostWebhook.record.id]));
    expect(open).not.toContain(done.record.id);
    // Younger than the threshold: left alone.
    expect(await dynamoWithdrawals.listOpen(new Date(Date.now() - 60_000), 1_000)).not.toContain(stranded.record.id);
    const report = await sweepOpenWithdrawals(payoutDeps(payouts), { olderThanMs: 0, maxItems: 1_000 });
    expect(report.errors).toBe(0);
    expect((await dynamoWithdrawals.get(stranded.record.id))!.trans_Status).toBe('pending');
    expect((await dynamoWithdrawals.get(lostWebhook.record.id))!.trans_Status).toBe('success');
    expect(await dynamoWithdrawals.listOpen(new Date(Date.now() + 1_000), 1_000)).toEqual(expect.not.arrayContaining([lostWebhook.record.id, done.record.id]));
    expect(payouts.payments.get(stranded.record.withdrawal!.payoutReference)).toBe(1);
    await expectMoneyInvariants([user.userId]);
  });

  it('a withdrawal that never reached the provider is submitted by the admin re-query; an unknown id is not found', async () => {
    const user = await newUser();
    await fund(user, 300_00);
    const placed = await withdraw(user, 300_00);
    if (placed.kind !== 'posted') throw new Error(placed.kind);
    const payouts = new FakePayouts();
    expect((await requeryWithdrawal(placed.record.id, payoutDeps(payouts))).action).toBe('pending');
    expect(payouts.payments.get(placed.record.withdrawal!.payoutReference)).toBe(1);
    expect((await requeryWithdrawal(ulid(), payoutDeps(payouts))).action).toBe('not_found');
  });
});

// ---------------------------------------------------------------------------------------------

const SECRET = 'test-provider-secret';

function webhookHarness(cards: FakeCards, accounts = new FakeAccounts(), payouts = new FakePayouts()) {
  const queued: ProviderEventMessage[] = [];
  const receiverDeps: ReceiverDeps = {
    signingSecret: async () => SECRET,
    events: dynamoProviderEvents,
    queue: { enqueue: async (m) => void queued.push(m) },
    now: () => new Date(),
  };
  const processing: ProcessingDeps = {
    events: dynamoProviderEvents,
    funding: dynamoFunding,
    withdrawals: dynamoWithdrawals,
    cards,
    accounts,
    payouts,
    findUser: getUserById,
    now: () => new Date(),
    log: quietLog,
  };
  return { queued, receiverDeps, processing };
}

async function cardIntent(user: Awaited<ReturnType<typeof newUser>>, amountKobo: number) {
  const reference = newPaymentReference(() => ulid());
  const now = new Date().toISOString();
  await dynamoFunding.createIntent({
    provider: 'squad',
    reference,
    userId: user.userId,
    userName: user.userName,
    email: user.email,
    amountKobo,
    status: 'initiated',
    createdAt: now,
    updatedAt: now,
  });
  return reference;
}

const squadBody = (reference: string, amount = 100000) =>
  Buffer.from(JSON.stringify({ Event: 'charge_successful', TransactionRef: reference, Body: { amount, transaction_ref: reference } }));

describe("providers' webhooks", () => {
  it('duplicate and concurrent deliveries of one card payment credit the wallet once (paid − 1%)', async () => {
    const user = await newUser();
    const reference = await cardIntent(user, 1_000_00);
    const cards = new FakeCards();
    cards.pay(reference, 1_000_00);
    const h = webhookHarness(cards);
    const raw = squadBody(reference);
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => receiveProviderWebhook('squad', raw, signWebhookBody('squad', SECRET, raw), h.receiverDeps)),
    );
    expect(outcomes.every((o) => o.kind === 'accepted')).toBe(true);
    expect(outcomes.filter((o) => o.kind === 'accepted' && !o.duplicate)).toHaveLength(1);
    // Every queued copy processed at once, plus stragglers afterwards.
    await Promise.all(h.queued.map((m) => processProviderEvent(m, h.processing)));
    await processProviderEvent({ provider: 'squad', eventKey: reference }, h.processing);
    expect(await balance(user.userId)).toBe(fundingSplit(1_000_00).creditKobo);
    expect((await dynamoFunding.getIntent('squad', reference))!.status).toBe('credited');
    expect((await getProviderEvent('squad', reference))!).toMatchObject({ status: 'processed', deliveries: 5 });
    // A replay after processing is acknowledged and not even queued.
    const replay = await receiveProviderWebhook('squad', raw, signWebhookBody('squad', SECRET, raw), h.receiverDeps);
    expect(replay).toMatchObject({ kind: 'accepted', duplicate: true, enqueued: false });
    await expectMoneyInvariants([user.userId]);
  });

  it('credits what the provider confirms, not what the webhook claims', async () => {
    const user = await newUser();
    const reference = await cardIntent(user, 1_000_00);
    const cards = new FakeCards();
    cards.pay(reference, 200_00);
    const h = webhookHarness(cards);
    const raw = squadBody(reference, 999_999_00);
    await receiveProviderWebhook('squad', raw, signWebhookBody('squad', SECRET, raw), h.receiverDeps);
    await processProviderEvent(h.queued[0]!, h.processing);
    expect(await balance(user.userId)).toBe(198_00);
  });

  it('an unknown reference, an unconfirmed payment or an abandoned one changes no balance', async () => {
    const user = await newUser();
    const cards = new FakeCards();
    const h = webhookHarness(cards);
    const unknown = `VTU${ulid()}`;
    cards.pay(unknown, 1_000_00);
    const pending = await cardIntent(user, 1_000_00);
    cards.pay(pending, 1_000_00, 'pending');
    const abandoned = await cardIntent(user, 1_000_00);
    cards.pay(abandoned, 1_000_00, 'abandoned');
    const notAtProvider = await cardIntent(user, 1_000_00);
    for (const reference of [unknown, pending, abandoned, notAtProvider]) {
      const raw = squadBody(reference);
      await receiveProviderWebhook('squad', raw, signWebhookBody('squad', SECRET, raw), h.receiverDeps);
    }
    expect(await processProviderEvent(h.queued[0]!, h.processing)).toEqual({ status: 'ignored', outcome: 'unknown_reference' });
    await expect(processProviderEvent(h.queued[1]!, h.processing)).rejects.toThrow(/not final yet/);
    expect(await processProviderEvent(h.queued[2]!, h.processing)).toEqual({ status: 'ignored', outcome: 'not_successful' });
    expect(await processProviderEvent(h.queued[3]!, h.processing)).toEqual({ status: 'ignored', outcome: 'not_found_at_provider' });
    expect(await balance(user.userId)).toBe(0);
  });

  it('a tampered body or a wrong signature stores nothing and credits nothing', async () => {
    const user = await newUser();
    const reference = await cardIntent(user, 1_000_00);
    const cards = new FakeCards();
    cards.pay(reference, 1_000_00);
    const h = webhookHarness(cards);
    const raw = squadBody(reference);
    const tampered = squadBody(reference, 5_000_000);
    expect(await receiveProviderWebhook('squad', tampered, signWebhookBody('squad', SECRET, raw), h.receiverDeps)).toMatchObject({ kind: 'unauthorized' });
    expect(await receiveProviderWebhook('squad', raw, signWebhookBody('squad', 'not-the-secret', raw), h.receiverDeps)).toMatchObject({ kind: 'unauthorized' });
    expect(await receiveProviderWebhook('squad', raw, {}, h.receiverDeps)).toMatchObject({ kind: 'unauthorized', check: 'missing' });
    expect(await getProviderEvent('squad', reference)).toBeUndefined();
    expect(h.queued).toEqual([]);
    expect(await balance(user.userId)).toBe(0);
  });

  it('a transfer into a reserved account credits its owner once; into an account they do not hold, nothing', async () => {
    const user = await newUser();
    const accounts = new FakeAccounts();
    const reserved = await accounts.reserve();
    await dynamoFunding.saveReservedAccounts(user.userId, reserved.accounts, new Date());
    const h = webhookHarness(new FakeCards(), accounts);
    const base = { status: 'success' as const, currency: 'NGN', productType: 'RESERVED_ACCOUNT', accountReference: user.userId, amountKobo: 2_000_00 };
    accounts.transfers.set('MNFY|A', { ...base, transactionReference: 'MNFY|A', destinationAccountNumber: reserved.accounts[0]!.accountNumber });
    accounts.transfers.set('MNFY|B', { ...base, transactionReference: 'MNFY|B', destinationAccountNumber: '9999999999' });
    for (const ref of ['MNFY|A', 'MNFY|A', 'MNFY|B']) {
      const raw = Buffer.from(
        JSON.stringify({
          eventType: 'SUCCESSFUL_TRANSACTION',
          eventData: { transactionReference: ref, product: { type: 'RESERVED_ACCOUNT', reference: user.userId } },
        }),
      );
      await receiveProviderWebhook('monnify', raw, signWebhookBody('monnify', SECRET, raw), h.receiverDeps);
    }
    const results = await Promise.all([...h.queued, ...h.queued].map((m) => processProviderEvent(m, h.processing)));
    expect(results.filter((r) => r.status === 'processed' && 'outcome' in r && r.outcome.startsWith('credited'))).toHaveLength(1);
    expect(await balance(user.userId)).toBe(1_980_00);
    expect((await getProviderEvent('monnify', 'SUCCESSFUL_TRANSACTION:MNFY|B'))!).toMatchObject({ status: 'ignored', outcome: 'unknown_account' });
    // The first set of reserved accounts stays.
    expect(await dynamoFunding.saveReservedAccounts(user.userId, [{ bankName: 'Other', accountNumber: '1' }], new Date())).toEqual(reserved.accounts);
    await expectMoneyInvariants([user.userId]);
  });

  it("a payout webhook settles by the provider's verify answer; the reversal after success refunds once", async () => {
    const user = await newUser();
    await fund(user, 600_00);
    const placed = await withdraw(user, 600_00, '2222222222');
    if (placed.kind !== 'posted') throw new Error(placed.kind);
    const payouts = new FakePayouts();
    await payOut(placed.record.id, payoutDeps(payouts));
    const reference = placed.record.withdrawal!.payoutReference;
    const h = webhookHarness(new FakeCards(), new FakeAccounts(), payouts);
    const deliver = async (event: string) => {
      const raw = Buffer.from(JSON.stringify({ event, data: { reference, status: event.split('.')[1] } }));
      await receiveProviderWebhook('paystack', raw, signWebhookBody('paystack', SECRET, raw), h.receiverDeps);
    };
    payouts.settle(reference, 'success');
    await deliver('transfer.success');
    await processProviderEvent(h.queued.shift()!, h.processing);
    expect((await dynamoWithdrawals.get(placed.record.id))!.trans_Status).toBe('success');
    payouts.settle(reference, 'reversed');
    await deliver('transfer.reversed');
    await deliver('transfer.reversed');
    await Promise.all(h.queued.map((m) => processProviderEvent(m, h.processing)));
    expect((await dynamoWithdrawals.get(placed.record.id))!.trans_Status).toBe('refunded');
    expect(await balance(user.userId)).toBe(600_00);
    await expectMoneyInvariants([user.userId]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('referrals, earnings, upgrade and KYC', () => {
  async function referredPair() {
    const referrer = await newUser();
    const suffix = ulid().toLowerCase();
    const created = await createUser({
      userName: `r${suffix.slice(-12)}`,
      email: `r${suffix}@example.com`,
      phoneNumber: '08000000000',
      passwordHash: 'x',
      referredBy: referrer.userName,
      referrerId: referrer.userId,
    });
    if (!created.ok) throw new Error(created.reason);
    return { referrer, referred: created.user };
  }

  it('registration with a referral link records the referral under the referrer (nothing earned yet)', async () => {
    const { referrer, referred } = await referredPair();
    expect(await listReferrals(referrer.userId)).toEqual([
      expect.objectContaining({ referredUserId: referred.userId, userName: referred.userName, amountEarnedKobo: 0 }),
    ]);
  });

  it('concurrent self-upgrades charge ₦1000 once; below ₦1000 nothing changes', async () => {
    const user = await newUser();
    await fund(user, 999_99);
    const now = new Date();
    expect(await upgradeToReseller(upgradeFeeDraft({ id: ulid(), user, now }), now)).toMatchObject({ kind: 'insufficient_balance' });
    expect((await getUserById(user.userId))!.userType).toBe('smart earner');
    await fund(user, 1_500_01);
    const results = await Promise.all(Array.from({ length: 5 }, () => upgradeToReseller(upgradeFeeDraft({ id: ulid(), user, now }), now)));
    expect(results.filter((r) => r.kind === 'upgraded')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'not_a_smart_earner')).toHaveLength(4);
    expect((await getUserById(user.userId))!.userType).toBe('reseller');
    expect(await balance(user.userId)).toBe(1_500_00);
    await expectMoneyInvariants([user.userId]);
  });

  it('the referral reward is paid once however often UserUpgraded is delivered, and only into earnings', async () => {
    const { referrer, referred } = await referredPair();
    const event = {
      userId: referred.userId,
      userName: referred.userName,
      referredBy: referrer.userName,
      fromType: 'smart earner' as const,
      toType: 'reseller' as const,
      transactionId: ulid(),
      upgradedAt: new Date().toISOString(),
    };
    const deps = { earnings: dynamoEarnings, findUserByUserName: getUserByUserName, now: () => new Date(), log: quietLog };
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => rewardReferrer(event, deps)));
    expect(outcomes.filter((o) => o === 'rewarded')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already_rewarded')).toHaveLength(5);
    expect(await dynamoEarnings.get(referrer.userId)).toEqual({ earningBalanceKobo: 500_00, totalEarnedKobo: 500_00, totalWithdrawnKobo: 0 });
    expect(await balance(referrer.userId)).toBe(0);
    expect(await listReferrals(referrer.userId)).toEqual([expect.objectContaining({ userName: referred.userName, amountEarnedKobo: 500_00 })]);
    // No reward for an unreferred upgrade.
    expect(await rewardReferrer({ ...event, referredBy: null }, deps)).toBe('not_referred');

    // Moving earnings to the wallet: the whole balance, once, whoever races.
    const moves = await Promise.all(
      Array.from({ length: 4 }, () =>
        dynamoEarnings.withdraw(
          party(referrer),
          () => ulid(),
          () => new Date(),
        ),
      ),
    );
    expect(moves.filter((m) => m.kind === 'withdrawn')).toHaveLength(1);
    expect(moves.filter((m) => m.kind === 'nothing_to_withdraw')).toHaveLength(3);
    expect(await balance(referrer.userId)).toBe(500_00);
    expect(await dynamoEarnings.get(referrer.userId)).toEqual({ earningBalanceKobo: 0, totalEarnedKobo: 500_00, totalWithdrawnKobo: 500_00 });
    await expectMoneyInvariants([referrer.userId, referred.userId]);
  });

  it('a failed UserUpgraded publish stays in the outbox; the sweeper re-publishes it and the referrer is paid exactly once', async () => {
    const { referrer, referred } = await referredPair();
    await fund(referred, 1_000_00);
    const rewardDeps = { earnings: dynamoEarnings, findUserByUserName: getUserByUserName, now: () => new Date(), log: quietLog };
    // The bus as the consumer sees it: every publish is delivered to the referral-rewards consumer.
    const delivered: UserUpgraded[] = [];
    const bus = async (detail: UserUpgraded) => {
      delivered.push(detail);
      await rewardReferrer(userUpgradedSchema.parse(detail), rewardDeps);
    };
    const updateUserType = updateUserTypeOperation({
      findUser: getUserById,
      balanceKobo: async (userId) => (await dynamoLedger.getWallet(userId)).balanceKobo,
      upgrade: upgradeToReseller,
      setUserType,
      requestReservedAccounts: async () => undefined,
      publishUpgraded: async () => {
        throw new Error('EventBridge PutEvents: service unavailable');
      },
      markUpgradePublished,
      identity: () => {
        throw new Error('not used');
      },
      saveKyc: async () => ({ kind: 'saved' }),
      saveWebhookUrl: async () => undefined,
      allowLoopbackWebhooks: () => false,
      webhookHostAllowed: async () => {
        throw new Error('not used');
      },
      newWebhookSecret: () => 'whsec',
      newId: () => ulid(),
      now: () => new Date(),
      log: quietLog,
    });
    const principal = {
      userId: referred.userId,
      userName: referred.userName,
      userType: referred.userType,
      isAdmin: false,
      isAgent: false,
      isCouponVendor: false,
    };
    const answer = await updateUserType({
      event: {} as never,
      route: routeByOperation('updateUserType'),
      headers: {},
      body: { userType: 'reseller' },
      query: {},
      params: { id: referred.userId },
      sourceIp: '127.0.0.1',
      principal,
    });
    expect(answer.body).toMatchObject({ msg: MONEY_MSG.upgraded, user: { userType: 'reseller', balance: 0 } });
    expect(await dynamoEarnings.get(referrer.userId)).toEqual({ earningBalanceKobo: 0, totalEarnedKobo: 0, totalWithdrawnKobo: 0 });
    const inOutbox = async () => (await listUnpublishedUpgrades(1_000, new Date(Date.now() + 60_000))).filter((u) => u.userId === referred.userId);
    expect(await inOutbox()).toEqual([expect.objectContaining({ userName: referred.userName, referredBy: referrer.userName })]);
    // The outbox entry is not part of the profile.
    expect(Object.keys((await getUserById(referred.userId))!).filter((k) => k.startsWith('gsi'))).toEqual([]);

    const sweepDeps = { outbox: dynamoUpgradeOutbox, publishUpgraded: bus, now: () => new Date(), log: quietLog };
    // Within the grace period the sweeper leaves it to the request that wrote it.
    await republishUpgrades({ ...sweepDeps, now: () => new Date(Date.now() - 60_000) }, { graceMs: 30_000, maxItems: 1_000 });
    expect(delivered.filter((d) => d.userId === referred.userId)).toHaveLength(0);

    // The first sweep publishes it; a publish that succeeds but whose mark is lost is published again: still paid once.
    await republishUpgrades(
      {
        ...sweepDeps,
        outbox: {
          ...dynamoUpgradeOutbox,
          markPublished: async () => {
            throw new Error('lost');
          },
        },
      },
      { graceMs: 0, maxItems: 1_000 },
    );
    await Promise.all([republishUpgrades(sweepDeps, { graceMs: 0, maxItems: 1_000 }), republishUpgrades(sweepDeps, { graceMs: 0, maxItems: 1_000 })]);
    await republishUpgrades(sweepDeps, { graceMs: 0, maxItems: 1_000 });
    const mine = delivered.filter((d) => d.userId === referred.userId);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine[0]).toMatchObject({
      userName: referred.userName,
      referredBy: referrer.userName,
      fromType: 'smart earner',
      toType: 'reseller',
      transactionId: (answer.body as UpdateUserTypeResponse).receipt!._id,
    });
    expect(await inOutbox()).toEqual([]);
    // The mark is bookkeeping on the stored profile, not a profile field: read the item itself.
    const { Item: profileItem } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.userProfile(referred.userId), ConsistentRead: true }));
    expect(profileItem).toMatchObject({ upgradePublishedAt: expect.any(String) });
    expect(await dynamoEarnings.get(referrer.userId)).toEqual({ earningBalanceKobo: 500_00, totalEarnedKobo: 500_00, totalWithdrawnKobo: 0 });
    expect(await listReferrals(referrer.userId)).toEqual([expect.objectContaining({ userName: referred.userName, amountEarnedKobo: 500_00 })]);
    await expectMoneyInvariants([referrer.userId, referred.userId]);
  });

  it('KYC is stored once; the same NIN cannot verify a second account', async () => {
    const [ada, bayo] = [await newUser(), await newUser()];
    const nin = `1${String(Date.now()).slice(-10)}`;
    const input = (userId: string) => ({
      userId,
      method: 'nin' as const,
      number: nin,
      digest: kycDigest('nin', nin),
      verifiedName: 'ADA OKAFOR',
      now: new Date(),
    });
    expect(await saveKyc(input(ada.userId))).toEqual({ kind: 'saved' });
    expect((await getUserById(ada.userId))!.nin).toBe(nin);
    expect(await saveKyc({ ...input(ada.userId), method: 'bvn', digest: kycDigest('bvn', nin) })).toEqual({ kind: 'already_set' });
    expect(await saveKyc(input(bayo.userId))).toEqual({ kind: 'number_in_use' });
    expect((await getUserById(bayo.userId))!.nin).toBeNull();
  });
});
