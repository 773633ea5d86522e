import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type USER_TYPES } from '../constants.js';
import { LOGIN_MSG, MSG } from '../messages.js';
import { phoneNumber, userNameSchema } from './common.js';
import type { TransactionView } from './transactions.js';

const password = z
  .string({ required_error: MSG.allFieldsRequired })
  .min(PASSWORD_MIN_LENGTH, MSG.weakPassword)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * The longest e-mail address there can be (RFC 5321). Names and addresses become DynamoDB keys,
 * which refuse more than 2,048 bytes with an error: longer input is refused here instead.
 */
const EMAIL_MAX_LENGTH = 254;

export const loginRequest = z.object({
  userName: z.string({ required_error: MSG.allFieldRequiredLogin }).trim().min(1, MSG.allFieldRequiredLogin).max(EMAIL_MAX_LENGTH, MSG.invalidCredentials),
  password: z.string({ required_error: MSG.allFieldRequiredLogin }).min(1, MSG.allFieldRequiredLogin),
  /** The one-time code e-mailed when the account is past its failed-login ceiling and this client is not known. */
  code: z.string({ invalid_type_error: LOGIN_MSG.codeInvalid }).trim().max(12, LOGIN_MSG.codeInvalid).optional(),
  /** The device token an earlier sign-in answered (`deviceToken`): marks this app as known (a well-formed but unknown one is simply not known). */
  deviceToken: z.string({ invalid_type_error: 'deviceToken is invalid' }).max(100, 'deviceToken is invalid').optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const registerRequest = z
  .object({
    userName: userNameSchema,
    email: z.string({ required_error: MSG.enterEmail }).trim().min(1, MSG.enterEmail).max(EMAIL_MAX_LENGTH, 'Enter a valid email').email('Enter a valid email'),
    phoneNumber,
    password,
    passwordCheck: z.string({ required_error: MSG.allFieldsRequired }),
    referredBy: z.string().trim().max(30).optional().nullable(),
  })
  .refine((v) => v.password === v.passwordCheck, { message: MSG.passwordMismatch, path: ['passwordCheck'] });
export type RegisterRequest = z.infer<typeof registerRequest>;

export const changePasswordRequest = z
  .object({
    oldPassword: z.string({ required_error: MSG.allFieldsRequired }).min(1, MSG.allFieldsRequired),
    newPassword: password,
    newPasswordCheck: z.string({ required_error: MSG.allFieldsRequired }),
    /** End the API key too (default: the key keeps working). */
    revokeApiKey: z.boolean({ invalid_type_error: 'revokeApiKey is invalid' }).optional(),
  })
  .refine((v) => v.newPassword === v.newPasswordCheck, { message: MSG.passwordMismatch, path: ['newPasswordCheck'] });

export const requestPasswordResetRequest = z.object({
  email: z.string({ required_error: MSG.enterEmail }).trim().max(EMAIL_MAX_LENGTH, 'Enter a valid email').email('Enter a valid email'),
});

export const resetPasswordRequest = z
  .object({
    token: z.string().min(1, MSG.resetLinkInvalid).max(256, MSG.resetLinkInvalid),
    userId: z.string().min(1, MSG.resetLinkInvalid).max(64, MSG.resetLinkInvalid),
    newPassword: password,
    newPasswordCheck: z.string({ required_error: MSG.allFieldsRequired }),
    /** End the API key too (default: the key keeps working). */
    revokeApiKey: z.boolean({ invalid_type_error: 'revokeApiKey is invalid' }).optional(),
  })
  .refine((v) => v.newPassword === v.newPasswordCheck, { message: MSG.samePasswordTwice, path: ['newPasswordCheck'] });

/** A user's id in a path (a ULID): text that no user id can be names nobody (undefined), like an unknown id. */
export const userIdParam = z.string().min(1).max(64).optional().catch(undefined);

/** GET /auth/validateUser/{userName}: a name longer than any user name names nobody (undefined), like an unknown one. */
export const userNameParam = z.string().trim().min(1).max(30).optional().catch(undefined);

/** The user as the API shows it; balance in naira. */
export interface UserView {
  _id: string;
  userName: string;
  email: string;
  phoneNumber: string;
  fullName: string;
  balance: number;
  userType: (typeof USER_TYPES)[number];
  bvn: string | null;
  nin: string | null;
  referredBy: string | null;
  webhookUrl: string | null;
  createdAt: string;
  lastLogin: string | null;
  accountNumbers: { bankName: string; accountNumber: string }[];
  isAdmin: boolean;
  isAgent: boolean;
  isCouponVendor: boolean;
  /** The API key masked (prefix…last four), never the key; absent when the user has none. */
  apiToken?: string;
}

/** Answer of login and register. */
/** GET /auth: the session as login answers it, without a new token (clients reload from it). */
export interface CurrentSession {
  user: UserView;
  subscriptionPlans: Record<string, unknown[]>;
  transactions: TransactionView[];
  isAdmin: boolean;
  isAgent: boolean;
  isCouponVendor: boolean;
}

export interface SessionResponse extends CurrentSession {
  token: string;
  /** Login only: this device's token; send it back as `deviceToken` with later logins (the device is then known). */
  deviceToken?: string;
  /**
   * Login only: the sign-in before this one (ISO time), null at the account's first. `user.lastLogin`
   * is this sign-in itself, as the original clients read it.
   */
  previousLogin?: string | null;
}

/** POST /auth/refresh: a new token of the same session (send it in x-auth-token from now on). */
export interface RefreshTokenResponse {
  token: string;
}

/**
 * POST /auth/login past the failed-login ceiling from a client the account does not know, without a
 * code: 403, whether the password was right (a code was e-mailed to the owner) or wrong (none was).
 */
export interface LoginCodeRequiredResponse {
  msg: string;
  codeRequired: true;
}

export interface ValidateUserResponse {
  /** The validated name (full name, else user name): what existing clients show. */
  msg: string;
  /** The validated user name, as stored. */
  userName: string;
  fullName: string;
}
