/**
 * Pure account rules: how a login name is read, when repeated failures lock a login, what a
 * password-reset token looks like, and how a stored profile is shown through the API.
 * No I/O here; the repository and the HTTP handler call these.
 */
import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_TTL_SECONDS, type UserType } from '../../../shared/constants.js';
import { koboToNaira } from '../../../shared/money.js';
import type { UserView } from '../../../shared/api/accounts.js';

/** A user as stored (profile item without keys and index attributes). */
export interface UserProfile {
  userId: string;
  userName: string;
  email: string;
  phoneNumber: string;
  fullName: string;
  userType: UserType;
  isAdmin: boolean;
  isAgent: boolean;
  isCouponVendor: boolean;
  bvn: string | null;
  nin: string | null;
  /** User name (as stored) of the referrer; only ever set to a user that existed at registration. */
  referredBy: string | null;
  webhookUrl: string | null;
  webhookSecret: string;
  /** Bumped whenever the password changes: tokens carrying an older version are refused. */
  tokenVersion: number;
  /** The current API key's masked form (prefix…last four), when the user has one. */
  apiKeyHint?: string;
  /**
   * Present only where the caller may read credentials (the accounts service, adapters/dynamo/users.ts
   * `withPasswordHash`): the hash lives in its own item, which every other role is denied.
   */
  passwordHash?: string;
  createdAt: string;
  lastLogin: string | null;
  accountNumbers: { bankName: string; accountNumber: string }[];
}

// ---------------------------------------------------------------------------------------------
// Login names

/** The login form takes a user name or an e-mail; user names cannot contain '@'. */
export function loginKind(login: string): 'email' | 'userName' {
  return login.includes('@') ? 'email' : 'userName';
}

/** Epoch seconds: DynamoDB's TTL unit. */
export const epochSeconds = (now: Date): number => Math.floor(now.getTime() / 1000);

// ---------------------------------------------------------------------------------------------
// Password-reset tokens: 32 random bytes in the link, only their SHA-256 at rest.

export interface ResetToken {
  /** Goes into the e-mailed link, never stored. */
  token: string;
  tokenHash: string;
  /** Epoch seconds (TTL attribute). */
  expiresAt: number;
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newResetToken(now: Date, random: (size: number) => Buffer = randomBytes): ResetToken {
  const token = random(32).toString('hex');
  return { token, tokenHash: hashResetToken(token), expiresAt: epochSeconds(now) + PASSWORD_RESET_TTL_SECONDS };
}

export function passwordResetLink(appBaseUrl: string, token: string, userId: string): string {
  return `${appBaseUrl.replace(/\/+$/, '')}/passwordReset/${encodeURIComponent(token)}/${encodeURIComponent(userId)}`;
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function passwordResetEmail(input: { to: string; userName: string; link: string }) {
  const minutes = Math.round(PASSWORD_RESET_TTL_SECONDS / 60);
  const subject = 'Reset your password';
  const text =
    `Hello ${input.userName},\n\n` +
    `Somebody asked to reset the password of your account. To choose a new password, open this link ` +
    `within ${minutes} minutes:\n\n${input.link}\n\n` +
    `The link works once. If you did not ask for this, ignore this e-mail; your password stays the same.\n`;
  const html =
    `<p>Hello ${escapeHtml(input.userName)},</p>` +
    `<p>Somebody asked to reset the password of your account. To choose a new password, open this link within ${minutes} minutes:</p>` +
    `<p><a href="${escapeHtml(input.link)}">Reset my password</a></p>` +
    `<p>The link works once. If you did not ask for this, ignore this e-mail; your password stays the same.</p>`;
  return { to: input.to, subject, text, html };
}

// ---------------------------------------------------------------------------------------------
// Views

/**
 * The API's view of a user: never the password hash, webhook secret, token version or API key.
 * `apiToken` (read by the original client) is the key's masked form, prefix…last four, only when a key exists.
 */
export function toUserView(profile: UserProfile, balanceKobo: number): UserView {
  return {
    _id: profile.userId,
    userName: profile.userName,
    email: profile.email,
    phoneNumber: profile.phoneNumber,
    fullName: profile.fullName,
    balance: koboToNaira(balanceKobo),
    userType: profile.userType,
    bvn: profile.bvn,
    nin: profile.nin,
    referredBy: profile.referredBy,
    webhookUrl: profile.webhookUrl,
    createdAt: profile.createdAt,
    lastLogin: profile.lastLogin,
    accountNumbers: profile.accountNumbers,
    isAdmin: profile.isAdmin,
    isAgent: profile.isAgent,
    isCouponVendor: profile.isCouponVendor,
    ...(profile.apiKeyHint ? { apiToken: profile.apiKeyHint } : {}),
  };
}

/** Plan groups of the session answer, empty until plans are managed. */
export const SUBSCRIPTION_PLAN_GROUPS = ['MTN', 'MTN_CG_PRICE', 'GLO', 'AIRTEL', 'NMOBILE', 'CABLETV', 'CABLENAME', 'DISCO', 'NETWORK'] as const;

type SubscriptionPlanGroup = (typeof SUBSCRIPTION_PLAN_GROUPS)[number];

export function emptySubscriptionPlans(): Record<SubscriptionPlanGroup, unknown[]> {
  const plans: Partial<Record<SubscriptionPlanGroup, unknown[]>> = {};
  for (const group of SUBSCRIPTION_PLAN_GROUPS) plans[group] = [];
  // Every group was just filled in.
  return plans as Record<SubscriptionPlanGroup, unknown[]>;
}

/** Name shown when someone validates a user name (transfer, coupon): the full name once known, else the user name. */
export function displayName(profile: Pick<UserProfile, 'fullName' | 'userName'>): string {
  return profile.fullName.trim() || profile.userName;
}
