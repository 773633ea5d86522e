import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { lastLoginToShow, recordSignIn } from './sign-ins.js';

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

describe('"Last login" is the sign-in before this one', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
  });
  // The worker's other files share this global scope: leave it as found.
  afterAll(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('is unknown (not shown) at the first sign-in on a device and after a registration', () => {
    recordSignIn('ada', '2026-12-02T10:00:00.000Z');
    expect(lastLoginToShow('ada', '2026-12-02T10:00:00.000Z')).toBeNull();
    recordSignIn('bola', null);
    expect(lastLoginToShow('bola', null)).toBeNull();
  });

  it("shows the previous sign-in of the same user, never another user's", () => {
    recordSignIn('ada', '2026-12-01T09:00:00.000Z');
    recordSignIn('ada', '2026-12-02T10:00:00.000Z');
    expect(lastLoginToShow('ada', '2026-12-02T10:00:00.000Z')).toBe('2026-12-01T09:00:00.000Z');
    recordSignIn('bola', '2026-12-02T11:00:00.000Z');
    expect(lastLoginToShow('bola', '2026-12-02T11:00:00.000Z')).toBeNull();
    expect(lastLoginToShow('ada', '2026-12-02T10:00:00.000Z')).toBeNull();
  });

  it('shows a sign-in elsewhere that came after this session', () => {
    recordSignIn('ada', '2026-12-01T09:00:00.000Z');
    recordSignIn('ada', '2026-12-02T10:00:00.000Z');
    expect(lastLoginToShow('ada', '2026-12-02T12:30:00.000Z')).toBe('2026-12-02T12:30:00.000Z');
  });
});
