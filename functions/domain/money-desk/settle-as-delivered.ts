/**
 * "Settle as delivered" (docs/decisions/0132-*): a supplier-only discrepancy whose purchase we
 * refunded, though the supplier did deliver and charge it. The refund is taken back: the customer's
 * wallet is debited the refunded amount and the purchase becomes `success`, delivered by that
 * supplier — in ONE conditional write with the discrepancy's resolution, so it happens at most once
 * however often (or however concurrently) it is asked:
 *  - the debit's id is derived from the purchase's (refundReversalIdFor): a second debit cannot exist;
 *  - the purchase moves only from `refunded`, with the refund we read and no reversal yet;
 *  - the wallet never goes below zero (the ledger's debit condition).
 * A wallet that cannot cover it is debited nothing: the discrepancy is flagged for an admin with the
 * shortfall (a flag is not final: it may be settled once the wallet can cover it, or resolved).
 * The debit is a record of the wallet's chain like any other, so the books tie out; the purchase's
 * move from refunded to success is what the profit and loss counts (profit-and-loss.ts).
 */
import type { Kobo } from '../../../shared/money.js';
import { refundReversalIdFor } from '../ids.js';
import type { TransactionDraft, TransactionRecord } from '../transactions/transactions.js';
import type { WalletState } from '../wallet/ledger.js';
import type { Discrepancy, DiscrepancyResolution, ReconciliationStore } from './reconciliation-port.js';

/** What the one write is asked to do. */
export interface RefundReversal {
  /** The purchase as read: refunded, with its refund. */
  purchase: TransactionRecord;
  /** The wallet debit that takes the refund back. */
  draft: TransactionDraft;
  /** The supplier that delivered it. */
  supplier: string;
  /** What the purchase records as delivered: its profit at its recorded cost. */
  profitKobo: Kobo;
  /** The discrepancy whose resolution is written with it. */
  discrepancy: Pick<Discrepancy, 'day' | 'supplier' | 'requestId'>;
  resolution: DiscrepancyResolution;
  now: Date;
}

export type RefundReversalOutcome =
  | { kind: 'reversed'; debit: TransactionRecord }
  /** The wallet cannot cover it: nothing written. */
  | { kind: 'insufficient_balance'; balanceKobo: Kobo }
  /** The debit exists already: taken back before (a repeated or concurrent call). */
  | { kind: 'already_reversed' }
  /** The purchase is no longer the refunded one read (it changed meanwhile). */
  | { kind: 'purchase_changed' }
  /** The discrepancy was resolved or settled meanwhile. */
  | { kind: 'already_resolved' };

export interface RefundReversalPort {
  reverseRefund(reversal: RefundReversal): Promise<RefundReversalOutcome>;
}

export interface SettleDeps {
  store: Pick<ReconciliationStore, 'discrepancy' | 'resolve'>;
  purchases: { getMany(ids: readonly string[]): Promise<TransactionRecord[]> };
  wallets: { getWallet(userId: string): Promise<WalletState> };
  reversals: RefundReversalPort;
  now(): Date;
}

export type SettleResult =
  | { kind: 'not_found' }
  | { kind: 'already_resolved'; action: DiscrepancyResolution['action'] }
  /** Not a supplier-only discrepancy: nothing was refunded against a charge. */
  | { kind: 'not_supplier_only'; discrepancyKind: Discrepancy['kind'] }
  /** A charge of the supplier's with no purchase of ours: no wallet to take anything from. */
  | { kind: 'no_purchase' }
  /** Our purchase is not (or no longer) refunded: there is no refund to take back. */
  | { kind: 'not_refunded'; status: TransactionRecord['trans_Status'] }
  | { kind: 'settled'; debitedKobo: Kobo; balanceKobo: Kobo; userName: string; reversalId: string }
  | { kind: 'flagged'; shortfallKobo: Kobo; balanceKobo: Kobo; amountKobo: Kobo; userName: string };

/** What the refund gave back, and so what settling takes back: the whole charge (a refunded purchase was refunded whole). */
export function refundedAmountKobo(purchase: Pick<TransactionRecord, 'amountKobo'>): Kobo {
  return purchase.amountKobo;
}

/** The wallet's shortfall for taking `amountKobo` back: 0 when it can cover it (a balance never goes below zero). */
export function shortfallKobo(balanceKobo: Kobo, amountKobo: Kobo): Kobo {
  return Math.max(0, amountKobo - balanceKobo);
}

/** The profit of a purchase delivered at its recorded cost (the cost the float guard and reconciliation use too). */
export function deliveredProfitKobo(purchase: Pick<TransactionRecord, 'amountKobo' | 'costKobo'>): Kobo {
  return purchase.amountKobo - (purchase.costKobo ?? purchase.amountKobo);
}

/**
 * The debit that takes a purchase's refund back: a `refund` record moving money out of the wallet,
 * tied to the refund it reverses. Its id is derived from the purchase's: it can exist once.
 */
export function refundReversalDraft(purchase: TransactionRecord, supplier: string, now: Date): TransactionDraft {
  const at = now.toISOString();
  return {
    id: refundReversalIdFor(purchase.id),
    userId: purchase.userId,
    trans_UserName: purchase.trans_UserName,
    ...(purchase.userType ? { userType: purchase.userType } : {}),
    trans_Type: 'refund',
    trans_Status: 'success',
    trans_Network: purchase.trans_Network,
    phone_number: purchase.phone_number,
    amountKobo: refundedAmountKobo(purchase),
    ...(purchase.faceValueKobo === undefined ? {} : { faceValueKobo: purchase.faceValueKobo }),
    ...(purchase.volume === undefined ? {} : { volume: purchase.volume }),
    relatedTransactionId: purchase.id,
    // A bulk line's refund took its amount off its batch's debit; taking it back puts it on again.
    ...(purchase.batchId ? { refundedBatchId: purchase.batchId } : {}),
    description: `Refund of ${purchase.trans_Type} purchase ${purchase.id} taken back: ${supplier} delivered it`,
    requestFingerprint: `refund-reversal:${purchase.id}`,
    createdAt: at,
    updatedAt: at,
  };
}

export async function settleAsDelivered(day: string, supplier: string, requestId: string, reason: string, by: string, deps: SettleDeps): Promise<SettleResult> {
  const item = await deps.store.discrepancy(day, supplier, requestId);
  if (!item) return { kind: 'not_found' };
  if (item.resolution && item.resolution.action !== 'flagged') return { kind: 'already_resolved', action: item.resolution.action };
  if (item.kind !== 'supplier-only') return { kind: 'not_supplier_only', discrepancyKind: item.kind };
  const [purchase] = await deps.purchases.getMany([requestId]);
  if (!purchase) return { kind: 'no_purchase' };
  if (purchase.trans_Status !== 'refunded' || !purchase.refundTransactionId) {
    // Taken back already (by a call that won) reads as settled; anything else was never refunded.
    if (purchase.refundReversalId) return { kind: 'already_resolved', action: 'settled' };
    return { kind: 'not_refunded', status: purchase.trans_Status };
  }

  const amountKobo = refundedAmountKobo(purchase);
  const now = deps.now();
  const flag = async (balanceKobo: Kobo): Promise<SettleResult> => {
    const short = shortfallKobo(balanceKobo, amountKobo);
    const flagged = await deps.store.resolve(day, supplier, requestId, {
      reason,
      by,
      at: now.toISOString(),
      action: 'flagged',
      outcome: 'flagged-wallet-short',
      shortfallKobo: short,
    });
    if (!flagged) return { kind: 'already_resolved', action: 'settled' };
    return { kind: 'flagged', shortfallKobo: short, balanceKobo, amountKobo, userName: purchase.trans_UserName };
  };

  // Read first so a short wallet is flagged without a write; the write's own condition decides a race.
  const wallet = await deps.wallets.getWallet(purchase.userId);
  if (shortfallKobo(wallet.balanceKobo, amountKobo) > 0) return flag(wallet.balanceKobo);

  const draft = refundReversalDraft(purchase, supplier, now);
  const outcome = await deps.reversals.reverseRefund({
    purchase,
    draft,
    supplier,
    profitKobo: deliveredProfitKobo(purchase),
    discrepancy: { day, supplier, requestId },
    resolution: {
      reason,
      by,
      at: now.toISOString(),
      action: 'settled',
      outcome: 'settled-as-delivered',
      debitedKobo: amountKobo,
      reversalId: draft.id,
    },
    now,
  });
  switch (outcome.kind) {
    case 'reversed':
      return {
        kind: 'settled',
        debitedKobo: amountKobo,
        balanceKobo: outcome.debit.balanceAfterKobo,
        userName: purchase.trans_UserName,
        reversalId: outcome.debit.id,
      };
    case 'insufficient_balance':
      return flag(outcome.balanceKobo);
    case 'already_reversed':
      return { kind: 'already_resolved', action: 'settled' };
    case 'already_resolved': {
      const resolved = await deps.store.discrepancy(day, supplier, requestId);
      return { kind: 'already_resolved', action: resolved?.resolution?.action ?? 'resolved' };
    }
    case 'purchase_changed': {
      const [current] = await deps.purchases.getMany([requestId]);
      if (current?.refundReversalId) return { kind: 'already_resolved', action: 'settled' };
      return { kind: 'not_refunded', status: current?.trans_Status ?? purchase.trans_Status };
    }
  }
}
