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

/** Longest wait for an idle moment before the check's answer is applied anyway. */
const APPLY_IDLE_TIMEOUT_MS = 1_000;

/**
 * Runs `apply` once the browser is idle: the check answers while the first screen's lazy code is
 * still arriving and being drawn, and a session change in the middle of that drawing made React
 * throw it away and draw the whole screen again in one long, blocking task (the session is an
 * external store, whose changes are always drawn at once). Applied when idle, it redraws only what
 * shows the user, after the screen is up.
 */
function whenIdle(apply: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(apply, { timeout: APPLY_IDLE_TIMEOUT_MS });
  else setTimeout(apply, 0);
}

/**
 * On startup, a stored token is checked once; a refused check logs out, a good one refreshes the
 * user. The check is sent once `ready` resolves (the app root passes the first screen's code
 * arriving: the check then does not compete with that download) and its answer is applied at the
 * browser's next idle moment (see whenIdle).
 */
export function useTokenCheckOnStartup(ready: () => Promise<unknown> = () => Promise.resolve()): void {
  useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    const check = async () => {
      await ready().catch(() => undefined);
      const token = getToken();
      if (cancelled || !token) return;
      const stillThisSession = () => !cancelled && getToken() === token;
      try {
        const answer = await checkToken();
        whenIdle(() => {
          if (!stillThisSession()) return;
          if (!answer?.valid) logout();
          else if (answer.user) updateUser(answer.user);
        });
      } catch (error) {
        // Only an answer from the server counts as a failed check. No answer at all (offline, or the
        // page reloading while the check was in flight) must not throw the user out.
        if (error instanceof ApiError && error.status > 0)
          whenIdle(() => {
            if (stillThisSession()) logout();
          });
      }
    };
    void check();
    return () => {
      cancelled = true;
    };
  }, [ready]);
}
