import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.js';
import { replaceToken } from '@/lib/session.js';

export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
  newPasswordCheck: string;
}

export interface ChangePasswordResponse {
  msg: string;
  /** Older tokens stop working after the change; this one keeps the session alive. */
  token?: string;
}

export function changePassword(body: ChangePasswordInput): Promise<ChangePasswordResponse> {
  return api<ChangePasswordResponse>('changePassword', { body });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => {
      if (answer?.token) replaceToken(answer.token);
    },
  });
}
