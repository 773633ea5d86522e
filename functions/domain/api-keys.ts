/**
 * API keys (issue 11): what a key looks like, which header carries which credential, and the
 * rules of authenticating with a key and of replacing it. Pure; the stores are ports.
 *
 * Only the key's SHA-256 is stored. A slow hash (bcrypt, scrypt) protects guessable secrets such
 * as passwords; a key is 32 random bytes, so nobody can brute-force its SHA-256, and the look-up
 * runs on every API request, where a slow hash would cost tens of milliseconds each time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_HEADER, API_KEY_PREFIX, AUTH_HEADER } from '../../shared/constants.js';
import type { Principal } from '../ports/users.js';

const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);
const AUTHORIZATION = /^(bearer|token)\s+(\S+)\s*$/i;

export function newApiKey(random: (size: number) => Buffer = randomBytes): string {
  return `${API_KEY_PREFIX}${random(32).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** What the Account page shows of a key it can no longer read: enough to recognise it. */
export function apiKeyHint(key: string): string {
  return `${key.slice(0, API_KEY_PREFIX.length + 4)}…${key.slice(-4)}`;
}

export function isWellFormedApiKey(key: string): boolean {
  return KEY_SHAPE.test(key);
}

export type Credential = { kind: 'session'; token: string } | { kind: 'apiKey'; key: string } | { kind: 'none' };

/**
 * The credential a request carries (headers lower-cased). `x-auth-token` keeps its meaning and
 * wins; then `x-auth-apikey`; then `Authorization: Bearer|Token <value>`, where a value with the
 * key prefix is a key and anything else is taken for a session JWT (some clients send those as
 * Bearer) — a JWT never starts with `vtu_` (its first segment is base64url of `{"`, i.e. `eyJ`).
 */
export function credentialOf(headers: Record<string, string | undefined>): Credential {
  const session = headers[AUTH_HEADER]?.trim();
  if (session) return { kind: 'session', token: session };
  const key = headers[API_KEY_HEADER]?.trim();
  if (key) return { kind: 'apiKey', key };
  const authorization = headers.authorization?.trim();
  if (!authorization) return { kind: 'none' };
  const value = AUTHORIZATION.exec(authorization)?.[2];
  // A scheme we do not speak (Basic…) still names a credential: refused as a wrong key, not as "log in".
  if (!value) return { kind: 'apiKey', key: authorization };
  return value.startsWith(API_KEY_PREFIX) ? { kind: 'apiKey', key: value } : { kind: 'session', token: value };
}

// ---------------------------------------------------------------------------------------------
// Authenticating with a key

export interface ApiKeyAuthDeps {
  /** The key's owner as stored now, if this hash is their current key. */
  ownerOfKey(keyHash: string): Promise<Principal | undefined>;
  /** Counts one request in the key's current minute; false when the minute's limit is reached. */
  countRequest(keyHash: string, minute: number, limit: number): Promise<boolean>;
  ratePerMinute(): number;
  now(): Date;
}

export type ApiKeyAuthResult =
  | { kind: 'authenticated'; principal: Principal }
  | { kind: 'invalid_key' }
  /** Refused until the key's minute ends: `retryAfterSeconds` (whole, at least 1) is what Retry-After says. */
  | { kind: 'rate_limited'; retryAfterSeconds: number };

export async function authenticateApiKey(key: string, deps: ApiKeyAuthDeps): Promise<ApiKeyAuthResult> {
  // A malformed key costs no read.
  if (!isWellFormedApiKey(key)) return { kind: 'invalid_key' };
  const keyHash = hashApiKey(key);
  const principal = await deps.ownerOfKey(keyHash);
  if (!principal) return { kind: 'invalid_key' };
  const nowMs = deps.now().getTime();
  const minute = Math.floor(nowMs / 60_000);
  if (!(await deps.countRequest(keyHash, minute, deps.ratePerMinute()))) {
    return { kind: 'rate_limited', retryAfterSeconds: Math.max(1, Math.ceil(((minute + 1) * 60_000 - nowMs) / 1000)) };
  }
  return { kind: 'authenticated', principal };
}

// ---------------------------------------------------------------------------------------------
// The owner's view and regeneration

export interface StoredApiKey {
  keyHash: string;
  keyHint: string;
  createdAt: string;
}

export interface ApiKeyDeps {
  currentKey(userId: string): Promise<StoredApiKey | undefined>;
  /** Replaces `previous` (undefined: none yet) in one transaction; false when another change came first. */
  replaceKey(userId: string, previous: StoredApiKey | undefined, next: StoredApiKey): Promise<boolean>;
  newKey(): string;
  now(): Date;
}

export type ApiKeyResult =
  | { kind: 'key_shown'; key: Omit<StoredApiKey, 'keyHash'> | undefined }
  | { kind: 'key_regenerated'; apiKey: string; key: Omit<StoredApiKey, 'keyHash'> }
  | { kind: 'changed_meanwhile' };

export async function showApiKey(userId: string, deps: ApiKeyDeps): Promise<ApiKeyResult> {
  const stored = await deps.currentKey(userId);
  return { kind: 'key_shown', key: stored && { keyHint: stored.keyHint, createdAt: stored.createdAt } };
}

/** The old key stops working in the same write that makes the new one. */
export async function regenerateApiKey(userId: string, deps: ApiKeyDeps): Promise<ApiKeyResult> {
  const previous = await deps.currentKey(userId);
  const apiKey = deps.newKey();
  const next: StoredApiKey = { keyHash: hashApiKey(apiKey), keyHint: apiKeyHint(apiKey), createdAt: deps.now().toISOString() };
  if (!(await deps.replaceKey(userId, previous, next))) return { kind: 'changed_meanwhile' };
  return { kind: 'key_regenerated', apiKey, key: { keyHint: next.keyHint, createdAt: next.createdAt } };
}
