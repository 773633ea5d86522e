/**
 * Values kept for a short while per warm container: one read per key and TTL instead of one per
 * call. `put` replaces a value where it is written, so a change made in this container (and, on
 * the local cloud, where every function shares one process) is seen at once; other containers see
 * it when their copy expires.
 */
export interface WarmCache<Key, Value> {
  get(key: Key): Promise<Value>;
  put(key: Key, value: Value): void;
}

export function warmCache<Key, Value>(ttlMs: number, load: (key: Key) => Promise<Value>, clock: () => number = Date.now): WarmCache<Key, Value> {
  const entries = new Map<Key, { value: Promise<Value>; until: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry && entry.until > clock()) return entry.value;
      const value = load(key);
      entries.set(key, { value, until: clock() + ttlMs });
      // A failed read is not kept: the next call tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    put(key, value) {
      entries.set(key, { value: Promise.resolve(value), until: clock() + ttlMs });
    },
  };
}
