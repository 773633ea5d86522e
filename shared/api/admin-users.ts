/**
 * Admin: the user list (GET /admin/users, admins and agents), its CSV (admins) and the actions on
 * one user (type cycle, password reset). A row never carries the password hash, the API key or any
 * secret: `UserRow` is the whole of what leaves the server.
 */
import { z } from 'zod';
import { USER_TYPES, type UserType } from '../constants.js';
import { ADMIN_USERS_MSG } from '../messages.js';
import { isBlank } from './common.js';

export const USERS_PER_PAGE = 20;
/** Most page buttons the admin user list shows at once. */
export const USER_PAGE_BUTTONS = 20;

const blankToUndefined = (value: unknown) => (isBlank(value) ? undefined : value);

/** GET /admin/users (and /admin/users/csv): every filter optional; blank means "any". */
export const listUsersQuery = z.object({
  userName: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(30, ADMIN_USERS_MSG.invalidUserFilter)
      .regex(/^[A-Za-z0-9_.-]+$/, ADMIN_USERS_MSG.invalidUserFilter)
      .optional(),
  ),
  phoneNumber: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,11}$/, ADMIN_USERS_MSG.invalidPhoneFilter)
      .optional(),
  ),
  type: z.preprocess(blankToUndefined, z.enum(USER_TYPES, { errorMap: () => ({ message: ADMIN_USERS_MSG.invalidUserType }) }).optional()),
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ invalid_type_error: ADMIN_USERS_MSG.invalidPage })
      .int(ADMIN_USERS_MSG.invalidPage)
      .min(1, ADMIN_USERS_MSG.invalidPage)
      .max(100_000, ADMIN_USERS_MSG.invalidPage)
      .default(1),
  ),
});
export type ListUsersQuery = z.infer<typeof listUsersQuery>;

export type KycState = 'verified' | 'not verified';

export interface UserRow {
  userId: string;
  /** The same id under the name the original client's table keys rows by and opens details with. */
  _id: string;
  fullName: string;
  /** The user's reserved bank accounts (none until made). */
  accountNumbers: { bankName: string; accountNumber: string }[];
  /** The identity number masked to its last four digits (the original shows "bvn || nin"); null when not given. */
  bvn: string | null;
  nin: string | null;
  /** User name of the referrer; null when nobody referred them. */
  referredBy: string | null;
  userName: string;
  email: string;
  phoneNumber: string;
  userType: UserType;
  /** Naira, as every other balance the API answers. */
  balance: number;
  kyc: KycState;
  createdAt: string;
  lastLogin: string | null;
}

export interface ListUsersResponse {
  users: UserRow[];
  totalUsers: number;
  totalPages: number;
  /** Sum of the listed users' balances (this page), in naira. */
  totalBalance: number;
}

/** POST /admin/resetUserPassword {userId} (admin). */
export const resetUserPasswordRequest = z.object({
  userId: z.string({ required_error: ADMIN_USERS_MSG.userIdRequired }).trim().min(1, ADMIN_USERS_MSG.userIdRequired).max(64, ADMIN_USERS_MSG.userNotFound),
});

/** The admin's type button: api user → smart earner → reseller → api user. */
const TYPE_CYCLE: Record<UserType, UserType> = { 'api user': 'smart earner', 'smart earner': 'reseller', reseller: 'api user' };
export const nextUserType = (type: UserType): UserType => TYPE_CYCLE[type];

/** "users-21-40.csv": the rows' numbers in the whole filtered list. */
export function usersCsvFileName(page: number, rowsOnPage: number): string {
  const first = (page - 1) * USERS_PER_PAGE + 1;
  return rowsOnPage === 0 ? `users-${first - 1}-${first - 1}.csv` : `users-${first}-${first + rowsOnPage - 1}.csv`;
}
