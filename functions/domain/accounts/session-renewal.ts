/**
 * Session renewal: short access tokens, renewed while the app is in use. A renewed
 * token names the same session (so logout and a password change still end it) and never outlives
 * the session's absolute lifetime, counted from its sign-in. Times are epoch seconds.
 */
import { SESSION_MAX_AGE_SECONDS, TOKEN_RENEWAL_GRACE_SECONDS } from '../../../shared/constants.js';

/** What renewal looks at in a token whose signature held. */
export interface RenewableToken {
  /** When the session signed in (the `sat` claim; `iat` for tokens issued before it existed). */
  sessionStartedAt: number;
  /** The token's `exp`. */
  expiresAt: number;
}

export type RenewalRefusal = 'session_too_old' | 'expired_too_long';

/** Why this token may not be renewed now, or undefined when it may. */
export function renewalRefusal(token: RenewableToken, now: number): RenewalRefusal | undefined {
  if (now >= token.sessionStartedAt + SESSION_MAX_AGE_SECONDS) return 'session_too_old';
  // Long unused: the app was closed, not in use; a stolen old token is not a way back in either.
  if (now > token.expiresAt + TOKEN_RENEWAL_GRACE_SECONDS) return 'expired_too_long';
  return undefined;
}

/** A token issued now expires after its lifetime, or when its session ends if that comes first. */
export function tokenExpiry(now: number, sessionStartedAt: number, lifetimeSeconds: number): number {
  return Math.min(now + lifetimeSeconds, sessionStartedAt + SESSION_MAX_AGE_SECONDS);
}
