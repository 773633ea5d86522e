import { describe, expect, it } from 'vitest';
import { forEachConcurrently } from '../../../functions/domain/concurrently.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('forEachConcurrently', () => {
  it('handles every item once, starting them in list order, never more than the limit at once', async () => {
    const items = Array.from({ length: 23 }, (_, i) => i);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    await forEachConcurrently(items, 4, async (item) => {
      started.push(item);
      running++;
      most = Math.max(most, running);
      await tick((item * 7) % 5);
      running--;
    });
    expect(started).toEqual(items);
    expect(most).toBe(4);
  });

  it('an empty list does nothing; a limit below one still runs every item, one at a time', async () => {
    let calls = 0;
    await forEachConcurrently([], 8, async () => void calls++);
    expect(calls).toBe(0);
    let running = 0;
    let most = 0;
    await forEachConcurrently([1, 2, 3], 0, async () => {
      running++;
      most = Math.max(most, running);
      await tick(1);
      running--;
      calls++;
    });
    expect([calls, most]).toEqual([3, 1]);
  });
});
