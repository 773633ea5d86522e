/** Settle as delivered (domain/money-desk/settle-as-delivered.ts): when a refund is taken back, from whom, once, and when the item is flagged instead. */
import { describe, expect, it } from 'vitest';
import { refundReversalIdFor } from '../../../functions/domain/ids.js';
import type { Discrepancy, DiscrepancyResolution } from '../../../functions/domain/money-desk/reconciliation-port.js';
import {
  refundReversalDraft,
  settleAsDelivered,
  shortfallKobo,
  type RefundReversal,
  type RefundReversalOutcome,
  type SettleDeps,
} from '../../../functions/domain/money-desk/settle-as-delivered.js';
import { contributionOf } from '../../../functions/domain/transactions/listing-aggregates.js';
import { listingFigures, type TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import { statDeltasOf } from '../../../functions/domain/transactions/platform-counters.js';

const DAY = '2026-03-10';
const NOW = new Date('2026-03-11T08:00:00.000Z');

const refunded = (over: Partial<TransactionRecord> = {}): TransactionRecord => ({
  id: 'P1',
  userId: 'u1',
  trans_UserName: 'ada',
  userType: 'reseller',
  trans_Type: 'airtime',
  trans_Status: 'refunded',
  trans_Network: 'MTN',
  phone_number: '08011111111',
  amountKobo: 99_00,
  costKobo: 97_00,
  balanceBeforeKobo: 500_00,
  balanceAfterKobo: 401_00,
  walletSeq: 2,
  createdAt: '2026-03-10T09:00:00.000Z',
  updatedAt: '2026-03-10T09:01:00.000Z',
  settledAt: '2026-03-10T09:01:00.000Z',
  description: '',
  supplier: 'ALARO',
  refundTransactionId: 'R1',
  ...over,
});

const discrepancy = (over: Partial<Discrepancy> = {}): Discrepancy => ({
  supplier: 'ALARO',
  day: DAY,
  runId: 'run',
  requestId: 'P1',
  kind: 'supplier-only',
  note: 'charged by the supplier, refunded by us',
  ourStatus: 'refunded',
  ourCostKobo: 97_00,
  theirChargeKobo: 97_00,
  userName: 'ada',
  amountKobo: 99_00,
  checkedAt: NOW.toISOString(),
  ...over,
});

/**
 * An in-memory world: one discrepancy, one purchase, one wallet. Its reversal does what the one
 * conditional write does — all or nothing, the debit at most once, never below zero.
 */
function world(options: { balanceKobo: number; item?: Discrepancy | undefined; purchase?: TransactionRecord | undefined }) {
  const state = {
    item: 'item' in options ? options.item : discrepancy(),
    purchase: 'purchase' in options ? options.purchase : refunded(),
    balanceKobo: options.balanceKobo,
    debits: [] as TransactionRecord[],
  };
  const resolvable = () => !!state.item && (!state.item.resolution || state.item.resolution.action === 'flagged');
  const reversals = {
    async reverseRefund(reversal: RefundReversal): Promise<RefundReversalOutcome> {
      if (state.debits.some((d) => d.id === reversal.draft.id)) return { kind: 'already_reversed' };
      if (state.balanceKobo < reversal.draft.amountKobo) return { kind: 'insufficient_balance', balanceKobo: state.balanceKobo };
      const p = state.purchase;
      if (p?.trans_Status !== 'refunded' || p.refundReversalId || p.refundTransactionId !== reversal.purchase.refundTransactionId) {
        return { kind: 'purchase_changed' };
      }
      if (!resolvable()) return { kind: 'already_resolved' };
      const debit = {
        ...reversal.draft,
        balanceBeforeKobo: state.balanceKobo,
        balanceAfterKobo: state.balanceKobo - reversal.draft.amountKobo,
        walletSeq: 9,
      };
      state.balanceKobo -= reversal.draft.amountKobo;
      state.debits.push(debit);
      state.purchase = { ...p, trans_Status: 'success', supplier: reversal.supplier, profitKobo: reversal.profitKobo, refundReversalId: debit.id };
      state.item = { ...state.item!, resolution: reversal.resolution };
      return { kind: 'reversed', debit };
    },
  };
  const deps: SettleDeps = {
    store: {
      discrepancy: async () => state.item,
      resolve: async (_day, _supplier, _id, resolution: DiscrepancyResolution) => {
        if (!resolvable()) return false;
        state.item = { ...state.item!, resolution };
        return true;
      },
    },
    purchases: { getMany: async (ids) => (state.purchase && ids.includes(state.purchase.id) ? [state.purchase] : []) },
    wallets: { getWallet: async () => ({ balanceKobo: state.balanceKobo, seq: 8, exists: true }) },
    reversals,
    now: () => NOW,
  };
  return { state, deps };
}

const settle = (deps: SettleDeps) => settleAsDelivered(DAY, 'ALARO', 'P1', 'ALARO delivered it (their log)', 'admin', deps);

describe('settle as delivered', () => {
  it('takes the refund back from the wallet once and marks the purchase delivered by the supplier, recording who, when, why and what', async () => {
    const { state, deps } = world({ balanceKobo: 150_00 });
    expect(await settle(deps)).toMatchObject({ kind: 'settled', debitedKobo: 99_00, balanceKobo: 51_00, reversalId: refundReversalIdFor('P1') });
    expect(state.balanceKobo).toBe(51_00);
    expect(state.purchase).toMatchObject({ trans_Status: 'success', supplier: 'ALARO', profitKobo: 2_00, refundReversalId: refundReversalIdFor('P1') });
    expect(state.item!.resolution).toEqual({
      reason: 'ALARO delivered it (their log)',
      by: 'admin',
      at: NOW.toISOString(),
      action: 'settled',
      outcome: 'settled-as-delivered',
      debitedKobo: 99_00,
      reversalId: refundReversalIdFor('P1'),
    });
  });

  it('a second call, or calls at the same time, debit nothing more', async () => {
    const { state, deps } = world({ balanceKobo: 500_00 });
    const answers = await Promise.all([settle(deps), settle(deps), settle(deps)]);
    expect(answers.filter((a) => a.kind === 'settled')).toHaveLength(1);
    expect(answers.filter((a) => a.kind === 'already_resolved')).toHaveLength(2);
    expect(await settle(deps)).toEqual({ kind: 'already_resolved', action: 'settled' });
    expect(state.debits).toHaveLength(1);
    expect(state.balanceKobo).toBe(401_00);
  });

  it('a wallet that cannot cover the refund is debited nothing: the item is flagged with the shortfall, and may be settled once it can', async () => {
    const { state, deps } = world({ balanceKobo: 40_00 });
    expect(await settle(deps)).toEqual({ kind: 'flagged', shortfallKobo: 59_00, balanceKobo: 40_00, amountKobo: 99_00, userName: 'ada' });
    expect(state.balanceKobo).toBe(40_00);
    expect(state.debits).toEqual([]);
    expect(state.purchase!.trans_Status).toBe('refunded');
    expect(state.item!.resolution).toMatchObject({ action: 'flagged', outcome: 'flagged-wallet-short', shortfallKobo: 59_00, by: 'admin' });

    state.balanceKobo = 99_00;
    expect(await settle(deps)).toMatchObject({ kind: 'settled', balanceKobo: 0 });
    expect(state.item!.resolution).toMatchObject({ action: 'settled' });
  });

  it('a wallet spent between the read and the write is flagged too (the write refuses a balance below zero)', async () => {
    const { state, deps } = world({ balanceKobo: 200_00 });
    const read = deps.wallets.getWallet;
    deps.wallets.getWallet = async (id) => {
      const wallet = await read(id);
      state.balanceKobo = 10_00;
      return wallet;
    };
    expect(await settle(deps)).toMatchObject({ kind: 'flagged', shortfallKobo: 89_00, balanceKobo: 10_00 });
    expect(state.debits).toEqual([]);
  });

  it('only a supplier-only discrepancy with a refunded purchase of ours is settled', async () => {
    expect(await settle(world({ balanceKobo: 500_00, item: undefined }).deps)).toEqual({ kind: 'not_found' });
    expect(await settle(world({ balanceKobo: 500_00, item: discrepancy({ kind: 'amount-mismatch' }) }).deps)).toEqual({
      kind: 'not_supplier_only',
      discrepancyKind: 'amount-mismatch',
    });
    expect(await settle(world({ balanceKobo: 500_00, purchase: undefined }).deps)).toEqual({ kind: 'no_purchase' });
    const delivered = world({ balanceKobo: 500_00, purchase: refunded({ trans_Status: 'success', supplier: 'GLAD' }) });
    expect(await settle(delivered.deps)).toEqual({ kind: 'not_refunded', status: 'success' });
    expect(delivered.state.debits).toEqual([]);
    const resolved = world({ balanceKobo: 500_00, item: discrepancy({ resolution: { reason: 'x', by: 'a', at: 't', action: 'resolved' } }) });
    expect(await settle(resolved.deps)).toEqual({ kind: 'already_resolved', action: 'resolved' });
    expect(shortfallKobo(100, 99)).toBe(0);
  });

  it("the debit is a wallet record like any other (the books tie out) that the listing's debit total leaves out with the refund it takes back", () => {
    const purchase = refunded();
    const draft = refundReversalDraft(purchase, 'ALARO', NOW);
    expect(draft).toMatchObject({ id: refundReversalIdFor('P1'), trans_Type: 'refund', relatedTransactionId: 'P1', amountKobo: 99_00, userId: 'u1' });
    const debit = { ...draft, balanceBeforeKobo: 150_00, balanceAfterKobo: 51_00, walletSeq: 4 };
    const refund: TransactionRecord = {
      ...draft,
      id: 'R1',
      balanceBeforeKobo: 401_00,
      balanceAfterKobo: 500_00,
      walletSeq: 3,
    };
    const delivered = { ...purchase, trans_Status: 'success' as const };
    // Paid 99, given 99 back, 99 taken again: one purchase's 99 out, as the listing shows a delivered purchase.
    expect(listingFigures([delivered, refund, debit]).totalDebitKobo).toBe(99_00);
    expect(contributionOf(debit).d).toBe(0);
    // A bulk line's refund came off its batch's debit: taking it back puts it on again.
    expect(contributionOf({ ...debit, refundedBatchId: 'B1' }).d).toBe(99_00);
  });

  it("the dashboard's sales count the purchase now delivered and take its refund back", () => {
    const before = refunded();
    const after = { ...before, trans_Status: 'success' as const, profitKobo: 2_00 };
    const deltas = statDeltasOf({ before, after });
    const sum = (field: 'salesKobo' | 'refundsKobo' | 'salesCount' | 'refundCount') => deltas.reduce((total, d) => total + d[field], 0);
    expect(sum('salesKobo')).toBe(99_00);
    expect(sum('salesCount')).toBe(1);
    expect(sum('refundsKobo')).toBe(-99_00);
    expect(sum('refundCount')).toBe(-1);
  });
});
