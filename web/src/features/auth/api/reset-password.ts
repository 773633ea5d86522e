import { useMutation } from '@tanstack/react-query';
import type { ErrorBody } from '@shared/api/common.js';
import { api } from '@/lib/api-client.js';

export interface ResetPasswordInput {
  token: string;
  userId: string;
  newPassword: string;
  newPasswordCheck: string;
}

export function resetPassword(body: ResetPasswordInput): Promise<ErrorBody> {
  return api<ErrorBody>('resetPassword', { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
