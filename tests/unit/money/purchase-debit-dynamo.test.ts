/** A purchase's debit on DynamoDB Local: its service locks read before the write, and the wallet read with the caller's profile. */
import { describe, expect, it } from 'vitest';
import { dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { dynamoServiceLocks } from '../../../functions/adapters/dynamo/purchases/settings.js';
import type { WalletState } from '../../../functions/domain/wallet/ledger.js';
import { placeAirtimePurchase } from '../../../functions/domain/purchases/purchases.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { chainOf, directoryOf, fund, harness, newUser, FakeSupplier } from './fakes.js';

useDynamoDb();

const h = harness(directoryOf(new FakeSupplier('ALARO', () => 'delivered')));
const buy = (user: { userId: string; userName: string }, options: { knownWallet?: WalletState; requestId?: string; network?: 'MTN' | 'GLO' } = {}) =>
  placeAirtimePurchase(
    {
      userId: user.userId,
      userName: user.userName,
      userType: 'smart earner',
      network: options.network ?? 'MTN',
      phoneNumber: '08011111111',
      faceValueKobo: 100_00,
      requestId: options.requestId,
      knownWallet: options.knownWallet,
    },
    h.purchase,
  );
const setLock = (serviceName: 'GLO', serviceStatus: 'locked' | 'available') =>
  dynamoServiceLocks.set({ serviceName, serviceType: 'airtime', serviceStatus, updatedAt: new Date().toISOString() });

describe('service locks read before the debit', () => {
  it('a locked network refuses the purchase with no money moved and no record; unlocking lets it through', async () => {
    const user = await newUser();
    await fund(user, 500_00);
    await setLock('GLO', 'locked');
    expect(await buy(user, { network: 'GLO' })).toEqual({ kind: 'service_locked', serviceName: 'GLO', serviceType: 'airtime' });
    expect((await chainOf(user.userId)).records).toHaveLength(1);
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(500_00);
    await setLock('GLO', 'available');
    expect((await buy(user, { network: 'GLO' })).kind).toBe('accepted');
  });

  it('a retry of a purchase accepted before the lock answers its receipt instead of a refusal, charging nothing more', async () => {
    const user = await newUser();
    await fund(user, 500_00);
    const first = await buy(user, { network: 'GLO', requestId: 'before-the-lock-1' });
    await setLock('GLO', 'locked');
    const retry = await buy(user, { network: 'GLO', requestId: 'before-the-lock-1' });
    await setLock('GLO', 'available');
    expect(first.kind).toBe('accepted');
    expect(retry.kind).toBe('replayed');
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(500_00 - 99_00);
  });
});

describe('the wallet read with the caller profile', () => {
  it('a stale known wallet only costs a retry: before/after come from the real wallet', async () => {
    const user = await newUser();
    await fund(user, 500_00);
    const stale = await dynamoLedger.getWallet(user.userId);
    await fund(user, 100_00);
    const result = await buy(user, { knownWallet: stale });
    expect(result.kind).toBe('accepted');
    if (result.kind !== 'accepted') return;
    expect(result.record).toMatchObject({ balanceBeforeKobo: 600_00, balanceAfterKobo: 501_00 });
    expect((await chainOf(user.userId)).check.ok).toBe(true);
  });

  it('a known wallet too poor for the purchase is read again, so money that just arrived is spendable', async () => {
    const user = await newUser();
    const empty = await dynamoLedger.getWallet(user.userId);
    await fund(user, 500_00);
    expect((await buy(user, { knownWallet: empty })).kind).toBe('accepted');
  });

  it('a known wallet that overstates the balance never lets the wallet go negative', async () => {
    const user = await newUser();
    await fund(user, 50_00);
    const generous: WalletState = { balanceKobo: 1_000_00, seq: 1, exists: true };
    expect((await buy(user, { knownWallet: generous })).kind).toBe('insufficient_balance');
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(50_00);
  });
});
