/**
 * An admin resets a user's password: the old password and every session stop
 * working at once, and the user is e-mailed a single-use link to choose a new one — nobody, the
 * admin included, ever learns a password. The link is the one of the forgotten-password flow.
 *
 * Everything is checked before anything changes: the mail is built and held to the mail event's
 * schema first, so a user whose address the mailer refuses keeps their password and sessions
 * (the admin is told why) rather than being locked out with no link on its way.
 */
import { escapeHtml, newResetToken, passwordResetLink, type UserProfile } from './accounts.js';
import { PASSWORD_RESET_TTL_SECONDS } from '../../../shared/constants.js';
import { emailRequestedSchema } from '../../../shared/events.js';
import type { Logger } from '../logger.js';

export interface AdminPasswordResetDeps {
  findUserById(userId: string): Promise<UserProfile | undefined>;
  /** Replaces the password with one nobody knows and bumps the token version (every session ends). */
  revokePassword(userId: string): Promise<{ ok: true } | { ok: false }>;
  savePasswordReset(userId: string, tokenHash: string, expiresAt: number, now: Date): Promise<void>;
  requestEmail(email: { to: string; subject: string; text: string; html: string }): Promise<void>;
  appBaseUrl(): string;
  now(): Date;
  log: Logger;
}

export type AdminPasswordResetResult =
  | { kind: 'user_password_reset'; userName: string }
  | { kind: 'user_not_found' }
  /** The mail event refuses the user's address: nothing was changed. */
  | { kind: 'mail_address_undeliverable' };

export async function resetUserPassword(userId: string, by: string, deps: AdminPasswordResetDeps): Promise<AdminPasswordResetResult> {
  const appBaseUrl = deps.appBaseUrl();
  const user = await deps.findUserById(userId);
  if (!user) return { kind: 'user_not_found' };
  const now = deps.now();
  const reset = newResetToken(now);
  const email = adminResetEmail({ to: user.email, userName: user.userName, link: passwordResetLink(appBaseUrl, reset.token, user.userId) });
  if (!emailRequestedSchema.safeParse(email).success) {
    deps.log.warn('password reset by an admin refused: the mail event does not take the address', { userId: user.userId, by });
    return { kind: 'mail_address_undeliverable' };
  }
  if (!(await deps.revokePassword(user.userId)).ok) return { kind: 'user_not_found' };
  await deps.savePasswordReset(user.userId, reset.tokenHash, reset.expiresAt, now);
  await deps.requestEmail(email);
  deps.log.info('password reset by an admin', { userId: user.userId, by });
  return { kind: 'user_password_reset', userName: user.userName };
}

export function adminResetEmail(input: { to: string; userName: string; link: string }) {
  const minutes = Math.round(PASSWORD_RESET_TTL_SECONDS / 60);
  const text =
    `Hello ${input.userName},\n\n` +
    `An administrator has reset the password of your account; your old password no longer works. ` +
    `To choose a new password, open this link within ${minutes} minutes:\n\n${input.link}\n\nThe link works once.\n`;
  const html =
    `<p>Hello ${escapeHtml(input.userName)},</p>` +
    `<p>An administrator has reset the password of your account; your old password no longer works. To choose a new password, open this link within ${minutes} minutes:</p>` +
    `<p><a href="${escapeHtml(input.link)}">Choose a new password</a></p><p>The link works once.</p>`;
  return { to: input.to, subject: 'Your password has been reset', text, html };
}
