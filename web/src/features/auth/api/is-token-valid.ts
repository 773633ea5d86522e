import { useEffect } from 'react';
import type { UserView } from '@shared/api/accounts.js';
import { api, ApiError } from '@/lib/api-client.js';
import { getToken, logout, updateUser } from '@/lib/session.js';

export interface TokenValidResponse {
  valid: boolean;
  user?: UserView;
}

export function checkToken(): Promise<TokenValidResponse> {
  return api<TokenValidResponse>('isTokenValid');
}

/** On startup, a stored token is checked once; a refused check logs out, a good one refreshes the user. */
export function useTokenCheckOnStartup(): void {
  useEffect(() => {
    const token = getToken();
    if (!token) return;
    let cancelled = false;
    checkToken()
      .then((answer) => {
        if (cancelled || getToken() !== token) return;
        if (!answer?.valid) logout();
        else if (answer.user) updateUser(answer.user);
      })
      .catch((error: unknown) => {
        // Only an answer from the server counts as a failed check. No answer at all (offline, or the
        // page reloading while the check was in flight) must not throw the user out.
        if (!cancelled && getToken() === token && error instanceof ApiError && error.status > 0) logout();
      });
    return () => {
      cancelled = true;
    };
  }, []);
}
