/**
 * The deadline of the invocation running now, carried in the async context instead of through
 * every signature. A function's handler enters it from the Lambda context (`withInvocationDeadline`,
 * applied by the middleware), and the local cloud's runtime enters it around every invocation it
 * runs, so code below a handler can ask how long it has left:
 *  - a retry loop stops before its next try (or its next sleep) would end past the deadline minus
 *    a safety margin, and gives up with a RetryLaterError having written nothing;
 *  - the shared SDK clients refuse to send once the deadline has passed (./aws/deadline-guard.ts),
 *    as Lambda freezes a timed-out invocation: a request cannot write after its answer.
 * Outside any invocation (unit tests, scripts) there is no deadline: loops are bounded by their
 * own budget and attempts only.
 *
 * No AWS import here: the HTTP layer reads RetryLaterError to answer 503 with Retry-After.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { RETRY_DEADLINE_MARGIN_MS } from '../../shared/constants.js';

interface Invocation {
  /** Epoch milliseconds at which the invocation times out. */
  readonly deadline: number;
  /** The longest one request of this invocation has taken so far (ms): what its next ones may take. */
  slowestSendMs: number;
}

const current = new AsyncLocalStorage<Invocation>();

/**
 * Runs `work` as an invocation that times out at `deadline` (epoch ms). It replaces any deadline
 * around it: an invocation the local cloud starts from work that began in another invocation's
 * context (a stream poller woken by a write) has its own time, not that one's.
 */
export function runWithDeadline<T>(deadline: number, work: () => T): T {
  return current.run({ deadline, slowestSendMs: 0 }, work);
}

/** The running invocation's deadline (epoch ms), or undefined outside any invocation. */
export function invocationDeadline(): number | undefined {
  return current.getStore()?.deadline;
}

/** Notes how long one outbound request of the running invocation took (the SDK clients' guard calls it). */
export function noteSendTook(ms: number): void {
  const invocation = current.getStore();
  if (invocation && ms > invocation.slowestSendMs) invocation.slowestSendMs = ms;
}

/** The longest one request of the running invocation has taken so far (0 outside one). */
export function slowestSendMs(): number {
  return current.getStore()?.slowestSendMs ?? 0;
}

/**
 * Requests, one after another, that a balance change may still need once its last write could have
 * been committed: a waiter in its wallet's queue withdraws at its stop, finds its change committed
 * by another writer, and reads its record (read at once with the queue item). A change written
 * directly answers as its write returns, or after one read of the record it replays.
 */
export const SENDS_AFTER_LAST_WRITE = 2;

/**
 * How long before its deadline a retry loop stops. At least RETRY_DEADLINE_MARGIN_MS;
 * more while this invocation's requests are slow, so that the requests still needed after the last
 * write could have been committed, each as slow as the slowest seen, end before the timeout: a
 * write that commits must be answered, never overtaken by the timeout (a burst on one wallet, under
 * load on two cores, saw 1.4 s requests).
 */
export function answerMarginMs(): number {
  return Math.max(RETRY_DEADLINE_MARGIN_MS, SENDS_AFTER_LAST_WRITE * slowestSendMs());
}

/** The latest time a retry loop may start a try or end a sleep: the deadline less the answer margin (Infinity outside an invocation). */
export function latestRetryStop(): number {
  const deadline = invocationDeadline();
  return deadline === undefined ? Infinity : deadline - answerMarginMs();
}

/**
 * Whether `requests` more, one after another and each as slow as the slowest seen, still end before
 * the deadline with the fixed margin to spare (always, outside an invocation).
 */
export function hasTimeFor(requests: number, now: number = Date.now()): boolean {
  const deadline = invocationDeadline();
  return deadline === undefined || now + requests * slowestSendMs() + RETRY_DEADLINE_MARGIN_MS <= deadline;
}

/** Whether the running invocation has timed out (never, outside one). */
export function pastDeadline(now: number = Date.now()): boolean {
  const deadline = invocationDeadline();
  return deadline !== undefined && now >= deadline;
}

/** Throws InvocationTimedOutError once the running invocation has timed out: called before anything leaves the function. */
export function refuseAfterDeadline(what: string): void {
  const deadline = invocationDeadline();
  if (deadline !== undefined && Date.now() >= deadline) throw new InvocationTimedOutError(what, deadline);
}

/**
 * Time kept back from an outbound call's budget for what follows it in the same invocation: reading
 * the answer's outcome, its write, the HTTP answer. A slow supplier then ends as a clean "no answer"
 * the caller maps (504/503 with a message, or a pending purchase), never as the function's timeout.
 */
export const ANSWER_RESERVE_MS = 1_500;

/**
 * How long an outbound call (a supplier, a payment provider) may take: its own limit, cut to the
 * invocation's remaining time less ANSWER_RESERVE_MS (HTTP functions time out at 10 s while
 * a supplier's limit is 20 s, and meter validation may try two suppliers). Outside any invocation, the
 * limit. Never negative: a call with no time left aborts at once and reads as a timeout.
 */
export function outboundBudgetMs(limitMs: number, now: number = Date.now()): number {
  const deadline = invocationDeadline();
  if (deadline === undefined) return limitMs;
  return Math.max(0, Math.min(limitMs, deadline - now - ANSWER_RESERVE_MS));
}

interface RemainingTime {
  getRemainingTimeInMillis?: () => number;
}

/**
 * A handler that runs inside its invocation's deadline, read from the Lambda context. A context
 * without the method (a hand-made one in a test) leaves the deadline as it was: none, or the
 * runtime's.
 */
export function withInvocationDeadline<Event, Context extends RemainingTime | undefined, Result>(
  handler: (event: Event, context: Context) => Promise<Result>,
): (event: Event, context: Context) => Promise<Result> {
  return (event, context) => {
    const remaining = typeof context?.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : undefined;
    if (remaining === undefined || !Number.isFinite(remaining)) return handler(event, context);
    return runWithDeadline(Date.now() + remaining, () => handler(event, context));
  };
}

/**
 * Work that could not be done in the time it had, nothing of it written: the caller may send the
 * same request again after `retryAfterSeconds` (the HTTP layer answers 503 with Retry-After).
 */
export class RetryLaterError extends Error {
  /** The contended item was the caller's own wallet (other requests of the same caller kept it busy). */
  readonly walletBusy: boolean = false;

  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'RetryLaterError';
  }
}

/** A send refused because the invocation had already timed out: Lambda would have frozen it. */
export class InvocationTimedOutError extends Error {
  constructor(what: string, deadline: number) {
    super(`${what} refused: the invocation timed out ${Date.now() - deadline} ms ago`);
    this.name = 'InvocationTimedOutError';
  }
}
