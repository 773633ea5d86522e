/**
 * Admin: the user list (admins, and agents as "my users" — every user, read-only), its CSV
 * download and an admin's reset of a user's password. Served by the accounts function, which
 * wires these with its adapters. The rules: domain/user-directory and domain/admin-password-reset.
 */
import {
  listUsersQuery,
  resetUserPasswordRequest,
  USERS_PER_PAGE,
  usersCsvFileName,
  type ListUsersQuery,
  type ListUsersResponse,
} from '../../../shared/api/admin-users.js';
import { ADMIN_USERS_MSG, userPasswordResetMessage } from '../../../shared/messages.js';
import { koboToNaira } from '../../../shared/money.js';
import type { UserProfile } from '../../domain/accounts/accounts.js';
import { resetUserPassword, type AdminPasswordResetDeps, type AdminPasswordResetResult } from '../../domain/accounts/admin-password-reset.js';
import { toUserRow, usersCsv } from '../../domain/accounts/user-directory.js';
import { answerWith, attachment, ok, parseInput, refuse, type UserOperation } from '../../middleware/http.js';

export interface UserDirectoryDeps {
  listUsers(filter: ListUsersQuery): Promise<{ users: { profile: UserProfile; balanceKobo: number }[]; totalUsers: number }>;
}

async function userPage(query: unknown, deps: UserDirectoryDeps): Promise<ListUsersResponse & { page: number }> {
  const filter = parseInput(listUsersQuery, query);
  const { users, totalUsers } = await deps.listUsers(filter);
  const totalKobo = users.reduce((sum, user) => sum + user.balanceKobo, 0);
  return {
    users: users.map((user) => toUserRow(user.profile, user.balanceKobo)),
    totalUsers,
    totalPages: Math.ceil(totalUsers / USERS_PER_PAGE),
    totalBalance: koboToNaira(totalKobo),
    page: filter.page,
  };
}

export const listUsersOperation =
  (deps: UserDirectoryDeps): UserOperation =>
  async ({ query }) => {
    const { page: _page, ...answer } = await userPage(query, deps);
    return ok(answer);
  };

/** The page the screen shows, as CSV, named by its rows' numbers in the whole filtered list. */
export const downloadUsersOperation =
  (deps: UserDirectoryDeps): UserOperation =>
  async ({ query }) => {
    const { users, page } = await userPage(query, deps);
    return attachment(usersCsv(users), 'text/csv; charset=utf-8', usersCsvFileName(page, users.length));
  };

const resetAnswer = answerWith<AdminPasswordResetResult>({
  user_password_reset: ({ userName }) => ok({ msg: userPasswordResetMessage(userName) }),
  user_not_found: refuse(404, ADMIN_USERS_MSG.userNotFound),
  mail_address_undeliverable: refuse(422, ADMIN_USERS_MSG.mailAddressUndeliverable),
});

export const resetUserPasswordOperation =
  (deps: AdminPasswordResetDeps): UserOperation =>
  async ({ body, principal }) =>
    resetAnswer(await resetUserPassword(parseInput(resetUserPasswordRequest, body).userId, principal.userName, deps));
