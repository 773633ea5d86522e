/**
 * "Last login" as a person means it: the sign-in before this one. The server's `lastLogin` is this
 * very sign-in (it is written as the session opens), so this device keeps, per user, the time of its
 * own sign-in and the one before it. Kept across sign-out: the next sign-in needs it.
 */
const SIGN_INS_KEY = 'signIns';

interface SignIns {
  userName: string;
  /** This session's sign-in (the server's lastLogin in its answer), or null when it named none (a registration). */
  current: string | null;
  /** The sign-in before it on this device, or null when unknown. */
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

/** A sign-in of `userName` at `at` (the server's time): the one kept before becomes the previous one. */
export function recordSignIn(userName: string, at: string | null): void {
  const kept = read();
  const previous = kept?.userName === userName ? kept.current : null;
  try {
    localStorage.setItem(SIGN_INS_KEY, JSON.stringify({ userName, current: at, previous } satisfies SignIns));
  } catch {
    // Storage unavailable: "Last login" is then unknown and not shown.
  }
}

/**
 * The login to show as "Last login" for `userName`, whose stored `lastLogin` the server says is
 * `serverLastLogin`: a sign-in elsewhere after this session's own, else the one before this
 * session on this device, else null (unknown: the row is left out rather than showing "—").
 */
export function lastLoginToShow(userName: string, serverLastLogin: string | null): string | null {
  const kept = read();
  if (!kept || kept.userName !== userName) return null;
  if (serverLastLogin && kept.current && Date.parse(serverLastLogin) > Date.parse(kept.current)) return serverLastLogin;
  return kept.previous;
}
