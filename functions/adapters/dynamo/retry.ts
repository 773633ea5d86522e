/**
 * Retrying a write that lost a race: another transaction held its items (TransactionConflict,
 * as an exception or a cancellation reason), the table throttled it (ProvisionedThroughputExceeded),
 * or — when the caller says so — a condition on a value it read that has since moved. Every wait
 * uses the one formula, decorrelated jitter (domain/ledger.ts decorrelatedBackoffMs), so racing
 * writers spread out over a window that widens while they keep colliding.
 *
 * A loop is bounded three ways: its attempts, its own time budget, and the running invocation's
 * deadline less a safety margin (../invocation.ts). It never starts a try or a sleep that would end
 * past either time limit; it then gives up with a RetryLaterError, the losing tries having written
 * nothing, and the HTTP layer answers 503 with Retry-After.
 */
import { RETRY_AFTER_SECONDS, RETRY_DEFAULT_BUDGET_MS } from '../../../shared/constants.js';
import { backoffMs, decorrelatedBackoffMs } from '../../domain/wallet/ledger.js';
import { latestRetryStop, RetryLaterError } from '../invocation.js';
import { cancellationCodes, errorName } from './conditions.js';

/** Full-jitter bounds of the batch requests' unprocessed rounds (untilProcessed). */
export const BACKOFF_BASE_MS = 5;
export const BACKOFF_CAP_MS = 200;
/** Decorrelated-jitter bounds of the conflict retries. */
export const CONFLICT_BACKOFF_BASE_MS = 5;
export const CONFLICT_BACKOFF_CAP_MS = 200;

const CONFLICT_EXCEPTIONS = new Set(['TransactionConflictException', 'ProvisionedThroughputExceededException']);
const CONFLICT_REASONS = new Set(['TransactionConflict', 'ProvisionedThroughputExceeded']);

export function isConflict(error: unknown): boolean {
  if (CONFLICT_EXCEPTIONS.has(errorName(error) ?? '')) return true;
  return cancellationCodes(error)?.some((code) => CONFLICT_REASONS.has(code)) ?? false;
}

export class RetriesExhaustedError extends RetryLaterError {
  constructor(
    what: string,
    readonly attempts: number,
    cause: unknown,
  ) {
    super(`${what}: gave up after ${attempts} attempts`, RETRY_AFTER_SECONDS, { cause });
    this.name = 'RetriesExhaustedError';
  }
}

export interface RetryOptions {
  /** Tries in all, the first included. */
  attempts: number;
  /** Names the work in the error thrown when every try lost. */
  what: string;
  /** Besides conflicts, what else is worth another try (e.g. a condition on a value that moved). */
  alsoRetry?: (error: unknown) => boolean;
  /** The error thrown when the loop gives up, instead of RetriesExhaustedError; pass `cause` on (undefined when no try was made). */
  giveUp?: (cause: unknown, attempts: number) => Error;
  /** Milliseconds the loop may spend from its start (default RETRY_DEFAULT_BUDGET_MS); the invocation's deadline bounds it too. */
  budgetMs?: number;
  /** Smallest wait (default CONFLICT_BACKOFF_BASE_MS) and largest (default CONFLICT_BACKOFF_CAP_MS). */
  baseMs?: number;
  capMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rounds a batch request (BatchGetItem, BatchWriteItem) gets before what is still unprocessed is an error. */
const UNPROCESSED_ROUNDS = 6;

/**
 * Sends a batch request's entries, then what DynamoDB left unprocessed (throttling), after a
 * full-jitter backoff, until nothing is left. It throws when entries are still left after
 * UNPROCESSED_ROUNDS tries, or when the next wait would end past `stopAt` (retryStopAt).
 */
export async function untilProcessed<T>(
  entries: T[],
  send: (pending: T[]) => Promise<T[] | undefined>,
  what: { operation: string; noun: string; stopAt: number },
): Promise<void> {
  let pending: T[] | undefined = entries;
  for (let round = 0; pending && pending.length > 0; round++) {
    if (round === UNPROCESSED_ROUNDS) throw new Error(`${what.operation} left ${pending.length} ${what.noun} unprocessed after ${UNPROCESSED_ROUNDS} tries`);
    if (round > 0) {
      const wait = backoffMs(round - 1, BACKOFF_BASE_MS, BACKOFF_CAP_MS, Math.random);
      // No wait ends past the invocation's deadline less its margin.
      if (Date.now() + wait >= what.stopAt) throw new RetriesExhaustedError(`${what.operation} of ${pending.length} ${what.noun}`, round, undefined);
      await realSleep(wait);
    }
    pending = await send(pending);
  }
}

/**
 * When a loop started at `started` with `budgetMs` must have stopped: its budget, or the invocation's
 * deadline less the answer margin, as the margin stands now (it grows while requests are slow).
 */
export function retryStopAt(started: number, budgetMs: number = RETRY_DEFAULT_BUDGET_MS): number {
  return Math.min(started + budgetMs, latestRetryStop());
}

/** Runs `work` until it answers, backing off after each retryable error; any other error goes straight up. */
export async function retryOnConflict<T>(work: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const { sleep = realSleep, random = Math.random, now = Date.now, baseMs = CONFLICT_BACKOFF_BASE_MS, capMs = CONFLICT_BACKOFF_CAP_MS } = options;
  const started = now();
  // Read before each try or sleep: the margin grows with the invocation's slowest request.
  const stopAt = () => retryStopAt(started, options.budgetMs);
  let lastError: unknown;
  let made = 0;
  let wait = 0;
  for (let attempt = 0; attempt < options.attempts; attempt++) {
    if (attempt > 0) {
      wait = decorrelatedBackoffMs(wait, baseMs, capMs, random);
      // No sleep crosses the stop: a try that could only start after it is not started.
      if (now() + wait >= stopAt()) break;
      await sleep(wait);
    } else if (now() >= stopAt()) {
      break;
    }
    try {
      return await work(attempt);
    } catch (error) {
      if (!isConflict(error) && !options.alsoRetry?.(error)) throw error;
      lastError = error;
      made++;
    }
  }
  throw options.giveUp?.(lastError, made) ?? new RetriesExhaustedError(options.what, made, lastError);
}
