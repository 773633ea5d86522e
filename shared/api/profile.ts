/** The caller's own profile: user type (self-upgrade), KYC and webhook URL. */
import { z } from 'zod';
import { USER_TYPES } from '../constants.js';
import { MONEY_MSG } from '../messages.js';
import { userIdParam, type UserView } from './accounts.js';
import type { TransactionView } from './transactions.js';

/** PATCH /auth/user/{id} {userType}: a user may upgrade only themselves, only to reseller; admins may set any type. */
export const updateUserTypeRequest = z.object({
  userType: z.enum(USER_TYPES, { errorMap: () => ({ message: MONEY_MSG.invalidUserType }) }),
});

/** GET /admin/upgradeUser/{userId}/{userType} (admin): the path parameters; the answer is an UpdateUserTypeResponse (receipt null). */
export const adminUpgradeUserParams = z.object({
  userId: userIdParam,
  userType: updateUserTypeRequest.shape.userType,
});

export interface UpdateUserTypeResponse {
  msg: string;
  user: UserView;
  /** The ₦1000 fee's record (self-upgrade only). */
  receipt: TransactionView | null;
}

/** POST /auth/updateKyc: exactly one of nin or bvn (11 digits). Checked by domain/profile.parseKycInput. */
export const updateKycRequest = z.object({ nin: z.unknown().optional(), bvn: z.unknown().optional() });

export interface UpdateKycResponse {
  msg: string;
  user: UserView;
}

/** POST /auth/updateWebhook {webhookUrl}. */
export const updateWebhookRequest = z.object({
  webhookUrl: z
    .string({ required_error: MONEY_MSG.invalidWebhookUrl, invalid_type_error: MONEY_MSG.invalidWebhookUrl })
    .trim()
    .min(1, MONEY_MSG.invalidWebhookUrl)
    .max(2048, MONEY_MSG.invalidWebhookUrl),
});

export interface UpdateWebhookResponse {
  msg: string;
  webhookUrl: string;
  /** The key our webhooks to this user are signed with (Standard Webhooks, HMAC-SHA256). */
  webhookSecret: string;
}
