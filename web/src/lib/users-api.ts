/**
 * Looking a user up by user name before money moves to them: the first step of a transfer and of
 * an admin's coupon. In lib because two features need it and features may not import each other.
 */
import { useMutation } from '@tanstack/react-query';
import type { ValidateUserResponse } from '@shared/api/accounts.js';
import type { ListUsersResponse } from '@shared/api/admin-users.js';
import { api } from './api-client.js';

/** GET /auth/validateUser/{userName}: the user exists, with their full name. */
export function validateUser(userName: string): Promise<ValidateUserResponse> {
  return api<ValidateUserResponse>('validateUser', { params: { userName } });
}

export function useValidateUser() {
  return useMutation({ mutationFn: validateUser });
}

/**
 * An admin's look-up of a user's balance (GET /admin/users filtered by the exact user name): what an
 * admin's transfer confirms as the receiver's balance after. Undefined when the list does not hold them.
 */
export async function userBalance(userName: string): Promise<number | undefined> {
  const answer = await api<ListUsersResponse>('listUsers', { query: { userName } });
  return answer.users.find((user) => user.userName.toLowerCase() === userName.toLowerCase())?.balance;
}

/** "Ada Obi (ada)": the person and the account, as a "user found" message names them. */
export function foundUserText(answer: Pick<ValidateUserResponse, 'userName' | 'fullName'>): string {
  const name = answer.fullName.trim();
  return name && name.toLowerCase() !== answer.userName.toLowerCase() ? `${name} (${answer.userName})` : answer.userName;
}
