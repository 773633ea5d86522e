/** For the web's unit tests in node: a fresh in-memory localStorage for each test of the calling suite. */
import { afterAll, beforeEach } from 'vitest';

/** localStorage as the browser has it, for the node test environment. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** Call inside a describe: each test starts with an empty localStorage, and the global goes at the suite's end. */
export function useMemoryLocalStorage(): void {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
  });
  // The worker's other files share this global scope: leave it as found.
  afterAll(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });
}
