/**
 * Ledger rules, pure: how a debit or credit changes a wallet, and how a user's history is checked.
 *
 * A wallet is `{balanceKobo, seq}`. Every balance change bumps `seq` by exactly one and is
 * explained by one transaction record carrying the balance before and after and the new `seq`,
 * so a user's transactions form a chain that can be replayed and checked (verifyChain).
 */
import type { Kobo } from '../../../shared/money.js';
import type { TransactionDraft, TransactionRecord } from '../transactions/transactions.js';

export interface WalletState {
  balanceKobo: Kobo;
  seq: number;
  /** False when the wallet item does not exist yet (treated as balance 0, seq 0). */
  exists: boolean;
  /** When its last change was recorded (ISO); absent for a wallet written before this was kept. */
  lastChangeAt?: string;
  /** Until when (epoch ms) its queue takes changes ahead of direct writes, after a group commit; absent if never. */
  queueOpenUntilMs?: number;
}

/**
 * The time a change is recorded at: its own, unless the wallet's last change is recorded at or after
 * it (the change lost the wallet to a writer that stamped later, or its clock is behind another
 * Lambda's): then one millisecond after that change. So a wallet's history in time order, what a
 * statement shows, is its chain in seq order.
 */
export function chainTime(stampedAt: string, wallet: Pick<WalletState, 'lastChangeAt'>): string {
  const last = wallet.lastChangeAt === undefined ? Number.NaN : Date.parse(wallet.lastChangeAt);
  return last >= Date.parse(stampedAt) ? new Date(last + 1).toISOString() : stampedAt;
}

/** A draft as recorded at `at` (chainTime): one settled as it is written (a transfer, an upgrade) is settled then too. */
export function recordedAt<T extends { createdAt: string; updatedAt: string; settledAt?: string }>(draft: T, at: string): T {
  return { ...draft, createdAt: at, updatedAt: at, ...(draft.settledAt !== undefined ? { settledAt: at } : {}) };
}

/** A draft as the next link of its wallet's chain, recorded at `at` (chainTime): its balance before and after, and its seq. */
export function chainLink(
  draft: TransactionDraft,
  at: string,
  change: Pick<WalletChange, 'balanceBeforeKobo' | 'balanceAfterKobo' | 'nextSeq'>,
): TransactionRecord {
  return { ...recordedAt(draft, at), balanceBeforeKobo: change.balanceBeforeKobo, balanceAfterKobo: change.balanceAfterKobo, walletSeq: change.nextSeq };
}

export const EMPTY_WALLET: WalletState = { balanceKobo: 0, seq: 0, exists: false };

/** The write a balance change needs: conditional on `expectedSeq`, sets the new balance and `nextSeq`. */
export interface WalletChange {
  direction: 'debit' | 'credit';
  amountKobo: Kobo;
  balanceBeforeKobo: Kobo;
  balanceAfterKobo: Kobo;
  expectedSeq: number;
  nextSeq: number;
  /** The wallet item did not exist when planned: the write must create it. */
  createsWallet: boolean;
  /** Only the house account's debits: written without the `balance >= amount` condition. */
  mayOverdraw?: true;
}

export type PlanResult = { ok: true; change: WalletChange } | { ok: false; reason: 'insufficient_balance' | 'invalid_amount' };

function validAmount(amountKobo: Kobo): boolean {
  return Number.isSafeInteger(amountKobo) && amountKobo > 0;
}

/** The next link of the wallet's chain: one change, one sequence step. */
function planned(wallet: WalletState, direction: WalletChange['direction'], amountKobo: Kobo, balanceAfterKobo: Kobo): { ok: true; change: WalletChange } {
  return {
    ok: true,
    change: {
      direction,
      amountKobo,
      balanceBeforeKobo: wallet.balanceKobo,
      balanceAfterKobo,
      expectedSeq: wallet.seq,
      nextSeq: wallet.seq + 1,
      createsWallet: !wallet.exists,
    },
  };
}

/** A debit is allowed only when the balance covers it: no balance ever goes below zero. */
export function planDebit(wallet: WalletState, amountKobo: Kobo): PlanResult {
  if (!validAmount(amountKobo)) return { ok: false, reason: 'invalid_amount' };
  if (wallet.balanceKobo < amountKobo) return { ok: false, reason: 'insufficient_balance' };
  return planned(wallet, 'debit', amountKobo, wallet.balanceKobo - amountKobo);
}

/**
 * The house (treasury) account's debit: an admin's credit to a user is the house giving money it
 * may not hold, so the balance may go below zero. Only the house account is ever planned this way.
 */
export function planHouseDebit(wallet: WalletState, amountKobo: Kobo): PlanResult {
  if (!validAmount(amountKobo)) return { ok: false, reason: 'invalid_amount' };
  const balanceAfterKobo = wallet.balanceKobo - amountKobo;
  if (!Number.isSafeInteger(balanceAfterKobo)) return { ok: false, reason: 'invalid_amount' };
  const plan = planned(wallet, 'debit', amountKobo, balanceAfterKobo);
  return { ok: true, change: { ...plan.change, mayOverdraw: true } };
}

/** A credit of a positive whole number of kobo. */
export function planCredit(wallet: WalletState, amountKobo: Kobo): PlanResult {
  if (!validAmount(amountKobo)) return { ok: false, reason: 'invalid_amount' };
  const balanceAfterKobo = wallet.balanceKobo + amountKobo;
  if (!Number.isSafeInteger(balanceAfterKobo)) return { ok: false, reason: 'invalid_amount' };
  return planned(wallet, 'credit', amountKobo, balanceAfterKobo);
}

/** One link of a wallet's chain: what a transaction record says about the balance. */
export interface ChainEntry {
  id: string;
  balanceBeforeKobo: Kobo;
  balanceAfterKobo: Kobo;
  walletSeq: number;
  /** When given, |after − before| must equal it. */
  amountKobo?: Kobo;
}

export type ChainProblem = 'seq_gap' | 'balance_mismatch' | 'negative_balance' | 'amount_mismatch' | 'wallet_mismatch';

export type ChainCheck = { ok: true; balanceKobo: Kobo; seq: number } | { ok: false; problem: ChainProblem; entryId: string | null; detail: string };

/**
 * Replays a wallet's chain from an empty wallet: entries ordered by seq must have seq 1, 2, 3…,
 * each balance before equal to the previous balance after, no negative balance (except the house
 * account's, when told), and (when the
 * current wallet is given) end exactly at the wallet's balance and seq.
 */
export function verifyChain(
  entries: readonly ChainEntry[],
  wallet?: Pick<WalletState, 'balanceKobo' | 'seq'>,
  /** The house account's chain may go below zero (planHouseDebit); every other must not. */
  options: { mayGoNegative?: boolean } = {},
): ChainCheck {
  const ordered = [...entries].sort((a, b) => a.walletSeq - b.walletSeq);
  let balanceKobo = 0;
  let seq = 0;
  for (const entry of ordered) {
    if (entry.walletSeq !== seq + 1) {
      return { ok: false, problem: 'seq_gap', entryId: entry.id, detail: `expected seq ${seq + 1}, found ${entry.walletSeq}` };
    }
    if (entry.balanceBeforeKobo !== balanceKobo) {
      return { ok: false, problem: 'balance_mismatch', entryId: entry.id, detail: `expected balance before ${balanceKobo}, found ${entry.balanceBeforeKobo}` };
    }
    if (entry.balanceAfterKobo < 0 && !options.mayGoNegative) {
      return { ok: false, problem: 'negative_balance', entryId: entry.id, detail: `balance after ${entry.balanceAfterKobo}` };
    }
    if (entry.amountKobo !== undefined && Math.abs(entry.balanceAfterKobo - entry.balanceBeforeKobo) !== entry.amountKobo) {
      return {
        ok: false,
        problem: 'amount_mismatch',
        entryId: entry.id,
        detail: `amount ${entry.amountKobo} does not explain ${entry.balanceBeforeKobo} → ${entry.balanceAfterKobo}`,
      };
    }
    balanceKobo = entry.balanceAfterKobo;
    seq = entry.walletSeq;
  }
  if (wallet && (wallet.balanceKobo !== balanceKobo || wallet.seq !== seq)) {
    return {
      ok: false,
      problem: 'wallet_mismatch',
      entryId: null,
      detail: `chain ends at balance ${balanceKobo} seq ${seq}, wallet holds ${wallet.balanceKobo} seq ${wallet.seq}`,
    };
  }
  return { ok: true, balanceKobo, seq };
}

/** Signed effect of an entry on the balance (credit positive, debit negative). */
export function signedAmountKobo(entry: Pick<ChainEntry, 'balanceBeforeKobo' | 'balanceAfterKobo'>): Kobo {
  return entry.balanceAfterKobo - entry.balanceBeforeKobo;
}

/** Jittered exponential backoff ("full jitter") for optimistic-concurrency retries. */
export function backoffMs(attempt: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 16));
  return Math.floor(random() * ceiling);
}

/**
 * Decorrelated jitter: the next wait is drawn between the base and three times the previous one,
 * capped. Waits grow with the losses a writer has seen instead of with its attempt number only, so
 * a crowd of writers on one item spreads over a window that widens as long as it keeps colliding.
 */
export function decorrelatedBackoffMs(previousMs: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  const upper = Math.max(baseMs, Math.min(capMs, 3 * Math.max(previousMs, baseMs)));
  return Math.floor(baseMs + random() * (upper - baseMs));
}

/** Same id, same request? Compares what the idempotency key stands for. */
export function compareReplay(existing: TransactionRecord, draft: TransactionDraft): 'same' | 'different_amount' | 'different_details' {
  if (existing.userId !== draft.userId || existing.trans_Type !== draft.trans_Type) return 'different_details';
  if (existing.amountKobo !== draft.amountKobo) return 'different_amount';
  if ((existing.requestFingerprint ?? '') !== (draft.requestFingerprint ?? '')) return 'different_details';
  return 'same';
}
