/** Session tokens: HS256 JWTs carried in the x-auth-token header. */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import { TOKEN_RENEWAL_GRACE_SECONDS, type UserType } from '../../shared/constants.js';
import { epochSeconds } from '../domain/accounts/accounts.js';
import { tokenExpiry } from '../domain/accounts/session-renewal.js';
import { ENV } from '../../shared/runtime-env.js';
import { getSecret } from './aws/parameters.js';
import type { Principal } from '../domain/accounts/users-port.js';
import { env, MissingConfigError } from './environment.js';

/** Who the token names (the principal without its wallet) and the version it was issued under. */
export type SessionClaims = Omit<Principal, 'wallet'> & {
  /** Bumped on password change/reset so older tokens stop working. */
  tokenVersion: number;
  /** This session (one per issued token): the one that changes the password is kept alive. */
  sessionId?: string;
  /** When the session signed in (epoch seconds): renewals keep it, and no token outlives the session's lifetime from it. */
  sessionStartedAt?: number;
  /** This token alone (the `jti` claim, new in every token): a renewal revokes the token it replaces by it. */
  tokenId?: string;
};

const ISSUER = 'vtu-platform';

let jwtSecret: Promise<Uint8Array> | undefined;

/** The token-signing key: JWT_SECRET locally, the Secrets Manager secret in the cloud (cached per container). */
function jwtSigningKey(): Promise<Uint8Array> {
  jwtSecret ??= (async () => {
    const direct = env(ENV.jwtSecret);
    const arn = env(ENV.jwtSecretArn);
    if (direct === undefined && arn === undefined) throw new MissingConfigError(`${ENV.jwtSecret} or ${ENV.jwtSecretArn}`);
    const secret = direct ?? (arn && (await getSecret(arn, { maxAge: 3600 })));
    if (typeof secret !== 'string' || secret.length < 32) throw new MissingConfigError(`${ENV.jwtSecret} (at least 32 characters)`);
    return new TextEncoder().encode(secret);
  })();
  return jwtSecret;
}

/** A short-lived access token (ACCESS_TOKEN_TTL_SECONDS); a renewal passes its session and start. */
export async function issueToken(claims: Omit<SessionClaims, 'tokenId'>): Promise<string> {
  const now = epochSeconds(new Date());
  const sessionStartedAt = claims.sessionStartedAt ?? now;
  return new SignJWT({
    un: claims.userName,
    ut: claims.userType,
    adm: claims.isAdmin,
    agt: claims.isAgent,
    cv: claims.isCouponVendor,
    tv: claims.tokenVersion,
    sid: claims.sessionId ?? randomUUID(),
    sat: sessionStartedAt,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setJti(randomUUID())
    .setExpirationTime(tokenExpiry(now, sessionStartedAt, env(ENV.accessTokenTtlSeconds)))
    .sign(await jwtSigningKey());
}

export type TokenCheck = { ok: true; claims: SessionClaims } | { ok: false; reason: 'missing' | 'expired' | 'invalid' };

export async function verifyToken(token: string | undefined): Promise<TokenCheck> {
  return verified(token, 0);
}

export type RenewableTokenCheck =
  | { ok: true; claims: SessionClaims & { sessionStartedAt: number; expiresAt: number } }
  | { ok: false; reason: 'missing' | 'expired' | 'invalid' };

/** For POST /auth/refresh only: a token that expired less than the renewal grace ago still passes (domain/session-renewal decides). */
export async function verifyRenewableToken(token: string | undefined): Promise<RenewableTokenCheck> {
  return verified(token, TOKEN_RENEWAL_GRACE_SECONDS);
}

async function verified(token: string | undefined, graceSeconds: number): Promise<RenewableTokenCheck> {
  if (!token) return { ok: false, reason: 'missing' };
  try {
    // A token without exp would never expire: refused, like a forged one.
    const { payload } = await jwtVerify(token, await jwtSigningKey(), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
      clockTolerance: graceSeconds,
    });
    if (typeof payload.sub !== 'string' || typeof payload.un !== 'string' || typeof payload.exp !== 'number') return { ok: false, reason: 'invalid' };
    // Tokens from before `sat` existed started their session when they were issued.
    const sessionStartedAt = typeof payload.sat === 'number' ? payload.sat : typeof payload.iat === 'number' ? payload.iat : 0;
    return {
      ok: true,
      claims: {
        sessionStartedAt,
        expiresAt: payload.exp,
        userId: payload.sub,
        userName: payload.un,
        userType: payload.ut as UserType,
        isAdmin: payload.adm === true,
        isAgent: payload.agt === true,
        isCouponVendor: payload.cv === true,
        tokenVersion: typeof payload.tv === 'number' ? payload.tv : 0,
        ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
        ...(typeof payload.jti === 'string' ? { tokenId: payload.jti } : {}),
      },
    };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}
