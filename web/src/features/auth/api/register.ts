import { useMutation } from '@tanstack/react-query';
import type { SessionResponse } from '@shared/api/accounts.js';
import { api } from '@/lib/api-client.js';
import { signIn } from '@/lib/session.js';

export interface RegisterInput {
  userName: string;
  email: string;
  phoneNumber: string;
  password: string;
  passwordCheck: string;
  referredBy: string | null;
}

export function register(body: RegisterInput): Promise<SessionResponse> {
  return api<SessionResponse>('register', { body });
}

export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: (session) => signIn(session.token, session.user, session.subscriptionPlans),
  });
}
