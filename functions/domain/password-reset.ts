/**
 * Forgotten passwords (spec §7): a reset link e-mailed to a known address (the answer is the same
 * for unknown ones), used once to choose a new password, which also lifts a login lock.
 */
import { hashResetToken, newResetToken, passwordResetEmail, passwordResetLink, type UserProfile } from './accounts.js';
import { hashPassword } from './passwords.js';
import type { Logger } from './settlement.js';

export interface PasswordResetDeps {
  findUserByEmail(email: string): Promise<UserProfile | undefined>;
  savePasswordReset(userId: string, tokenHash: string, expiresAt: number, now: Date): Promise<void>;
  /** Uses the reset once and sets the new password (ending older sessions). */
  consumePasswordReset(userId: string, tokenHash: string, passwordHash: string): Promise<{ ok: true; user: Pick<UserProfile, 'userId' | 'userName'> } | { ok: false }>;
  /** Whoever guessed at the login no longer slows the owner down, from any address. */
  clearLoginThrottle(login: string): Promise<void>;
  requestEmail(email: ReturnType<typeof passwordResetEmail>): Promise<void>;
  appBaseUrl(): string;
  now(): Date;
  log: Logger;
}

export type PasswordResetResult = { kind: 'reset_link_sent' } | { kind: 'password_reset' } | { kind: 'reset_link_invalid' };

export async function requestPasswordReset(email: string, deps: PasswordResetDeps): Promise<PasswordResetResult> {
  // Read first: a missing configuration fails every request alike, known address or not.
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
      // The answer must not differ between known and unknown addresses; the operator sees this in the logs.
      deps.log.error('password reset e-mail could not be requested', { error: error as Error, userId: profile.userId });
    }
  }
  return { kind: 'reset_link_sent' };
}

export async function resetPassword(input: { userId: string; token: string; newPassword: string }, deps: PasswordResetDeps): Promise<PasswordResetResult> {
  const used = await deps.consumePasswordReset(input.userId, hashResetToken(input.token), await hashPassword(input.newPassword));
  if (!used.ok) return { kind: 'reset_link_invalid' };
  // Whoever locked the login by guessing no longer stands between the owner and the account.
  await deps.clearLoginThrottle(used.user.userName);
  return { kind: 'password_reset' };
}
