/**
 * Group commit on one wallet, pure. When writers on one wallet keep beating each other to its
 * sequence number, each loser queues its change beside the wallet and any one of them commits
 * every queued change at once: the changes are planned in queue order against the wallet as read,
 * each the next link of the chain (its own balance before and after, seq + 1), in one write
 * conditional on that read. A debit the running balance no longer covers is refused, and the
 * changes after it are planned as if it had never been queued. A transfer's debit carries its
 * credit to the other wallet (its counterpart): that wallet's credits are chained the same way from
 * its own read, and written in the same commit.
 */
import type { Kobo } from '../../../shared/money.js';
import { chainLink, chainTime, decorrelatedBackoffMs, planCredit, planDebit, type WalletState } from './ledger.js';
import type { TransactionDraft, TransactionRecord } from '../transactions/transactions.js';

export interface QueuedChange {
  /** Orders the queue: the time queued, then the record's id. */
  queueKey: string;
  direction: 'debit' | 'credit';
  draft: TransactionDraft;
  /** After this instant (ms since the epoch) nobody waits for it: it is never committed. */
  expiresAtMs: number;
  /** A transfer's credit to the other wallet, written with the debit or not at all. */
  counterpart?: TransactionDraft;
}

/** One wallet's write in a commit: from the seq read to the last link's. */
export interface WalletGroupWrite {
  userId: string;
  expectedSeq: number;
  nextSeq: number;
  balanceAfterKobo: Kobo;
  createsWallet: boolean;
  /** The time its last change in the commit is recorded at (unchanged when none is accepted). */
  changedAt: string;
}

/** Why a group commit refused a queued change: the writer that queued it answers this. */
export type QueueRefusal = { kind: 'insufficient_balance'; balanceKobo: Kobo };

/** A queued change as stored, with its refusal once decided. */
export interface QueuedWalletChange extends QueuedChange {
  refusal?: QueueRefusal;
}

export interface GroupPlan {
  /** The records written, in chain order. */
  accepted: Array<{ queueKey: string; record: TransactionRecord; counterpartRecord?: TransactionRecord }>;
  /** Debits the running balance did not cover, with the balance they met. */
  refused: Array<{ queueKey: string; balanceKobo: Kobo }>;
  /** The queue's own wallet's one write. */
  wallet: Omit<WalletGroupWrite, 'userId'>;
  /** The other wallets credited by transfers, one write each. */
  counterparts: WalletGroupWrite[];
}

/**
 * Plans at most `maxChanges` live changes of `queue` (oldest first) on `wallet`. Expired changes
 * are left out: their writers have stopped waiting and answered "try again". A transfer whose
 * counterpart wallet was not read (`counterpartWallets`) waits for a later commit.
 */
export function planGroup(
  wallet: WalletState,
  queue: readonly QueuedChange[],
  nowMs: number,
  maxChanges: number,
  counterpartWallets: ReadonlyMap<string, WalletState> = new Map(),
): GroupPlan {
  const live = [...queue]
    .filter((change) => change.expiresAtMs > nowMs)
    .sort((a, b) => (a.queueKey < b.queueKey ? -1 : a.queueKey > b.queueKey ? 1 : 0))
    .slice(0, maxChanges);
  let state: WalletState = wallet;
  const others = new Map(counterpartWallets);
  const credited = new Set<string>();
  const plan: GroupPlan = {
    accepted: [],
    refused: [],
    wallet: {
      expectedSeq: wallet.seq,
      nextSeq: wallet.seq,
      balanceAfterKobo: wallet.balanceKobo,
      createsWallet: !wallet.exists,
      changedAt: wallet.lastChangeAt ?? new Date(nowMs).toISOString(),
    },
    counterparts: [],
  };
  const plannedIds = new Set<string>();
  for (const change of live) {
    // The same request queued twice (one request_id sent again at once): one record, planned once;
    // the next commit finds it written and the other copy's writer answers it.
    if (plannedIds.has(change.draft.id)) continue;
    const other = change.counterpart && others.get(change.counterpart.userId);
    if (change.counterpart && (!other || change.counterpart.userId === change.draft.userId)) continue;
    plannedIds.add(change.draft.id);
    const planned = change.direction === 'debit' ? planDebit(state, change.draft.amountKobo) : planCredit(state, change.draft.amountKobo);
    if (!planned.ok) {
      if (planned.reason === 'insufficient_balance') plan.refused.push({ queueKey: change.queueKey, balanceKobo: state.balanceKobo });
      continue;
    }
    let counterpartRecord: TransactionRecord | undefined;
    if (change.counterpart && other) {
      const credit = planCredit(other, change.counterpart.amountKobo);
      if (!credit.ok) continue;
      counterpartRecord = chainLink(change.counterpart, chainTime(change.counterpart.createdAt, other), credit.change);
      others.set(change.counterpart.userId, {
        balanceKobo: credit.change.balanceAfterKobo,
        seq: credit.change.nextSeq,
        exists: true,
        lastChangeAt: counterpartRecord.createdAt,
      });
      credited.add(change.counterpart.userId);
    }
    const record = chainLink(change.draft, chainTime(change.draft.createdAt, state), planned.change);
    plan.accepted.push({ queueKey: change.queueKey, record, ...(counterpartRecord ? { counterpartRecord } : {}) });
    state = { balanceKobo: planned.change.balanceAfterKobo, seq: planned.change.nextSeq, exists: true, lastChangeAt: record.createdAt };
  }
  plan.wallet.nextSeq = state.seq;
  plan.wallet.balanceAfterKobo = state.balanceKobo;
  if (state.lastChangeAt) plan.wallet.changedAt = state.lastChangeAt;
  plan.counterparts = [...credited].map((userId) => {
    const read = counterpartWallets.get(userId)!;
    const after = others.get(userId)!;
    return {
      userId,
      expectedSeq: read.seq,
      nextSeq: after.seq,
      balanceAfterKobo: after.balanceKobo,
      createsWallet: !read.exists,
      changedAt: after.lastChangeAt!,
    };
  });
  return plan;
}

/**
 * Whether a wallet read moments ago had its queue open at `nowMs`: a change then joins the queue
 * without a direct try, which the wallet's closed-queue condition would refuse. A wallet not read is
 * not known open.
 */
export const queueKnownOpen = (wallet: WalletState | undefined, nowMs: number): boolean => (wallet?.queueOpenUntilMs ?? 0) > nowMs;

export interface LookPacing {
  /** The shortest and longest wait between two looks (decorrelated jitter). */
  baseMs: number;
  capMs: number;
  /** Behind the head, the least wait in looks' time (the last look's). */
  looksPerWait: number;
}

/**
 * The wait before a queued writer's next look at its wallet's queue (decorrelated jitter). Behind
 * the head, nothing changes for the writer before the head's commit lands, which takes requests as
 * slow as the look just made: it waits at least `looksPerWait` of them. Fifty waiters looking every
 * few tens of ms only load the table the commit they wait for goes to. The head, whose commit
 * everyone behind it waits on, keeps the plain jitter from the base.
 */
export function nextLookWaitMs(previousMs: number, look: { ms: number; behindHead: boolean }, pacing: LookPacing, random: () => number = Math.random): number {
  const base = look.behindHead ? Math.min(pacing.capMs, Math.max(pacing.baseMs, pacing.looksPerWait * look.ms)) : pacing.baseMs;
  return decorrelatedBackoffMs(previousMs, base, pacing.capMs, random);
}
