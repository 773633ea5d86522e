/**
 * The wallet balance last read from the server, with when it was read, kept on this device for the
 * offline page ("₦1,200.00 as of 2 Dec, 15:04"). Written on every balance the server answers (a
 * sign-in, a fresh read of the user, a receipt's balance after), never by a guess; forgotten at
 * sign-out, so the next person on a shared phone does not see it.
 */
const LAST_BALANCE_KEY = 'lastBalance';

export interface LastBalance {
  userName: string;
  /** Naira, as the API sends it. */
  balance: number;
  /** When the server said so (ISO 8601). */
  at: string;
}

export function rememberBalance(userName: string, balance: number, at: Date = new Date()): void {
  try {
    localStorage.setItem(LAST_BALANCE_KEY, JSON.stringify({ userName, balance, at: at.toISOString() } satisfies LastBalance));
  } catch {
    // Storage unavailable (private mode): the offline page then has no balance to show.
  }
}

/** The balance kept for `userName`, or null (none kept, another user's, or unreadable). */
export function lastBalanceOf(userName: string | undefined): LastBalance | null {
  if (!userName) return null;
  try {
    const parsed = JSON.parse(localStorage.getItem(LAST_BALANCE_KEY) ?? 'null') as Partial<LastBalance> | null;
    if (!parsed || parsed.userName !== userName || typeof parsed.balance !== 'number' || typeof parsed.at !== 'string') return null;
    return Number.isNaN(Date.parse(parsed.at)) ? null : (parsed as LastBalance);
  } catch {
    return null;
  }
}

export function forgetBalance(): void {
  try {
    localStorage.removeItem(LAST_BALANCE_KEY);
  } catch {
    // Nothing kept.
  }
}

/** "2 Dec 2026, 15:04": when the balance was read, in the reader's own time zone. */
export function asOfText(at: string): string {
  return new Date(at).toLocaleString('en-NG', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
