/** Conflict retry: one backoff formula, retries only races, gives up after N tries with the last error as cause. */
import { TransactionCanceledException, TransactionConflictException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, isConflict, retryOnConflict, RetriesExhaustedError } from '../../../functions/adapters/dynamo/retry.js';

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
  it('retries a conflict and answers the first success, waiting with capped exponential full-jitter backoff', async () => {
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
    expect(waits).toEqual([0, 1, 2].map((n) => Math.floor(0.999 * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** n))));
  });

  it('never waits longer than the cap', async () => {
    const { waits, sleep, random } = clock();
    await expect(retryOnConflict(async () => Promise.reject(conflict()), { attempts: 30, what: 'w', sleep, random })).rejects.toThrow();
    expect(Math.max(...waits)).toBeLessThan(BACKOFF_CAP_MS);
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
});
