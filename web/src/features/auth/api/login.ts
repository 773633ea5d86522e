import { useMutation } from '@tanstack/react-query';
import type { LoginCodeRequiredResponse, LoginRequest, SessionResponse } from '@shared/api/accounts.js';
import { api, ApiError } from '@/lib/api-client.js';
import { signIn } from '@/lib/session.js';

/**
 * This browser's device token: handed out by each successful login and sent back with the next,
 * so after many failed sign-ins on the account the owner's own browser still signs in with the
 * password alone (others are asked for an e-mailed code). Kept apart from the session: logout keeps it.
 */
const DEVICE_TOKEN_KEY = 'vtu.deviceToken';

function storedDeviceToken(): string | undefined {
  try {
    return localStorage.getItem(DEVICE_TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export async function login(body: LoginRequest): Promise<SessionResponse> {
  const deviceToken = storedDeviceToken();
  const session = await api<SessionResponse>('login', { body: { ...body, ...(deviceToken ? { deviceToken } : {}) } });
  try {
    if (session.deviceToken) localStorage.setItem(DEVICE_TOKEN_KEY, session.deviceToken);
  } catch {
    // Storage refused (private mode): the code step still lets the owner in.
  }
  return session;
}

/** The login answered "enter the code we e-mailed you" (403 with codeRequired). */
export function isLoginCodeRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && (error.body as Partial<LoginCodeRequiredResponse> | undefined)?.codeRequired === true;
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => signIn(session.token, session.user, session.subscriptionPlans, session.previousLogin),
  });
}
