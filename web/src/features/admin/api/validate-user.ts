import { useMutation } from '@tanstack/react-query';
import type { ValidateUserResponse } from '@shared/api/accounts.js';
import { api } from '@/lib/api-client.js';

export function validateUser(userName: string): Promise<ValidateUserResponse> {
  return api<ValidateUserResponse>('validateUser', { params: { userName } });
}

export function useValidateUser() {
  return useMutation({ mutationFn: validateUser });
}
