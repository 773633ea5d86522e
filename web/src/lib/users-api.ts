/**
 * Looking a user up by user name before money moves to them: the first step of a transfer and of
 * an admin's coupon. In lib because two features need it and features may not import each other.
 */
import { useMutation } from '@tanstack/react-query';
import type { ValidateUserResponse } from '@shared/api/accounts.js';
import { api } from './api-client.js';

/** GET /auth/validateUser/{userName}: the user exists, with their full name. */
export function validateUser(userName: string): Promise<ValidateUserResponse> {
  return api<ValidateUserResponse>('validateUser', { params: { userName } });
}

export function useValidateUser() {
  return useMutation({ mutationFn: validateUser });
}
