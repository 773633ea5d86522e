import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, SessionResponse } from '@shared/api/accounts.js';
import { api } from '@/lib/api-client.js';
import { signIn } from '@/lib/session.js';

export function login(body: LoginRequest): Promise<SessionResponse> {
  return api<SessionResponse>('login', { body });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => signIn(session.token, session.user, session.subscriptionPlans),
  });
}
