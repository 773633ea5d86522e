/**
 * API keys: what a key looks like, which header carries which credential, and the
 * rules of authenticating with a key and of replacing it. Pure; the stores are ports.
 *
 * Only the key's SHA-256 is stored. A slow hash (bcrypt, scrypt) protects guessable secrets such
 * as passwords; a key is 32 random bytes, so nobody can brute-force its SHA-256, and the look-up
 * runs on every API request, where a slow hash would cost tens of milliseconds each time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_HEADER, API_KEY_PREFIX, AUTH_HEADER } from '../../../shared/constants.js';
import type { Principal } from './users-port.js';

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
  /** The key's owner as stored now, if this hash is their current key, and when the key was last marked used. */
  ownerOfKey(keyHash: string): Promise<{ principal: Principal; lastUsedAt?: string } | undefined>;
  /** Counts one request in the key's current minute: the minute's count with it, or undefined when the limit was reached. */
  countRequest(keyHash: string, minute: number, limit: number): Promise<number | undefined>;
  /** Records that the key was used now (unless someone recorded a use after `staleBefore` meanwhile). */
  markUsed(keyHash: string, at: Date, staleBefore: Date): Promise<void>;
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
  const owner = await deps.ownerOfKey(keyHash);
  if (!owner) return { kind: 'invalid_key' };
  const now = deps.now();
  const nowMs = now.getTime();
  const minute = Math.floor(nowMs / 60_000);
  // "Last used" is kept to the minute: a mark from before this minute is stale.
  const staleBefore = new Date(minute * 60_000);
  const lastUsedStale = owner.lastUsedAt === undefined || Date.parse(owner.lastUsedAt) < staleBefore.getTime();
  const counted = await deps.countRequest(keyHash, minute, deps.ratePerMinute());
  if (counted === undefined) {
    return { kind: 'rate_limited', retryAfterSeconds: Math.max(1, Math.ceil(((minute + 1) * 60_000 - nowMs) / 1000)) };
  }
  // Only the minute's first request marks the use, when the mark is from an earlier minute: a
  // reseller's burst of 50 parallel requests all read the old mark, and each sent a conditional
  // write that 49 lost.
  if (counted === 1 && lastUsedStale) await deps.markUsed(keyHash, now, staleBefore);
  return { kind: 'authenticated', principal: owner.principal };
}

// ---------------------------------------------------------------------------------------------
// The owner's view, regeneration and revocation

export interface StoredApiKey {
  keyHash: string;
  keyHint: string;
  createdAt: string;
  /** Kept to the minute (the minute's first request writes it); absent until the key is first used. */
  lastUsedAt?: string;
}

/** What the owner sees of their key: never the key itself. */
export interface ApiKeySummary {
  /** The first characters of the key (`vtu_` and four more): enough to tell keys apart in logs. */
  prefix: string;
  keyHint: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface ApiKeyDeps {
  currentKey(userId: string): Promise<StoredApiKey | undefined>;
  /** Replaces `previous` (undefined: none yet) in one transaction; false when another change came first. */
  replaceKey(userId: string, previous: StoredApiKey | undefined, next: StoredApiKey): Promise<boolean>;
  /** Removes `previous` in one transaction; false when another change came first. */
  removeKey(userId: string, previous: StoredApiKey): Promise<boolean>;
  /** Whether `password` is the user's password now. */
  passwordMatches(userId: string, password: string): Promise<boolean>;
  newKey(): string;
  now(): Date;
}

export type ApiKeyResult =
  | { kind: 'key_shown'; key: ApiKeySummary | undefined }
  | { kind: 'key_regenerated'; apiKey: string; key: ApiKeySummary }
  | { kind: 'key_revoked' }
  | { kind: 'no_key' }
  | { kind: 'wrong_password' }
  | { kind: 'changed_meanwhile' };

/** The prefix is the hint's head (the hint is `prefix…last4`). */
export function apiKeySummary(stored: Omit<StoredApiKey, 'keyHash'>): ApiKeySummary {
  return { prefix: stored.keyHint.split('…')[0]!, keyHint: stored.keyHint, createdAt: stored.createdAt, lastUsedAt: stored.lastUsedAt ?? null };
}

export async function showApiKey(userId: string, deps: ApiKeyDeps): Promise<ApiKeyResult> {
  const stored = await deps.currentKey(userId);
  return { kind: 'key_shown', key: stored && apiKeySummary(stored) };
}

/**
 * The old key stops working in the same write that makes the new one. Only a signed-in session
 * calls this (the route table keeps keys out), and only with the password, so neither a leaked key
 * nor a session left open can swap the owner's key.
 */
export async function regenerateApiKey(userId: string, password: string, deps: ApiKeyDeps): Promise<ApiKeyResult> {
  if (!(await deps.passwordMatches(userId, password))) return { kind: 'wrong_password' };
  const previous = await deps.currentKey(userId);
  const apiKey = deps.newKey();
  const next: StoredApiKey = { keyHash: hashApiKey(apiKey), keyHint: apiKeyHint(apiKey), createdAt: deps.now().toISOString() };
  if (!(await deps.replaceKey(userId, previous, next))) return { kind: 'changed_meanwhile' };
  return { kind: 'key_regenerated', apiKey, key: apiKeySummary(next) };
}

/** The key stops working with this write; the owner may generate a new one later. */
export async function revokeApiKey(userId: string, password: string, deps: ApiKeyDeps): Promise<ApiKeyResult> {
  if (!(await deps.passwordMatches(userId, password))) return { kind: 'wrong_password' };
  const previous = await deps.currentKey(userId);
  if (!previous) return { kind: 'no_key' };
  if (!(await deps.removeKey(userId, previous))) return { kind: 'changed_meanwhile' };
  return { kind: 'key_revoked' };
}
