/**
 * Forgotten passwords: a reset link e-mailed to a known address (the answer is the same
 * for unknown ones), used once to choose a new password, which also lifts a login lock.
 *
 * The request only queues what was asked (`requestPasswordReset`): the same single write whether the
 * address is known or not, so the answer is the same in the same time (a known address used
 * to answer in 76–286 ms, an unknown one in 7–49 ms). A consumer (`deliverPasswordReset`) then counts
 * the request against the throttle per address and per client, looks the user up, writes the token
 * and queues the mail: at most RESET_MAILS_PER_ADDRESS mails an hour to one address, whatever is sent.
 */
import { hashResetToken, newResetToken, passwordResetEmail, passwordResetLink, type UserProfile } from './accounts.js';
import { hashPassword } from './passwords.js';
import type { Logger } from '../logger.js';

/** Reset mails one address may receive in RESET_THROTTLE_WINDOW_SECONDS. */
export const RESET_MAILS_PER_ADDRESS = 3;
/** Reset requests one client (IP address) may have answered with a mail in the window, across addresses. */
export const RESET_REQUESTS_PER_CLIENT = 10;
export const RESET_THROTTLE_WINDOW_SECONDS = 60 * 60;

/** A request as queued for the consumer. */
export interface PasswordResetRequest {
  email: string;
  clientAddress: string;
  requestedAt: string;
}

export interface PasswordResetRequestDeps {
  /** Queues the request (PasswordResetRequested on the bus): the request path's only I/O. */
  enqueueResetRequest(request: PasswordResetRequest): Promise<void>;
  now(): Date;
}

export interface PasswordResetThrottle {
  /** Counts one request under `key` in the window starting at `windowStart` (epoch s) and returns the count so far. */
  count(key: string, windowStart: number, expiresAt: number): Promise<number>;
}

export interface PasswordResetDeps {
  findUserByEmail(email: string): Promise<UserProfile | undefined>;
  savePasswordReset(userId: string, tokenHash: string, expiresAt: number, now: Date): Promise<void>;
  /** Uses the reset once and sets the new password (ending older sessions). */
  consumePasswordReset(
    userId: string,
    tokenHash: string,
    passwordHash: string,
  ): Promise<{ ok: true; user: Pick<UserProfile, 'userId' | 'userName'> } | { ok: false }>;
  /** Whoever guessed at the login no longer slows the owner down, from any address. */
  clearLoginThrottle(login: string): Promise<void>;
  requestEmail(email: ReturnType<typeof passwordResetEmail>): Promise<void>;
  appBaseUrl(): string;
  now(): Date;
  log: Logger;
}

export type PasswordResetResult = { kind: 'reset_link_sent' } | { kind: 'password_reset' } | { kind: 'reset_link_invalid' };

/** POST /auth/requestPasswordReset: queue it and answer; nothing here depends on whether the address is known. */
export async function requestPasswordReset(email: string, clientAddress: string, deps: PasswordResetRequestDeps): Promise<PasswordResetResult> {
  await deps.enqueueResetRequest({ email: email.trim(), clientAddress, requestedAt: deps.now().toISOString() });
  return { kind: 'reset_link_sent' };
}

export type PasswordResetDelivery = 'mail_requested' | 'unknown_address' | 'throttled_address' | 'throttled_client';

/** Throttle keys: the address lower-cased (one mailbox however it is typed), and the client. */
export function resetThrottleKeys(request: Pick<PasswordResetRequest, 'email' | 'clientAddress'>): { address: string; client: string } {
  return { address: `EMAIL#${request.email.trim().toLowerCase()}`, client: `CLIENT#${request.clientAddress}` };
}

/**
 * The consumer: counts the request (per address and per client, whether the address is known or not,
 * so the throttle tells nothing either), then mails a link to a known address within the limits.
 */
export async function deliverPasswordReset(
  request: PasswordResetRequest,
  deps: Omit<PasswordResetDeps, 'consumePasswordReset' | 'clearLoginThrottle'> & { throttle: PasswordResetThrottle },
): Promise<PasswordResetDelivery> {
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % RESET_THROTTLE_WINDOW_SECONDS);
  const expiresAt = windowStart + 2 * RESET_THROTTLE_WINDOW_SECONDS;
  const keys = resetThrottleKeys(request);
  const [forAddress, forClient] = await Promise.all([
    deps.throttle.count(keys.address, windowStart, expiresAt),
    deps.throttle.count(keys.client, windowStart, expiresAt),
  ]);
  if (forClient > RESET_REQUESTS_PER_CLIENT) return 'throttled_client';
  if (forAddress > RESET_MAILS_PER_ADDRESS) return 'throttled_address';
  return (await mailResetLink(request.email, deps)) ? 'mail_requested' : 'unknown_address';
}

async function mailResetLink(email: string, deps: Omit<PasswordResetDeps, 'consumePasswordReset' | 'clearLoginThrottle'>): Promise<boolean> {
  const appBaseUrl = deps.appBaseUrl();
  const profile = await deps.findUserByEmail(email);
  if (profile) {
    const now = deps.now();
    const reset = newResetToken(now);
    await deps.savePasswordReset(profile.userId, reset.tokenHash, reset.expiresAt, now);
    const link = passwordResetLink(appBaseUrl, reset.token, profile.userId);
    try {
      await deps.requestEmail(passwordResetEmail({ to: profile.email, userName: profile.userName, link }));
    } catch (error) {
      // Off the request path now: the queue tries again (the answer was given long ago, alike for every address).
      deps.log.error('password reset e-mail could not be requested', { error: error as Error, userId: profile.userId });
      throw error;
    }
  }
  return profile !== undefined;
}

export async function resetPassword(input: { userId: string; token: string; newPassword: string }, deps: PasswordResetDeps): Promise<PasswordResetResult> {
  const used = await deps.consumePasswordReset(input.userId, hashResetToken(input.token), await hashPassword(input.newPassword));
  if (!used.ok) return { kind: 'reset_link_invalid' };
  // Whoever locked the login by guessing no longer stands between the owner and the account.
  await deps.clearLoginThrottle(used.user.userName);
  return { kind: 'password_reset' };
}
