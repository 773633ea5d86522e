/** API keys (issue 11): which header carries which credential, the key's shape, the rate limit and regeneration rules. */
import { describe, expect, it } from 'vitest';
import {
  apiKeyHint,
  authenticateApiKey,
  credentialOf,
  hashApiKey,
  isWellFormedApiKey,
  newApiKey,
  regenerateApiKey,
  type ApiKeyAuthDeps,
  type ApiKeyDeps,
  type StoredApiKey,
} from '../../../functions/domain/api-keys.js';
import type { Principal } from '../../../functions/ports/users.js';

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

function authDeps(limit: number): ApiKeyAuthDeps & { counts: Map<string, number> } {
  const counts = new Map<string, number>();
  return {
    counts,
    ownerOfKey: async (hash) => (hash === hashApiKey(KEY) ? OWNER : undefined),
    countRequest: async (hash, minute) => {
      const id = `${hash}#${minute}`;
      const next = (counts.get(id) ?? 0) + 1;
      if (next > limit) return false;
      counts.set(id, next);
      return true;
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
  });

  it('rate limit: the request after the limit within one minute is refused, told to retry when the minute ends', async () => {
    const deps = authDeps(2);
    expect((await authenticateApiKey(KEY, deps)).kind).toBe('authenticated');
    expect((await authenticateApiKey(KEY, deps)).kind).toBe('authenticated');
    // At 10:00:30 the key's minute ends in 30 s.
    expect(await authenticateApiKey(KEY, deps)).toEqual({ kind: 'rate_limited', retryAfterSeconds: 30 });
  });
});

describe('regenerateApiKey', () => {
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
      newKey: () => KEY,
      now: () => new Date('2026-01-01T10:00:00Z'),
    };
  }

  it('answers the new key once and stores only its hash and hint', async () => {
    const deps = keyDeps({ keyHash: 'old', keyHint: 'vtu_old…', createdAt: '2025-01-01T00:00:00.000Z' });
    expect(await regenerateApiKey('U1', deps)).toEqual({ kind: 'key_regenerated', apiKey: KEY, key: { keyHint: apiKeyHint(KEY), createdAt: '2026-01-01T10:00:00.000Z' } });
    expect(deps.stored()).toEqual({ keyHash: hashApiKey(KEY), keyHint: apiKeyHint(KEY), createdAt: '2026-01-01T10:00:00.000Z' });
  });

  it('rejects when another regeneration changed the key in between', async () => {
    expect(await regenerateApiKey('U1', keyDeps(undefined, false))).toEqual({ kind: 'changed_meanwhile' });
  });
});
