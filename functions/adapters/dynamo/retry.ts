/**
 * Retrying a write that lost a race: another transaction held its items (TransactionConflict,
 * as an exception or a cancellation reason), the table throttled it (ProvisionedThroughputExceeded),
 * or — when the caller says so — a condition on a value it read that has since moved. Every wait
 * uses the one formula, capped exponential backoff with full jitter (domain/ledger.ts backoffMs),
 * so racing writers spread out instead of colliding again in step.
 */
import { backoffMs } from '../../domain/ledger.js';
import { cancellationCodes, errorName } from './conditions.js';

export const BACKOFF_BASE_MS = 5;
export const BACKOFF_CAP_MS = 200;

const CONFLICT_EXCEPTIONS = new Set(['TransactionConflictException', 'ProvisionedThroughputExceededException']);
const CONFLICT_REASONS = new Set(['TransactionConflict', 'ProvisionedThroughputExceeded']);

export function isConflict(error: unknown): boolean {
  if (CONFLICT_EXCEPTIONS.has(errorName(error) ?? '')) return true;
  return cancellationCodes(error)?.some((code) => CONFLICT_REASONS.has(code)) ?? false;
}

export class RetriesExhaustedError extends Error {
  constructor(
    what: string,
    readonly attempts: number,
    cause: unknown,
  ) {
    super(`${what}: gave up after ${attempts} attempts`, { cause });
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
  /** The error thrown when every try lost, instead of RetriesExhaustedError; pass `cause` on. */
  giveUp?: (cause: unknown, attempts: number) => Error;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `work` until it answers, backing off after each retryable error; any other error goes straight up. */
export async function retryOnConflict<T>(work: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const { sleep = realSleep, random = Math.random } = options;
  let lastError: unknown;
  for (let attempt = 0; attempt < options.attempts; attempt++) {
    if (attempt > 0) await sleep(backoffMs(attempt - 1, BACKOFF_BASE_MS, BACKOFF_CAP_MS, random));
    try {
      return await work(attempt);
    } catch (error) {
      if (!isConflict(error) && !options.alsoRetry?.(error)) throw error;
      lastError = error;
    }
  }
  throw options.giveUp?.(lastError, options.attempts) ?? new RetriesExhaustedError(options.what, options.attempts, lastError);
}
