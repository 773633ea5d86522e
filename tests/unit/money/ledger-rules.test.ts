import { describe, expect, it } from 'vitest';
import { backoffMs, chainTime, EMPTY_WALLET, recordedAt, planCredit, planDebit, verifyChain } from '../../../functions/domain/wallet/ledger.js';

describe('planDebit', () => {
  it('a debit the balance covers moves the balance down and the seq up by one', () => {
    expect(planDebit({ balanceKobo: 500, seq: 3, exists: true }, 200)).toEqual({
      ok: true,
      change: { direction: 'debit', amountKobo: 200, balanceBeforeKobo: 500, balanceAfterKobo: 300, expectedSeq: 3, nextSeq: 4, createsWallet: false },
    });
  });
  it('a debit of exactly the balance leaves zero', () => {
    expect(planDebit({ balanceKobo: 500, seq: 1, exists: true }, 500)).toMatchObject({ ok: true, change: { balanceAfterKobo: 0 } });
  });
  it('a debit larger than the balance is insufficient_balance (never negative)', () => {
    expect(planDebit({ balanceKobo: 499, seq: 1, exists: true }, 500)).toEqual({ ok: false, reason: 'insufficient_balance' });
    expect(planDebit(EMPTY_WALLET, 1)).toEqual({ ok: false, reason: 'insufficient_balance' });
  });
  it('zero, negative and fractional amounts are invalid_amount', () => {
    for (const amount of [0, -1, 1.5, Number.NaN])
      expect(planDebit({ balanceKobo: 500, seq: 1, exists: true }, amount)).toEqual({ ok: false, reason: 'invalid_amount' });
  });
});

describe('planCredit', () => {
  it('a credit moves the balance up and the seq up by one; a missing wallet is created', () => {
    expect(planCredit(EMPTY_WALLET, 700)).toMatchObject({
      ok: true,
      change: { balanceBeforeKobo: 0, balanceAfterKobo: 700, expectedSeq: 0, nextSeq: 1, createsWallet: true },
    });
  });
  it('non-positive or unsafe credits are invalid_amount', () => {
    expect(planCredit(EMPTY_WALLET, 0)).toEqual({ ok: false, reason: 'invalid_amount' });
    expect(planCredit({ balanceKobo: Number.MAX_SAFE_INTEGER, seq: 1, exists: true }, 1)).toEqual({ ok: false, reason: 'invalid_amount' });
  });
});

describe('chainTime', () => {
  it("keeps a change's own time when it is after the wallet's last change, or the wallet has none", () => {
    expect(chainTime('2026-11-28T10:00:01.000Z', { lastChangeAt: '2026-11-28T10:00:00.999Z' })).toBe('2026-11-28T10:00:01.000Z');
    expect(chainTime('2026-11-28T10:00:01.000Z', {})).toBe('2026-11-28T10:00:01.000Z');
  });

  it("rejects a time at or before the wallet's last change: one millisecond after that change instead", () => {
    expect(chainTime('2026-11-28T10:00:01.000Z', { lastChangeAt: '2026-11-28T10:00:01.000Z' })).toBe('2026-11-28T10:00:01.001Z');
    expect(chainTime('2026-11-28T09:59:00.000Z', { lastChangeAt: '2026-11-28T10:00:01.000Z' })).toBe('2026-11-28T10:00:01.001Z');
  });
});

describe('recordedAt', () => {
  it('moves a draft to the time it is recorded at, and its settlement with it when it was settled as written', () => {
    const draft = { id: 't', createdAt: '2026-11-28T10:00:00.000Z', updatedAt: '2026-11-28T10:00:00.000Z' };
    const at = '2026-11-28T10:00:00.007Z';
    expect(recordedAt(draft, at)).toEqual({ id: 't', createdAt: at, updatedAt: at });
    expect(recordedAt({ ...draft, settledAt: draft.createdAt }, at)).toEqual({ id: 't', createdAt: at, updatedAt: at, settledAt: at });
  });
});

describe('verifyChain', () => {
  const chain = [
    { id: 'a', balanceBeforeKobo: 0, balanceAfterKobo: 1000, walletSeq: 1, amountKobo: 1000 },
    { id: 'b', balanceBeforeKobo: 1000, balanceAfterKobo: 900, walletSeq: 2, amountKobo: 100 },
    { id: 'c', balanceBeforeKobo: 900, balanceAfterKobo: 1000, walletSeq: 3, amountKobo: 100 },
  ];
  it('a chain where each balance before is the previous balance after and seq counts 1, 2, 3 is valid (any input order)', () => {
    expect(verifyChain([chain[2]!, chain[0]!, chain[1]!], { balanceKobo: 1000, seq: 3 })).toEqual({ ok: true, balanceKobo: 1000, seq: 3 });
  });
  it('an empty chain matches an empty wallet', () => {
    expect(verifyChain([], { balanceKobo: 0, seq: 0 })).toMatchObject({ ok: true });
  });
  it('a missing or repeated seq is a seq_gap', () => {
    expect(verifyChain([chain[0]!, chain[2]!])).toMatchObject({ ok: false, problem: 'seq_gap', entryId: 'c' });
    expect(verifyChain([chain[0]!, { ...chain[1]!, walletSeq: 1 }])).toMatchObject({ ok: false, problem: 'seq_gap' });
  });
  it('a balance before that differs from the previous balance after is a balance_mismatch', () => {
    expect(verifyChain([chain[0]!, { ...chain[1]!, balanceBeforeKobo: 999 }])).toMatchObject({ ok: false, problem: 'balance_mismatch', entryId: 'b' });
  });
  it('an amount that does not explain the change is an amount_mismatch', () => {
    expect(verifyChain([chain[0]!, { ...chain[1]!, amountKobo: 99 }])).toMatchObject({ ok: false, problem: 'amount_mismatch' });
  });
  it('a negative balance is refused', () => {
    expect(verifyChain([{ id: 'x', balanceBeforeKobo: 0, balanceAfterKobo: -1, walletSeq: 1 }])).toMatchObject({ ok: false, problem: 'negative_balance' });
  });
  it('a wallet that does not hold the end of its chain is a wallet_mismatch', () => {
    expect(verifyChain(chain, { balanceKobo: 1001, seq: 3 })).toMatchObject({ ok: false, problem: 'wallet_mismatch' });
    expect(verifyChain(chain, { balanceKobo: 1000, seq: 4 })).toMatchObject({ ok: false, problem: 'wallet_mismatch' });
  });
});

describe('backoffMs', () => {
  it('is jittered within a ceiling that grows exponentially up to the cap', () => {
    expect(backoffMs(0, 5, 200, () => 0.999)).toBe(4);
    expect(backoffMs(3, 5, 200, () => 0.999)).toBe(39);
    expect(backoffMs(30, 5, 200, () => 0.999)).toBe(199);
    expect(backoffMs(30, 5, 200, () => 0)).toBe(0);
  });
});
