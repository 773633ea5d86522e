/**
 * Placing a withdrawal (domain/withdrawals.ts) with an in-memory ledger: the amount is checked
 * before the bank is looked up or anything is debited; the debit and its `processing` record are
 * one step (the record's insert reaches the payout queue through the table's stream, see
 * transaction-outbox.test.ts); a client's request_id never debits twice.
 */
import { describe, expect, it } from 'vitest';
import type { PostResult } from '../../../functions/domain/wallet/ledger-port.js';
import type { TransactionDraft, TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import type { BankAccount } from '../../../functions/domain/money/withdrawals.js';
import { placeWithdrawal, type WithdrawalDeps, type WithdrawalInput } from '../../../functions/domain/money/withdrawal-debit.js';

const ACCOUNT: BankAccount = { bankName: 'Access Bank', bankCode: '044', accountNumber: '0123456789', accountName: 'ADA OKAFOR' };

/** One wallet; a record id is the idempotency key, as in the real ledger. */
function memoryLedger(balanceKobo: number) {
  const records = new Map<string, TransactionRecord>();
  const ledger = {
    balanceKobo,
    records,
    async debit(draft: TransactionDraft): Promise<PostResult> {
      const existing = records.get(draft.id);
      if (existing) {
        if (existing.amountKobo !== draft.amountKobo) return { kind: 'exists_with_different_amount', existing };
        if (existing.requestFingerprint !== draft.requestFingerprint) return { kind: 'exists_with_different_details', existing };
        return { kind: 'replayed', record: existing };
      }
      if (draft.amountKobo > ledger.balanceKobo) return { kind: 'insufficient_balance', balanceKobo: ledger.balanceKobo };
      const record: TransactionRecord = {
        ...draft,
        balanceBeforeKobo: ledger.balanceKobo,
        balanceAfterKobo: ledger.balanceKobo - draft.amountKobo,
        walletSeq: records.size + 1,
      };
      ledger.balanceKobo = record.balanceAfterKobo;
      records.set(record.id, record);
      return { kind: 'posted', record };
    },
  };
  return ledger;
}

function setup(balanceKobo = 1_000_00) {
  const ledger = memoryLedger(balanceKobo);
  let ids = 0;
  const deps: WithdrawalDeps = {
    ledger,
    newId: () => `01HZZZZZZZZZZZZZZZZZZZZZZ${++ids}`,
    now: () => new Date('2026-01-01T00:00:00.000Z'),
  };
  /** The withdrawals written, in order: each is handed to the payout queue by the table's stream. */
  const enqueued = () => [...ledger.records.keys()];
  const lookups: string[] = [];
  const input = (over: Partial<WithdrawalInput> = {}): WithdrawalInput => ({
    user: { userId: 'U1', userName: 'ada', userType: 'smart earner' },
    amountKobo: 500_00,
    account: async () => (lookups.push('bank'), ACCOUNT),
    ...over,
  });
  return { ledger, enqueued, lookups, deps, input };
}

describe('placeWithdrawal', () => {
  it('accepted: ₦100.50 debits exactly 10,050 kobo with its `processing` record, pays out amount − ₦50, and is handed to the payout queue', async () => {
    const { ledger, enqueued, deps, input } = setup();
    const result = await placeWithdrawal(input({ amountKobo: 100_50 }), deps);
    expect(result).toMatchObject({ kind: 'accepted', amounts: { debitKobo: 100_50, feeKobo: 50_00, payoutKobo: 50_50 } });
    if (result.kind !== 'accepted') throw new Error(result.kind);
    expect(result.record).toMatchObject({
      trans_Type: 'withdrawal',
      trans_Status: 'processing',
      amountKobo: 100_50,
      withdrawal: { ...ACCOUNT, payoutKobo: 50_50 },
    });
    expect(ledger.balanceKobo).toBe(1_000_00 - 100_50);
    expect(enqueued()).toEqual([result.record.id]);
  });

  it('refuses a wrong amount before the bank is looked up or anything is debited', async () => {
    const { ledger, enqueued, lookups, deps, input } = setup();
    expect(await placeWithdrawal(input({ amountKobo: 99_99 }), deps)).toEqual({ kind: 'below_minimum' });
    expect(await placeWithdrawal(input({ amountKobo: 0 }), deps)).toEqual({ kind: 'invalid_amount' });
    expect(await placeWithdrawal(input({ amountKobo: 100.5 }), deps)).toEqual({ kind: 'invalid_amount' });
    expect(await placeWithdrawal(input({ amountKobo: 1_000_000_01 }), deps)).toEqual({ kind: 'above_maximum' });
    expect(lookups).toEqual([]);
    expect(ledger.records.size).toBe(0);
    expect(enqueued()).toEqual([]);
  });

  it('"insufficient balance" from the ledger: nothing recorded, nothing queued', async () => {
    const { ledger, enqueued, deps, input } = setup(400_00);
    expect(await placeWithdrawal(input({ amountKobo: 400_01 }), deps)).toEqual({ kind: 'insufficient_balance' });
    expect(ledger.balanceKobo).toBe(400_00);
    expect(enqueued()).toEqual([]);
  });

  it('a replayed request_id never debits twice: the same record comes back; another amount or account under it is refused', async () => {
    const { ledger, enqueued, deps, input } = setup();
    const first = await placeWithdrawal(input({ requestId: 'req-000001' }), deps);
    const again = await placeWithdrawal(input({ requestId: 'req-000001' }), deps);
    expect(first.kind).toBe('accepted');
    expect(again).toMatchObject({ kind: 'replayed', amounts: { debitKobo: 500_00 } });
    if (first.kind !== 'accepted' || again.kind !== 'replayed') throw new Error('unexpected');
    expect(again.record.id).toBe(first.record.id);
    expect(ledger.balanceKobo).toBe(500_00);
    expect(ledger.records.size).toBe(1);
    expect(enqueued()).toEqual([first.record.id]);

    expect(await placeWithdrawal(input({ requestId: 'req-000001', amountKobo: 300_00 }), deps)).toEqual({ kind: 'exists_with_different_amount' });
    const elsewhere = input({ requestId: 'req-000001', account: async () => ({ ...ACCOUNT, accountNumber: '9876543210' }) });
    expect(await placeWithdrawal(elsewhere, deps)).toEqual({ kind: 'exists_with_different_details' });
    expect(ledger.balanceKobo).toBe(500_00);

    // Another user's same request_id is another withdrawal.
    const other = await placeWithdrawal(input({ requestId: 'req-000001', user: { userId: 'U2', userName: 'bayo', userType: 'smart earner' } }), deps);
    expect(other.kind).toBe('accepted');
  });

  it('without a request_id every request is its own withdrawal', async () => {
    const { ledger, deps, input } = setup();
    expect((await placeWithdrawal(input({ amountKobo: 100_00 }), deps)).kind).toBe('accepted');
    expect((await placeWithdrawal(input({ amountKobo: 100_00 }), deps)).kind).toBe('accepted');
    expect(ledger.balanceKobo).toBe(800_00);
  });
});
