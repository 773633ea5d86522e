/**
 * "Last login" as a person means it: the sign-in before this one. The server's `lastLogin` is this
 * very sign-in (it is written as the session opens); the login answer names the one before it
 * (`previousLogin`, null at the first sign-in). Both are kept for the signed-in user, so the
 * account page can show it after a reload or a GET /auth that answers only `lastLogin`.
 */
const SIGN_INS_KEY = 'signIns';

interface SignIns {
  userName: string;
  /** This session's sign-in (the server's lastLogin in its answer), or null when it named none (a registration). */
  current: string | null;
  /** The sign-in before it, as the server answered it, or null (a first sign-in, a registration). */
  previous: string | null;
}

function read(): SignIns | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(SIGN_INS_KEY) ?? 'null') as SignIns | null;
    return parsed && typeof parsed.userName === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** A sign-in of `userName` at `at`, the server's time; `previous` is the sign-in before it the server named. */
export function recordSignIn(userName: string, at: string | null, previous: string | null | undefined): void {
  try {
    localStorage.setItem(SIGN_INS_KEY, JSON.stringify({ userName, current: at, previous: previous ?? null } satisfies SignIns));
  } catch {
    // Storage unavailable: "Last login" is then unknown and not shown.
  }
}

/** Signed out: nothing of the user's sign-ins stays on the device (the server names them again at the next one). */
export function forgetSignIns(): void {
  try {
    localStorage.removeItem(SIGN_INS_KEY);
  } catch {
    // Nothing was kept.
  }
}

/**
 * The login to show as "Last login" for `userName`, whose stored `lastLogin` the server says is
 * `serverLastLogin`: a sign-in elsewhere after this session's own, else the one before this
 * session as the server named it, else null (a first sign-in: the row is left out rather than showing "—").
 */
export function lastLoginToShow(userName: string, serverLastLogin: string | null): string | null {
  const kept = read();
  if (!kept || kept.userName !== userName) return null;
  if (serverLastLogin && kept.current && Date.parse(serverLastLogin) > Date.parse(kept.current)) return serverLastLogin;
  return kept.previous;
}
