/**
 * Session tokens are short (15 minutes) and renewed while the app is in use:
 * before a request when the token is near its end, on a timer shortly before expiry when the
 * user was active, and once after a 401. A renewal that is refused (logged out, password changed
 * elsewhere, session older than its 24 h) leaves the 401 to log out.
 *
 * The server revokes the token a renewal replaces, and renews a token only once. So a request sent
 * with a token that a renewal (of this tab, or of another tab: they share the token) replaced
 * meanwhile is refused; it is sent again with the newer token. Renewals run one at a time across
 * tabs, and each first looks whether another already replaced the token.
 */
import { AUTH_HEADER } from '@shared/constants.js';
import type { RefreshTokenResponse } from '@shared/api/accounts.js';
import { apiPath } from '@shared/routes.js';
import { env } from './env.js';
import { getToken, onSessionChange, replaceToken, storedToken, syncSessionFromStorage } from './session.js';

interface TokenTimes {
  /** Epoch milliseconds. */
  issuedAt: number;
  expiresAt: number;
}

/** The token's own times (its payload is readable; only the server can check it), or undefined for a token that is not a JWT. */
export function tokenTimes(token: string): TokenTimes | undefined {
  try {
    const payload = token.split('.')[1];
    if (!payload) return undefined;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { iat?: unknown; exp?: unknown };
    if (typeof json.exp !== 'number' || typeof json.iat !== 'number') return undefined;
    return { issuedAt: json.iat * 1000, expiresAt: json.exp * 1000 };
  } catch {
    return undefined;
  }
}

/** Renewed once less than a third of its life is left. */
function renewFrom(times: TokenTimes): number {
  return times.expiresAt - (times.expiresAt - times.issuedAt) / 3;
}

export function needsRenewal(token: string, now = Date.now()): boolean {
  const times = tokenTimes(token);
  return times !== undefined && now >= renewFrom(times);
}

let inFlight: Promise<boolean> | undefined;

/** Runs `work` while no other tab of this app renews (Web Locks); where they are missing, in this tab alone. */
async function oneTabAtATime(work: () => Promise<boolean>): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request('vtu.token-renewal', work) : work();
}

/**
 * Replaces `stale` (by default the token held now) with a newer token of the session: one already
 * stored by an earlier renewal (this tab's or another's), else a renewal. One at a time (screens
 * fire requests together); true when this tab then holds a token other than `stale`.
 */
export function renewToken(stale: string | null = getToken()): Promise<boolean> {
  inFlight ??= oneTabAtATime(async () => {
    if (!stale) return false;
    // Replaced (or signed out) meanwhile in another tab, whose storage event may not have come yet: storage says what the session is now.
    const stored = storedToken();
    if (stored !== undefined && stored !== stale) {
      syncSessionFromStorage();
      return getToken() !== null;
    }
    // Replaced meanwhile in this tab.
    if (getToken() !== stale) return getToken() !== null;
    try {
      const response = await fetch(env.apiOrigin + apiPath('refreshToken'), { method: 'POST', headers: { accept: 'application/json', [AUTH_HEADER]: stale } });
      if (!response.ok) return false;
      const body = (await response.json()) as Partial<RefreshTokenResponse>;
      // Signed out (or another user signed in) meanwhile: that session is not this one's to change.
      if (typeof body.token !== 'string' || getToken() !== stale) return false;
      replaceToken(body.token);
      return true;
    } catch {
      return false;
    }
  }).finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

// "In use": the user touched, typed or scrolled, or a screen made a request, within the token's lifetime.
let lastActivity = Date.now();
export function markActivity(): void {
  lastActivity = Date.now();
}

let timer: ReturnType<typeof setTimeout> | undefined;

function schedule(): void {
  clearTimeout(timer);
  const token = getToken();
  const times = token ? tokenTimes(token) : undefined;
  if (!times) return;
  timer = setTimeout(
    () => {
      // Idle: no renewal now; the next request renews (within the grace) or gets the 401 and signs out.
      if (Date.now() - lastActivity < times.expiresAt - times.issuedAt) void renewToken();
    },
    Math.max(0, renewFrom(times) - Date.now()),
  );
}

let started = false;

/** Once, at start-up: keeps the signed-in session's token renewed while the user is active. */
export function keepTokenRenewed(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  for (const event of ['pointerdown', 'keydown', 'scroll', 'touchstart']) window.addEventListener(event, markActivity, { passive: true, capture: true });
  onSessionChange(schedule);
  schedule();
}
