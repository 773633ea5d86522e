/** API keys: which header carries which credential, the key's shape, the rate limit and regeneration rules. */
import { describe, expect, it } from 'vitest';
import {
  apiKeyHint,
  authenticateApiKey,
  credentialOf,
  hashApiKey,
  isWellFormedApiKey,
  newApiKey,
  regenerateApiKey,
  revokeApiKey,
  type ApiKeyAuthDeps,
  type ApiKeyDeps,
  type StoredApiKey,
} from '../../../functions/domain/accounts/api-keys.js';
import type { Principal } from '../../../functions/domain/accounts/users-port.js';

const KEY = newApiKey();
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

describe('credentialOf: which header carries which credential', () => {
  it('accepts: x-auth-token is a session; x-auth-apikey, Bearer vtu_… and Token vtu_… are keys', () => {
    expect(credentialOf({ 'x-auth-token': JWT })).toEqual({ kind: 'session', token: JWT });
    expect(credentialOf({ 'x-auth-apikey': KEY })).toEqual({ kind: 'apiKey', key: KEY });
    expect(credentialOf({ authorization: `Bearer ${KEY}` })).toEqual({ kind: 'apiKey', key: KEY });
    expect(credentialOf({ authorization: `Token ${KEY}` })).toEqual({ kind: 'apiKey', key: KEY });
    expect(credentialOf({ authorization: `bearer   ${KEY} ` })).toEqual({ kind: 'apiKey', key: KEY });
  });

  it('a session JWT sent as Bearer stays a session (no key prefix), and x-auth-token wins over a key', () => {
    expect(credentialOf({ authorization: `Bearer ${JWT}` })).toEqual({ kind: 'session', token: JWT });
    expect(credentialOf({ 'x-auth-token': JWT, authorization: `Bearer ${KEY}` })).toEqual({ kind: 'session', token: JWT });
  });

  it('rejects: no credential is none; an unknown scheme or a bare value is a (wrong) key, never a session', () => {
    expect(credentialOf({})).toEqual({ kind: 'none' });
    expect(credentialOf({ authorization: '  ' })).toEqual({ kind: 'none' });
    expect(credentialOf({ authorization: 'Basic dXNlcjpwYXNz' })).toEqual({ kind: 'apiKey', key: 'Basic dXNlcjpwYXNz' });
    expect(credentialOf({ authorization: KEY })).toEqual({ kind: 'apiKey', key: KEY });
  });
});

describe('key shape and storage form', () => {
  it('a new key is vtu_ + 43 base64url characters (32 random bytes); each is different', () => {
    expect(isWellFormedApiKey(KEY)).toBe(true);
    expect(newApiKey()).not.toBe(KEY);
  });

  it('rejects malformed keys: wrong prefix, length or characters', () => {
    for (const bad of ['', 'vtu_', `x${KEY}`, `${KEY}x`, `vtu_${'!'.repeat(43)}`, KEY.replace('vtu_', 'VTU_')]) expect(isWellFormedApiKey(bad)).toBe(false);
  });

  it('stored: the SHA-256 hex and a hint that does not reveal the key', () => {
    expect(hashApiKey(KEY)).toMatch(/^[0-9a-f]{64}$/);
    expect(apiKeyHint(KEY)).toBe(`${KEY.slice(0, 8)}…${KEY.slice(-4)}`);
  });
});

const OWNER: Principal = { userId: 'U1', userName: 'ada', userType: 'api user', isAdmin: false, isAgent: false, isCouponVendor: false };

function authDeps(limit: number, lastUsedAt?: string): ApiKeyAuthDeps & { counts: Map<string, number>; marks: string[] } {
  const counts = new Map<string, number>();
  const marks: string[] = [];
  return {
    counts,
    marks,
    ownerOfKey: async (hash) => (hash === hashApiKey(KEY) ? { principal: OWNER, ...(lastUsedAt ? { lastUsedAt } : {}) } : undefined),
    markUsed: async (_hash, at) => {
      marks.push(at.toISOString());
    },
    countRequest: async (hash, minute) => {
      const id = `${hash}#${minute}`;
      const next = (counts.get(id) ?? 0) + 1;
      if (next > limit) return undefined;
      counts.set(id, next);
      return next;
    },
    ratePerMinute: () => limit,
    now: () => new Date('2026-01-01T10:00:30Z'),
  };
}

describe('authenticateApiKey', () => {
  it('accepts the current key as its owner', async () => {
    expect(await authenticateApiKey(KEY, authDeps(5))).toEqual({ kind: 'authenticated', principal: OWNER });
  });

  it('rejects an unknown or malformed key without counting it', async () => {
    const deps = authDeps(5);
    expect(await authenticateApiKey(newApiKey(), deps)).toEqual({ kind: 'invalid_key' });
    expect(await authenticateApiKey('vtu_short', deps)).toEqual({ kind: 'invalid_key' });
    expect(deps.counts.size).toBe(0);
    expect(deps.marks).toEqual([]);
  });

  it('last use: marked by the first request of a minute when the mark is absent or from an earlier minute', async () => {
    const never = authDeps(5);
    await authenticateApiKey(KEY, never);
    expect(never.marks).toEqual(['2026-01-01T10:00:30.000Z']);
    const earlierMinute = authDeps(5, '2026-01-01T09:59:59.000Z');
    await authenticateApiKey(KEY, earlierMinute);
    expect(earlierMinute.marks).toHaveLength(1);
    const thisMinute = authDeps(5, '2026-01-01T10:00:01.000Z');
    await authenticateApiKey(KEY, thisMinute);
    expect(thisMinute.marks).toEqual([]);
  });

  it("rejects: a burst's parallel requests, all reading an old mark, write it once (the minute's first), not once each", async () => {
    const deps = authDeps(100, '2026-01-01T09:58:00.000Z');
    const answers = await Promise.all(Array.from({ length: 50 }, () => authenticateApiKey(KEY, deps)));
    expect(answers.every((answer) => answer.kind === 'authenticated')).toBe(true);
    expect(deps.marks).toEqual(['2026-01-01T10:00:30.000Z']);
  });

  it('rejects: a refused request marks nothing', async () => {
    const deps = authDeps(0);
    expect((await authenticateApiKey(KEY, deps)).kind).toBe('rate_limited');
    expect(deps.marks).toEqual([]);
  });

  it('rate limit: the request after the limit within one minute is refused, told to retry when the minute ends', async () => {
    const deps = authDeps(2);
    expect((await authenticateApiKey(KEY, deps)).kind).toBe('authenticated');
    expect((await authenticateApiKey(KEY, deps)).kind).toBe('authenticated');
    // At 10:00:30 the key's minute ends in 30 s.
    expect(await authenticateApiKey(KEY, deps)).toEqual({ kind: 'rate_limited', retryAfterSeconds: 30 });
  });
});

describe('regenerateApiKey and revokeApiKey', () => {
  const PASSWORD = 'the-Passw0rd';
  function keyDeps(initial?: StoredApiKey, replaceWins = true): ApiKeyDeps & { stored: () => StoredApiKey | undefined } {
    let current = initial;
    return {
      stored: () => current,
      currentKey: async () => current,
      replaceKey: async (_userId, previous, next) => {
        if (!replaceWins || previous?.keyHash !== current?.keyHash) return false;
        current = next;
        return true;
      },
      removeKey: async (_userId, previous) => {
        if (previous.keyHash !== current?.keyHash) return false;
        current = undefined;
        return true;
      },
      passwordMatches: async (_userId, password) => password === PASSWORD,
      newKey: () => KEY,
      now: () => new Date('2026-01-01T10:00:00Z'),
    };
  }

  it('answers the new key once and stores only its hash and hint', async () => {
    const deps = keyDeps({ keyHash: 'old', keyHint: 'vtu_old…', createdAt: '2025-01-01T00:00:00.000Z' });
    expect(await regenerateApiKey('U1', PASSWORD, deps)).toEqual({
      kind: 'key_regenerated',
      apiKey: KEY,
      key: { prefix: KEY.slice(0, 8), keyHint: apiKeyHint(KEY), createdAt: '2026-01-01T10:00:00.000Z', lastUsedAt: null },
    });
    expect(deps.stored()).toEqual({ keyHash: hashApiKey(KEY), keyHint: apiKeyHint(KEY), createdAt: '2026-01-01T10:00:00.000Z' });
  });

  it('rejects when another regeneration changed the key in between', async () => {
    expect(await regenerateApiKey('U1', PASSWORD, keyDeps(undefined, false))).toEqual({ kind: 'changed_meanwhile' });
  });

  it('a wrong password changes nothing, for a regeneration or a revocation', async () => {
    const old = { keyHash: 'old', keyHint: 'vtu_old…', createdAt: '2025-01-01T00:00:00.000Z' };
    const deps = keyDeps(old);
    expect(await regenerateApiKey('U1', 'wrong', deps)).toEqual({ kind: 'wrong_password' });
    expect(await revokeApiKey('U1', 'wrong', deps)).toEqual({ kind: 'wrong_password' });
    expect(deps.stored()).toEqual(old);
  });

  it('revocation removes the key; a second one finds none', async () => {
    const deps = keyDeps({ keyHash: 'old', keyHint: 'vtu_old…', createdAt: '2025-01-01T00:00:00.000Z' });
    expect(await revokeApiKey('U1', PASSWORD, deps)).toEqual({ kind: 'key_revoked' });
    expect(deps.stored()).toBeUndefined();
    expect(await revokeApiKey('U1', PASSWORD, deps)).toEqual({ kind: 'no_key' });
  });
});
