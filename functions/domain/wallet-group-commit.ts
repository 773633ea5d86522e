/**
 * Group commit on one wallet, pure. When writers on one wallet keep beating each other to its
 * sequence number, each loser queues its change beside the wallet and any one of them commits
 * every queued change at once: the changes are planned in queue order against the wallet as read,
 * each the next link of the chain (its own balance before and after, seq + 1), in one write
 * conditional on that read. A debit the running balance no longer covers is refused, and the
 * changes after it are planned as if it had never been queued.
 */
import type { Kobo } from '../../shared/money.js';
import { planCredit, planDebit, type WalletState } from './ledger.js';
import type { TransactionDraft, TransactionRecord } from './transactions.js';

export interface QueuedChange {
  /** Orders the queue: the time queued, then the record's id. */
  queueKey: string;
  direction: 'debit' | 'credit';
  draft: TransactionDraft;
  /** After this instant (ms since the epoch) nobody waits for it: it is never committed. */
  expiresAtMs: number;
}

/** Why a group commit refused a queued change: the writer that queued it answers this. */
export type QueueRefusal = { kind: 'insufficient_balance'; balanceKobo: Kobo } | { kind: 'extra_condition_failed'; index: number };

/** A queued change as stored: also the service locks its write checks, and a refusal once decided. */
export interface QueuedWalletChange extends QueuedChange {
  unlessLocked?: { serviceType: string; names: string[] };
  refusal?: QueueRefusal;
}

export interface GroupPlan {
  /** The records written, in chain order. */
  accepted: Array<{ queueKey: string; record: TransactionRecord }>;
  /** Debits the running balance did not cover, with the balance they met. */
  refused: Array<{ queueKey: string; balanceKobo: Kobo }>;
  /** The wallet's one write: from the seq read to the last link's. */
  wallet: { expectedSeq: number; nextSeq: number; balanceAfterKobo: Kobo; createsWallet: boolean };
}

/**
 * Plans at most `maxChanges` live changes of `queue` (oldest first) on `wallet`. Expired changes
 * are left out: their writers have stopped waiting and answered "try again".
 */
export function planGroup(wallet: WalletState, queue: readonly QueuedChange[], nowMs: number, maxChanges: number): GroupPlan {
  const live = [...queue]
    .filter((change) => change.expiresAtMs > nowMs)
    .sort((a, b) => (a.queueKey < b.queueKey ? -1 : a.queueKey > b.queueKey ? 1 : 0))
    .slice(0, maxChanges);
  let state: WalletState = wallet;
  const plan: GroupPlan = { accepted: [], refused: [], wallet: { expectedSeq: wallet.seq, nextSeq: wallet.seq, balanceAfterKobo: wallet.balanceKobo, createsWallet: !wallet.exists } };
  const plannedIds = new Set<string>();
  for (const change of live) {
    // The same request queued twice (one request_id sent again at once): one record, planned once;
    // the next commit finds it written and the other copy's writer answers it.
    if (plannedIds.has(change.draft.id)) continue;
    plannedIds.add(change.draft.id);
    const planned = change.direction === 'debit' ? planDebit(state, change.draft.amountKobo) : planCredit(state, change.draft.amountKobo);
    if (!planned.ok) {
      if (planned.reason === 'insufficient_balance') plan.refused.push({ queueKey: change.queueKey, balanceKobo: state.balanceKobo });
      continue;
    }
    const { balanceBeforeKobo, balanceAfterKobo, nextSeq } = planned.change;
    plan.accepted.push({ queueKey: change.queueKey, record: { ...change.draft, balanceBeforeKobo, balanceAfterKobo, walletSeq: nextSeq } });
    state = { balanceKobo: balanceAfterKobo, seq: nextSeq, exists: true };
  }
  plan.wallet.nextSeq = state.seq;
  plan.wallet.balanceAfterKobo = state.balanceKobo;
  return plan;
}
