import { describe, expect, it } from 'vitest';
import { useMemoryLocalStorage } from './storage.testing.js';
import { forgetSignIns, lastLoginToShow, recordSignIn } from './sign-ins.js';

describe('"Last login" is the sign-in before this one', () => {
  useMemoryLocalStorage();

  it('is not shown at a first sign-in (the server names none before it) nor after a registration', () => {
    recordSignIn('ada', '2026-12-02T10:00:00.000Z', null);
    expect(lastLoginToShow('ada', '2026-12-02T10:00:00.000Z')).toBeNull();
    recordSignIn('bola', null, undefined);
    expect(lastLoginToShow('bola', null)).toBeNull();
  });

  it("shows the sign-in before this one as the server named it, even when this device never saw it; never another user's", () => {
    recordSignIn('ada', '2026-12-02T10:00:00.000Z', '2026-12-01T09:00:00.000Z');
    expect(lastLoginToShow('ada', '2026-12-02T10:00:00.000Z')).toBe('2026-12-01T09:00:00.000Z');
    recordSignIn('bola', '2026-12-02T11:00:00.000Z', '2026-11-30T08:00:00.000Z');
    expect(lastLoginToShow('bola', '2026-12-02T11:00:00.000Z')).toBe('2026-11-30T08:00:00.000Z');
    expect(lastLoginToShow('ada', '2026-12-02T10:00:00.000Z')).toBeNull();
  });

  it('shows a sign-in elsewhere that came after this session', () => {
    recordSignIn('ada', '2026-12-02T10:00:00.000Z', '2026-12-01T09:00:00.000Z');
    expect(lastLoginToShow('ada', '2026-12-02T12:30:00.000Z')).toBe('2026-12-02T12:30:00.000Z');
  });

  it('is forgotten at sign-out', () => {
    recordSignIn('ada', '2026-12-02T10:00:00.000Z', '2026-12-01T09:00:00.000Z');
    forgetSignIns();
    expect(lastLoginToShow('ada', '2026-12-02T10:00:00.000Z')).toBeNull();
  });
});
