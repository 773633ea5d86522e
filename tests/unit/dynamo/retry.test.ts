/** Conflict retry: one backoff formula, retries only races, gives up after N tries with the last error as cause. */
import { TransactionCanceledException, TransactionConflictException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  CONFLICT_BACKOFF_BASE_MS,
  CONFLICT_BACKOFF_CAP_MS,
  isConflict,
  retryOnConflict,
  RetriesExhaustedError,
} from '../../../functions/adapters/dynamo/retry.js';
import { answerMarginMs, noteSendTook, RetryLaterError, runWithDeadline, SENDS_AFTER_LAST_WRITE } from '../../../functions/adapters/invocation.js';
import { decorrelatedBackoffMs } from '../../../functions/domain/wallet/ledger.js';
import { RETRY_DEADLINE_MARGIN_MS } from '../../../shared/constants.js';

const $metadata = {};
const conflict = () => new TransactionConflictException({ $metadata, message: 'conflict' });
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ $metadata, message: 'cancelled', CancellationReasons: codes.map((Code) => ({ Code })) });

/** A sleep that only records, and a random that always answers the top of its range. */
function clock() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms), random: () => 0.999 };
}

describe('isConflict', () => {
  it('recognises conflicts and throttling, as exceptions and as cancellation reasons', () => {
    expect(isConflict(conflict())).toBe(true);
    expect(isConflict({ name: 'ProvisionedThroughputExceededException' })).toBe(true);
    expect(isConflict(cancelled('None', 'TransactionConflict'))).toBe(true);
    expect(isConflict(cancelled('ProvisionedThroughputExceeded'))).toBe(true);
  });

  it('rejects: condition failures and other errors are no conflict', () => {
    expect(isConflict(cancelled('ConditionalCheckFailed', 'None'))).toBe(false);
    expect(isConflict({ name: 'ConditionalCheckFailedException' })).toBe(false);
    expect(isConflict(new Error('boom'))).toBe(false);
  });
});

describe('retryOnConflict', () => {
  it('retries a conflict and answers the first success, waiting with decorrelated jitter (each wait up to 3× the previous, capped)', async () => {
    const { waits, sleep, random } = clock();
    let calls = 0;
    const result = await retryOnConflict(
      async (attempt) => {
        calls++;
        if (attempt < 3) throw conflict();
        return 'written';
      },
      { attempts: 10, what: 'test write', sleep, random },
    );
    expect(result).toBe('written');
    expect(calls).toBe(4);
    const expected: number[] = [];
    for (let previous = 0; expected.length < 3; ) {
      previous = decorrelatedBackoffMs(previous, CONFLICT_BACKOFF_BASE_MS, CONFLICT_BACKOFF_CAP_MS, random);
      expected.push(previous);
    }
    expect(waits).toEqual(expected);
    expect(waits).toEqual([14, 41, 122]);
  });

  it('never waits longer than the cap', async () => {
    const { waits, sleep, random } = clock();
    await expect(retryOnConflict(async () => Promise.reject(conflict()), { attempts: 30, what: 'w', sleep, random })).rejects.toThrow();
    expect(Math.max(...waits)).toBeLessThan(CONFLICT_BACKOFF_CAP_MS);
    expect(waits).toHaveLength(29);
  });

  it('gives up after N attempts with the last error as cause', async () => {
    const { sleep, random } = clock();
    const errors: Error[] = [];
    const failure = retryOnConflict(
      async () => {
        const error = conflict();
        errors.push(error);
        throw error;
      },
      { attempts: 4, what: 'wallet write', sleep, random },
    );
    await expect(failure).rejects.toBeInstanceOf(RetriesExhaustedError);
    const error = (await failure.catch((e: unknown) => e)) as RetriesExhaustedError;
    expect(errors).toHaveLength(4);
    expect(error.message).toBe('wallet write: gave up after 4 attempts');
    expect(error.cause).toBe(errors[3]);
  });

  it("gives up with the caller's own error when it names one", async () => {
    const { sleep, random } = clock();
    const last = conflict();
    const giveUp = (cause: unknown, attempts: number) => new Error(`kept changing after ${attempts}`, { cause });
    const error = await retryOnConflict(async () => Promise.reject(last), { attempts: 2, what: 'w', giveUp, sleep, random }).catch((e: Error) => e);
    expect(error).toMatchObject({ message: 'kept changing after 2', cause: last });
  });

  it('retries what the caller also calls retryable, and nothing else', async () => {
    const { sleep, random } = clock();
    const moved = cancelled('ConditionalCheckFailed', 'None');
    let calls = 0;
    const answer = await retryOnConflict(
      async () => {
        if (++calls === 1) throw moved;
        return calls;
      },
      { attempts: 3, what: 'w', alsoRetry: (e) => e === moved, sleep, random },
    );
    expect(answer).toBe(2);
  });

  it('rejects: a non-conflict error is not retried and goes up as it is', async () => {
    const { waits, sleep, random } = clock();
    const boom = new Error('validation');
    let calls = 0;
    const error = await retryOnConflict(
      async () => {
        calls++;
        throw boom;
      },
      { attempts: 5, what: 'w', sleep, random },
    ).catch((e: unknown) => e);
    expect(error).toBe(boom);
    expect(calls).toBe(1);
    expect(waits).toEqual([]);
  });

  it('rejects: a condition failure is no conflict, so it is not retried unless the caller says so', async () => {
    const { sleep, random } = clock();
    let calls = 0;
    const failed = cancelled('ConditionalCheckFailed');
    await expect(
      retryOnConflict(
        async () => {
          calls++;
          throw failed;
        },
        { attempts: 5, what: 'w', sleep, random },
      ),
    ).rejects.toBe(failed);
    expect(calls).toBe(1);
  });

  describe('stops at the deadline (no request outlives its answer)', () => {
    /** A clock that moves only when the loop sleeps or a try takes time. */
    function fakeTime(start = 1_000_000) {
      let t = start;
      const waits: number[] = [];
      return {
        waits,
        now: () => t,
        advance: (ms: number) => void (t += ms),
        sleep: async (ms: number) => void (waits.push(ms), (t += ms)),
        random: () => 0.999,
      };
    }

    it("never sleeps past the invocation's deadline less the margin, and gives up with a retry-later error", async () => {
      const clock = fakeTime();
      const deadline = clock.now() + RETRY_DEADLINE_MARGIN_MS + 300;
      let tries = 0;
      const error = await runWithDeadline(deadline, () =>
        retryOnConflict(
          async () => {
            tries++;
            clock.advance(20);
            throw conflict();
          },
          { attempts: 1000, what: 'wallet write', budgetMs: 60_000, ...clock },
        ).catch((e: unknown) => e),
      );
      expect(error).toBeInstanceOf(RetriesExhaustedError);
      expect(error).toBeInstanceOf(RetryLaterError);
      expect((error as RetriesExhaustedError).attempts).toBe(tries);
      // Every try ended before the stop, and no sleep reached over it.
      expect(clock.now()).toBeLessThan(deadline - RETRY_DEADLINE_MARGIN_MS);
      expect(tries).toBeGreaterThan(1);
    });

    it('starts no try at all once the stop has passed: nothing is written', async () => {
      const clock = fakeTime();
      let tries = 0;
      const error = await runWithDeadline(clock.now() + RETRY_DEADLINE_MARGIN_MS - 1, () =>
        retryOnConflict(async () => ++tries, { attempts: 5, what: 'late write', ...clock }).catch((e: unknown) => e),
      );
      expect(tries).toBe(0);
      expect(error).toMatchObject({ name: 'RetriesExhaustedError', attempts: 0 });
    });

    it("keeps back two of the invocation's slowest requests' time once they are slow: a write that commits is answered before the timeout", async () => {
      const clock = fakeTime();
      const deadline = clock.now() + 10_000;
      const starts: number[] = [];
      const error = await runWithDeadline(deadline, async () => {
        // What a burst did to DynamoDB Local on two cores: one request took 1.4 s.
        noteSendTook(1_400);
        expect(answerMarginMs()).toBe(SENDS_AFTER_LAST_WRITE * 1_400);
        return retryOnConflict(
          async () => {
            starts.push(clock.now());
            clock.advance(200);
            throw conflict();
          },
          { attempts: 1000, what: 'wallet write', budgetMs: 60_000, ...clock },
        ).catch((e: unknown) => e);
      });
      expect(error).toBeInstanceOf(RetryLaterError);
      expect(starts.length).toBeGreaterThan(1);
      // The last try started with 2 × 1.4 s still to go: a withdrawal that finds the change committed, and the read of its record, fit.
      expect(Math.max(...starts)).toBeLessThan(deadline - SENDS_AFTER_LAST_WRITE * 1_400);
      expect(Math.max(...starts)).toBeGreaterThan(deadline - SENDS_AFTER_LAST_WRITE * 1_400 - 1_000);
    });

    it('rejects: fast requests do not shrink the time to retry below the fixed margin', () => {
      runWithDeadline(Date.now() + 10_000, () => {
        noteSendTook(40);
        noteSendTook(120);
        expect(answerMarginMs()).toBe(RETRY_DEADLINE_MARGIN_MS);
      });
      // Outside any invocation nothing is noted, and nothing is kept back but the margin's floor.
      noteSendTook(5_000);
      expect(answerMarginMs()).toBe(RETRY_DEADLINE_MARGIN_MS);
    });

    it('outside any invocation, stops at its own budget', async () => {
      const clock = fakeTime();
      const started = clock.now();
      const error = await retryOnConflict(async () => Promise.reject(conflict()), { attempts: 1000, what: 'w', budgetMs: 500, ...clock }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(RetriesExhaustedError);
      expect(clock.now() - started).toBeLessThan(500);
    });
  });
});
