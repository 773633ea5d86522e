import { describe, expect, it } from 'vitest';
import {
  LOGIN_THROTTLE,
  afterSuccess,
  clientOfAddress,
  decideAttempt,
  waitAfter,
  type AccountCounter,
  type ClientCounter,
} from '../../../functions/domain/accounts/login-throttle.js';
import { tooManyLoginAttemptsMessage } from '../../../shared/messages.js';

const start = new Date('2025-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(start.getTime() + ms);
const { freeFailures, maxWaitMs, accountCeiling, accountWindowSeconds, memorySeconds } = LOGIN_THROTTLE;

/** One account's counters as the table would hold them, with the policy's answers applied (the injected clock is `now`). */
function account() {
  let shared: AccountCounter | undefined;
  const clients = new Map<string, ClientCounter>();
  return {
    attempt(client: string, now: Date) {
      const decision = decideAttempt(now, { account: shared, client: clients.get(client) });
      if (decision.allowed) {
        shared = decision.next.account;
        clients.set(client, decision.next.client);
      }
      return decision;
    },
    succeed(client: string, now: Date) {
      const decision = this.attempt(client, now);
      if (!decision.allowed) return decision;
      shared = afterSuccess(decision.next).account;
      clients.delete(client);
      return decision;
    },
    reset() {
      shared = {
        ...(shared ?? { failures: 0, windowEnd: 0, generation: 0, expiresAt: 0 }),
        failures: 0,
        windowEnd: 0,
        generation: (shared?.generation ?? 0) + 1,
      };
    },
    get counted() {
      return shared?.failures ?? 0;
    },
  };
}

describe('login throttle: waits per (account, client address)', () => {
  it(`lets a client fail ${freeFailures} times without waiting, then doubles its wait from 1 s after each failure, up to 15 minutes`, () => {
    expect(Array.from({ length: freeFailures }, (_, i) => waitAfter(i))).toEqual(Array(freeFailures).fill(0));
    expect([5, 6, 7, 8, 9, 14, 15, 16, 100].map(waitAfter)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 512_000, maxWaitMs, maxWaitMs, maxWaitMs]);
  });

  it('refuses a client that tries during its wait (whatever the password: the policy never sees it) and says how long is left; allows it once the wait is over', () => {
    const throttle = account();
    for (let i = 0; i < freeFailures; i++) expect(throttle.attempt('10.0.0.1', start).allowed).toBe(true);
    expect(throttle.attempt('10.0.0.1', at(400))).toEqual({ allowed: false, waitSeconds: 1 });
    expect(throttle.attempt('10.0.0.1', at(1_000)).allowed).toBe(true);
    expect(throttle.attempt('10.0.0.1', at(2_999))).toEqual({ allowed: false, waitSeconds: 1 });
    expect(throttle.attempt('10.0.0.1', at(1_001))).toEqual({ allowed: false, waitSeconds: 2 });
    expect(throttle.attempt('10.0.0.1', at(3_000)).allowed).toBe(true);
  });

  it("a client's waiting never slows another client of the same account", () => {
    const throttle = account();
    for (let i = 0; i < 50; i++) throttle.attempt('10.0.0.1', at(i));
    expect(throttle.attempt('10.0.0.1', at(100)).allowed).toBe(false);
    expect(throttle.attempt('10.0.0.2', at(100)).allowed).toBe(true);
  });

  it(`forgets a client's failures ${memorySeconds / 3600} h after its last one`, () => {
    const throttle = account();
    for (let i = 0; i < 20; i++) throttle.attempt('10.0.0.1', at(i * maxWaitMs));
    const last = 19 * maxWaitMs;
    expect(throttle.attempt('10.0.0.1', at(last + memorySeconds * 1000 - 1_000)).allowed).toBe(true);
    // That attempt counted again; a day after it, the client starts afresh with its free failures.
    const fresh = last + 2 * memorySeconds * 1000;
    for (let i = 0; i < freeFailures; i++) expect(throttle.attempt('10.0.0.1', at(fresh)).allowed).toBe(true);
  });

  it("a success clears that client's counter only, and gives its attempt back to the account", () => {
    const throttle = account();
    for (let i = 0; i < freeFailures + 1; i++) {
      throttle.attempt('10.0.0.1', start);
      throttle.attempt('10.0.0.2', start);
    }
    const countedBefore = throttle.counted;
    expect(throttle.succeed('10.0.0.1', at(60_000)).allowed).toBe(true);
    expect(throttle.counted).toBe(countedBefore);
    for (let i = 0; i < freeFailures; i++) expect(throttle.attempt('10.0.0.1', at(60_000)).allowed).toBe(true);
    // The other client had waited long enough for one more guess, which costs it a longer wait.
    expect(throttle.attempt('10.0.0.2', at(60_000)).allowed).toBe(true);
    expect(throttle.attempt('10.0.0.2', at(60_001))).toMatchObject({ allowed: false });
  });

  it("a password reset starts every client's counter on the account afresh", () => {
    const throttle = account();
    for (let i = 0; i < 30; i++) for (const client of ['10.0.0.1', '10.0.0.2']) throttle.attempt(client, start);
    throttle.reset();
    expect(throttle.counted).toBe(0);
    for (let i = 0; i < freeFailures; i++) {
      expect(throttle.attempt('10.0.0.1', at(1)).allowed).toBe(true);
      expect(throttle.attempt('10.0.0.2', at(1)).allowed).toBe(true);
    }
  });
});

describe('login throttle: the per-account ceiling across all clients', () => {
  it(`past ${accountCeiling} attempts an hour from all addresses nobody is refused a try (never a hard lock): attempts are marked step-up until the window ends`, () => {
    const throttle = account();
    for (let i = 0; i < accountCeiling; i++) {
      const decision = throttle.attempt(`10.0.${Math.floor(i / 4)}.${i % 4}`, start);
      expect(decision).toMatchObject({ allowed: true, stepUp: false });
    }
    // A fresh address, the owner's or a guesser's: allowed, but the right password alone is then not enough from an unknown client.
    expect(throttle.attempt('192.0.2.1', at(60_000))).toMatchObject({ allowed: true, stepUp: true });
    expect(throttle.attempt('192.0.2.2', at(accountWindowSeconds * 1_000 - 1))).toMatchObject({ allowed: true, stepUp: true });
    expect(throttle.attempt('192.0.2.3', at(accountWindowSeconds * 1_000))).toMatchObject({ allowed: true, stepUp: false });
    expect(throttle.counted).toBe(1);
  });

  it('past the ceiling a client still waits out its own failures: the step-up never speeds guessing up', () => {
    const throttle = account();
    for (let i = 0; i < accountCeiling; i++) throttle.attempt(`10.1.${Math.floor(i / 4)}.${i % 4}`, start);
    for (let i = 0; i < freeFailures; i++) expect(throttle.attempt('192.0.2.9', at(i)).allowed).toBe(true);
    expect(throttle.attempt('192.0.2.9', at(freeFailures))).toEqual({ allowed: false, waitSeconds: 1 });
  });

  it('refused attempts are not counted against the account', () => {
    const throttle = account();
    for (let i = 0; i < 500; i++) throttle.attempt('10.0.0.1', at(i));
    expect(throttle.counted).toBe(freeFailures);
  });

  it('an owner logging in often never reaches the ceiling: successes are given back', () => {
    const throttle = account();
    for (let i = 0; i < accountCeiling * 3; i++) expect(throttle.succeed('10.0.0.9', at(i * 1_000)).allowed).toBe(true);
    expect(throttle.counted).toBe(0);
  });
});

describe('login throttle: the client address', () => {
  it('counts an IPv4 address as it is, an IPv4-mapped one as IPv4, and IPv6 by its /64 network (one subscriber holds a whole /64)', () => {
    expect(clientOfAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOfAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOfAddress('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(clientOfAddress('2001:DB8::1:2')).toBe('2001:db8:0:0::/64');
    expect(clientOfAddress('2001:0db8:0000:0001::ffff')).toBe(clientOfAddress('2001:db8:0:1:1:2:3:4'));
    expect(clientOfAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientOfAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('login throttle: the refusal says how long to wait', () => {
  it('in seconds under a minute, else in whole minutes rounded up', () => {
    expect(tooManyLoginAttemptsMessage(1)).toBe('Too many failed login attempts. Please wait 1 second and try again');
    expect(tooManyLoginAttemptsMessage(0.2)).toBe('Too many failed login attempts. Please wait 1 second and try again');
    expect(tooManyLoginAttemptsMessage(59)).toBe('Too many failed login attempts. Please wait 59 seconds and try again');
    expect(tooManyLoginAttemptsMessage(60)).toBe('Too many failed login attempts. Please wait 1 minute and try again');
    expect(tooManyLoginAttemptsMessage(61)).toBe('Too many failed login attempts. Please wait 2 minutes and try again');
    expect(tooManyLoginAttemptsMessage(900)).toBe('Too many failed login attempts. Please wait 15 minutes and try again');
  });
});
