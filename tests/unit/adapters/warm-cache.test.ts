import { describe, expect, it } from 'vitest';
import { warmCache } from '../../../functions/adapters/warm-cache.js';

describe('a value kept per warm container for a short while (the supplier choice of the purchase path)', () => {
  const setup = () => {
    let now = 0;
    const reads: string[] = [];
    const values = new Map([['MTN', 'ALARO']]);
    const cache = warmCache<string, string | undefined>(
      30_000,
      async (key) => {
        reads.push(key);
        if (key === 'BROKEN') throw new Error('read failed');
        return values.get(key);
      },
      () => now,
    );
    return { cache, reads, values, advance: (ms: number) => (now += ms) };
  };

  it('reads once per key within the TTL', async () => {
    const { cache, reads, advance } = setup();
    expect(await cache.get('MTN')).toBe('ALARO');
    advance(29_999);
    expect(await cache.get('MTN')).toBe('ALARO');
    expect(reads).toEqual(['MTN']);
  });

  it('reads again once the TTL has passed, so a change elsewhere is seen after it', async () => {
    const { cache, reads, values, advance } = setup();
    await cache.get('MTN');
    values.set('MTN', 'GLAD');
    advance(30_000);
    expect(await cache.get('MTN')).toBe('GLAD');
    expect(reads).toEqual(['MTN', 'MTN']);
  });

  it('a value written here replaces the kept one at once', async () => {
    const { cache, reads } = setup();
    await cache.get('MTN');
    cache.put('MTN', 'GLAD');
    expect(await cache.get('MTN')).toBe('GLAD');
    expect(reads).toEqual(['MTN']);
  });

  it('does not keep a failed read', async () => {
    const { cache, reads } = setup();
    await expect(cache.get('BROKEN')).rejects.toThrow('read failed');
    await expect(cache.get('BROKEN')).rejects.toThrow('read failed');
    expect(reads).toEqual(['BROKEN', 'BROKEN']);
  });
});
