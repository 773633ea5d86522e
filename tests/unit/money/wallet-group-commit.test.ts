/** Group commit's plan, pure: queue order, one chain link each, refusals that leave no gap. */
import { describe, expect, it } from 'vitest';
import { verifyChain } from '../../../functions/domain/wallet/ledger.js';
import { nextLookWaitMs, planGroup, type QueuedChange } from '../../../functions/domain/wallet/wallet-group-commit.js';
import type { TransactionDraft } from '../../../functions/domain/transactions/transactions.js';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const draft = (id: string, amountKobo: number): TransactionDraft => ({
  id,
  userId: 'u1',
  trans_UserName: 'u1',
  trans_Type: 'airtime',
  trans_Status: 'processing',
  trans_Network: 'MTN',
  phone_number: '08011111111',
  amountKobo,
  description: '',
  createdAt: '2026-11-28T10:00:00Z',
  updatedAt: '2026-11-28T10:00:00Z',
});
const queued = (queueKey: string, amountKobo: number, direction: 'debit' | 'credit' = 'debit', expiresAtMs = NOW + 1_000): QueuedChange => ({
  queueKey,
  direction,
  draft: draft(queueKey, amountKobo),
  expiresAtMs,
});

describe('planning a group commit', () => {
  it('changes are chained in queue order from the wallet as read, whatever order they were read in', () => {
    const plan = planGroup({ balanceKobo: 1_000, seq: 4, exists: true }, [queued('b', 300), queued('a', 200), queued('c', 100, 'credit')], NOW, 32);
    expect(plan.accepted.map(({ record }) => [record.id, record.balanceBeforeKobo, record.balanceAfterKobo, record.walletSeq])).toEqual([
      ['a', 1_000, 800, 5],
      ['b', 800, 500, 6],
      ['c', 500, 600, 7],
    ]);
    // All three were stamped at the same instant: each is recorded a millisecond after the one before it.
    expect(plan.accepted.map(({ record }) => record.createdAt)).toEqual(['2026-11-28T10:00:00Z', '2026-11-28T10:00:00.001Z', '2026-11-28T10:00:00.002Z']);
    expect(plan.wallet).toEqual({ expectedSeq: 4, nextSeq: 7, balanceAfterKobo: 600, createsWallet: false, changedAt: '2026-11-28T10:00:00.002Z' });
  });

  it("changes stamped before the wallet's last change are recorded after it, in chain order: a statement in time order is the chain", () => {
    const last = '2026-11-28T10:00:05.000Z';
    const plan = planGroup({ balanceKobo: 1_000, seq: 4, exists: true, lastChangeAt: last }, [queued('a', 200), queued('b', 300)], NOW, 32);
    expect(plan.accepted.map(({ record }) => [record.walletSeq, record.createdAt, record.updatedAt])).toEqual([
      [5, '2026-11-28T10:00:05.001Z', '2026-11-28T10:00:05.001Z'],
      [6, '2026-11-28T10:00:05.002Z', '2026-11-28T10:00:05.002Z'],
    ]);
    expect(plan.wallet.changedAt).toBe('2026-11-28T10:00:05.002Z');
    // Rejection: nothing accepted leaves the wallet's time as it was.
    expect(planGroup({ balanceKobo: 0, seq: 4, exists: true, lastChangeAt: last }, [queued('c', 200)], NOW, 32).wallet.changedAt).toBe(last);
  });

  it('a debit the running balance does not cover is refused with the balance it met, and leaves no gap in the chain', () => {
    const plan = planGroup({ balanceKobo: 500, seq: 1, exists: true }, [queued('1', 300), queued('2', 300), queued('3', 200)], NOW, 32);
    expect(plan.accepted.map(({ record }) => record.id)).toEqual(['1', '3']);
    expect(plan.refused).toEqual([{ queueKey: '2', balanceKobo: 200 }]);
    const prior = { id: 'funding', balanceBeforeKobo: 0, balanceAfterKobo: 500, walletSeq: 1 };
    expect(
      verifyChain([prior, ...plan.accepted.map(({ record }) => record)], { balanceKobo: plan.wallet.balanceAfterKobo, seq: plan.wallet.nextSeq }),
    ).toMatchObject({ ok: true, balanceKobo: 0 });
  });

  it('a change whose writer stopped waiting is never committed, and a group takes at most its limit', () => {
    const queue = [queued('0-expired', 100, 'debit', NOW), ...Array.from({ length: 40 }, (_, i) => queued(`1-${String(i).padStart(2, '0')}`, 1))];
    const plan = planGroup({ balanceKobo: 1_000, seq: 0, exists: true }, queue, NOW, 32);
    expect(plan.accepted).toHaveLength(32);
    expect(plan.accepted.some(({ record }) => record.id === '0-expired')).toBe(false);
  });

  it('a wallet not yet created is planned from zero and created by the write', () => {
    const plan = planGroup({ balanceKobo: 0, seq: 0, exists: false }, [queued('a', 100), queued('b', 50, 'credit')], NOW, 32);
    expect(plan.refused).toEqual([{ queueKey: 'a', balanceKobo: 0 }]);
    expect(plan.wallet).toEqual({ expectedSeq: 0, nextSeq: 1, balanceAfterKobo: 50, createsWallet: true, changedAt: '2026-11-28T10:00:00Z' });
  });
});

describe('one request queued twice', () => {
  it('is planned once: one record, one chain link', () => {
    const twice = { ...queued('2', 300), draft: draft('same-request', 300) };
    const once = { ...queued('1', 300), draft: draft('same-request', 300) };
    const plan = planGroup({ balanceKobo: 1_000, seq: 0, exists: true }, [twice, once], NOW, 32);
    expect(plan.accepted.map(({ record }) => [record.id, record.walletSeq])).toEqual([['same-request', 1]]);
    expect(plan.wallet).toMatchObject({ nextSeq: 1, balanceAfterKobo: 700 });
  });
});

describe('a transfer in a group commit', () => {
  it("credits the other wallet in the same plan, chained from that wallet's own read", () => {
    const transfer = (key: string, amountKobo: number, to: string) => ({
      ...queued(key, amountKobo),
      counterpart: { ...draft(`${key}-credit`, amountKobo), userId: to },
    });
    const plan = planGroup(
      { balanceKobo: 1_000, seq: 3, exists: true },
      [transfer('a', 100, 'u2'), queued('b', 50), transfer('c', 200, 'u2'), transfer('d', 10, 'u3')],
      NOW,
      32,
      new Map([['u2', { balanceKobo: 5, seq: 9, exists: true }]]),
    );
    // u3 was not read: its transfer waits for a later commit.
    expect(
      plan.accepted.map(({ record, counterpartRecord }) => [record.id, record.walletSeq, counterpartRecord?.balanceAfterKobo, counterpartRecord?.walletSeq]),
    ).toEqual([
      ['a', 4, 105, 10],
      ['b', 5, undefined, undefined],
      ['c', 6, 305, 11],
    ]);
    expect(plan.counterparts).toEqual([
      { userId: 'u2', expectedSeq: 9, nextSeq: 11, balanceAfterKobo: 305, createsWallet: false, changedAt: '2026-11-28T10:00:00.001Z' },
    ]);
    expect(plan.wallet).toMatchObject({ nextSeq: 6, balanceAfterKobo: 650 });
  });

  it('a transfer the balance does not cover credits nobody', () => {
    const plan = planGroup(
      { balanceKobo: 100, seq: 0, exists: true },
      [{ ...queued('a', 500), counterpart: { ...draft('a-credit', 500), userId: 'u2' } }],
      NOW,
      32,
      new Map([['u2', { balanceKobo: 0, seq: 0, exists: true }]]),
    );
    expect(plan.accepted).toEqual([]);
    expect(plan.counterparts).toEqual([]);
    expect(plan.refused).toEqual([{ queueKey: 'a', balanceKobo: 100 }]);
  });
});

describe("pacing a queued writer's looks at its queue", () => {
  const pacing = { baseMs: 25, capMs: 500, looksPerWait: 3 };
  const lowest = () => 0;
  const highest = () => 0.999;

  it("behind the head, a writer waits at least its pacing's number of looks as slow as its last one before it looks again", () => {
    expect(nextLookWaitMs(0, { ms: 80, behindHead: true }, pacing, lowest)).toBe(240);
    expect(nextLookWaitMs(240, { ms: 80, behindHead: true }, pacing, highest)).toBeLessThanOrEqual(500);
    // Fast looks (as on AWS) keep the waits short.
    expect(nextLookWaitMs(0, { ms: 4, behindHead: true }, pacing, lowest)).toBe(25);
  });

  it('never waits past the cap, however slow the looks', () => {
    expect(nextLookWaitMs(500, { ms: 2_000, behindHead: true }, pacing, highest)).toBe(500);
  });

  it('rejects: the head, whose commit the others wait on, keeps the plain jitter from the base however slow its looks', () => {
    expect(nextLookWaitMs(0, { ms: 300, behindHead: false }, pacing, lowest)).toBe(25);
    expect(nextLookWaitMs(100, { ms: 300, behindHead: false }, pacing, highest)).toBeLessThan(300);
  });
});
