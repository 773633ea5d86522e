/** Session renewal: the domain rule that decides whether a token may be renewed, and until when a new one lives. */
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, SESSION_MAX_AGE_SECONDS, TOKEN_RENEWAL_GRACE_SECONDS } from '../../../shared/constants.js';
import { renewalRefusal, tokenExpiry } from '../../../functions/domain/accounts/session-renewal.js';

const signIn = 1_750_000_000;

describe('session renewal rule', () => {
  it('access tokens are short (15 minutes) and a session lasts at most 24 h from its sign-in', () => {
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(15 * 60);
    expect(SESSION_MAX_AGE_SECONDS).toBe(24 * 60 * 60);
  });

  it('a live token of a young session may be renewed', () => {
    expect(renewalRefusal({ sessionStartedAt: signIn, expiresAt: signIn + ACCESS_TOKEN_TTL_SECONDS }, signIn + 60)).toBeUndefined();
  });

  it('a token that expired less than the grace ago may still be renewed; longer ago it may not', () => {
    const expiresAt = signIn + ACCESS_TOKEN_TTL_SECONDS;
    expect(renewalRefusal({ sessionStartedAt: signIn, expiresAt }, expiresAt + TOKEN_RENEWAL_GRACE_SECONDS)).toBeUndefined();
    expect(renewalRefusal({ sessionStartedAt: signIn, expiresAt }, expiresAt + TOKEN_RENEWAL_GRACE_SECONDS + 1)).toBe('expired_too_long');
  });

  it('a session past its absolute lifetime is not renewed, however fresh its token', () => {
    const end = signIn + SESSION_MAX_AGE_SECONDS;
    expect(renewalRefusal({ sessionStartedAt: signIn, expiresAt: end }, end - 1)).toBeUndefined();
    expect(renewalRefusal({ sessionStartedAt: signIn, expiresAt: end }, end)).toBe('session_too_old');
  });

  it('a new token lives its lifetime, but never past the end of its session', () => {
    expect(tokenExpiry(signIn + 100, signIn, ACCESS_TOKEN_TTL_SECONDS)).toBe(signIn + 100 + ACCESS_TOKEN_TTL_SECONDS);
    const nearEnd = signIn + SESSION_MAX_AGE_SECONDS - 60;
    expect(tokenExpiry(nearEnd, signIn, ACCESS_TOKEN_TTL_SECONDS)).toBe(signIn + SESSION_MAX_AGE_SECONDS);
  });
});
