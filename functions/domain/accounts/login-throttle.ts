/**
 * Login throttle policy (OWASP ASVS 6.3.1): guessing is slowed per (account, client address)
 * with waits that grow, so a guesser slows only itself and can never lock the owner out from
 * another address. A much higher per-account ceiling across all addresses is the last line of
 * defence against guessing spread over many addresses: past it nobody is refused a try (that
 * would let anyone lock any account), but the right password is then enough only from a client
 * that signed in before; from anywhere else it also takes a code e-mailed to the owner
 * (./login-step-up.ts).
 *
 * Pure: the repository (adapters/dynamo/login-throttle.ts) reads the counters, asks here, and
 * writes what comes back only if nobody changed them meanwhile.
 */
import { epochSeconds } from './accounts.js';

export const LOGIN_THROTTLE = {
  /** Failures per (account, client) that cost no wait. */
  freeFailures: 5,
  /** The wait after the last free failure; every further failure doubles it… */
  firstWaitMs: 1_000,
  /** …up to this (about 4 guesses an hour per address once reached). */
  maxWaitMs: 15 * 60 * 1000,
  /** A client's failures are forgotten this long after its last one (the counters' TTL). */
  memorySeconds: 24 * 60 * 60,
  /** Attempts counted per account across all clients in one window, past which an unknown client must also give an e-mailed code… */
  accountCeiling: 100,
  /** …of this length, opened by the first attempt counted. */
  accountWindowSeconds: 60 * 60,
} as const;

/** One client address's failures on one account. */
export interface ClientCounter {
  /** Attempts counted since its last success (each is counted before its password is checked). */
  failures: number;
  /** Epoch ms before which this client may not try this account again. */
  nextAttemptAt: number;
  /** The account's generation it was counted in: a password reset starts a new one. */
  generation: number;
  /** Epoch seconds (TTL). */
  expiresAt: number;
}

/** All clients' attempts on one account, and the account's generation. */
export interface AccountCounter {
  /** Attempts counted in the window, from every client. */
  failures: number;
  /** Epoch seconds the window ends (0: no window open). */
  windowEnd: number;
  /** Bumped by a password reset: every client counter of an older generation is stale. */
  generation: number;
  /** Epoch seconds (TTL); never before any of its clients' counters expire, so the generation outlives them. */
  expiresAt: number;
}

/** The counters of one (account, client) pair, as read (absent: never written or deleted). */
export interface ThrottleCounters {
  account?: AccountCounter;
  client?: ClientCounter;
}

/** An allowed attempt: what it counted, so a success can give it back. */
export interface LoginTicket {
  account: string;
  client: string;
  /** What the allowed attempt wrote. */
  counted: Required<ThrottleCounters>;
}

/** `stepUp`: the account is past its ceiling, so an unknown client needs the e-mailed code besides the password. */
export type LoginReservation = { allowed: true; ticket: LoginTicket; stepUp: boolean } | { allowed: false; waitSeconds: number };

export type AttemptDecision = { allowed: true; next: Required<ThrottleCounters>; stepUp: boolean } | { allowed: false; waitSeconds: number };

/** How long a client must wait after its `failures`-th counted failure. */
export function waitAfter(failures: number): number {
  if (failures < LOGIN_THROTTLE.freeFailures) return 0;
  return Math.min(LOGIN_THROTTLE.firstWaitMs * 2 ** (failures - LOGIN_THROTTLE.freeFailures), LOGIN_THROTTLE.maxWaitMs);
}

/** TTL attributes are only deleted lazily: an expired or older-generation counter counts as none. */
function liveClient(client: ClientCounter | undefined, generation: number, nowSeconds: number): ClientCounter | undefined {
  return client && client.expiresAt > nowSeconds && client.generation === generation ? client : undefined;
}

/**
 * Whether this client may try this account now. Allowed: the attempt is counted at once (the
 * counters to write), so parallel guesses cannot all pass; a success gives it back. Past the
 * account's ceiling it is still allowed, marked `stepUp`. Refused (only by this client's own
 * wait): how long to wait, whatever password was typed, otherwise the wait would not slow
 * guessing at all.
 */
export function decideAttempt(now: Date, seen: ThrottleCounters): AttemptDecision {
  const nowMs = now.getTime();
  const nowSeconds = epochSeconds(now);
  const generation = seen.account?.generation ?? 0;
  const client = liveClient(seen.client, generation, nowSeconds);
  const windowOpen = seen.account !== undefined && seen.account.windowEnd > nowSeconds;
  const accountFailures = windowOpen ? seen.account!.failures : 0;
  const windowEnd = windowOpen ? seen.account!.windowEnd : nowSeconds + LOGIN_THROTTLE.accountWindowSeconds;

  const waitMs = client ? client.nextAttemptAt - nowMs : 0;
  if (waitMs > 0) return { allowed: false, waitSeconds: Math.ceil(waitMs / 1000) };
  // Never a hard lock: past the ceiling the attempt goes on, and the step-up decides after the password.
  const stepUp = accountFailures >= LOGIN_THROTTLE.accountCeiling;

  const failures = (client?.failures ?? 0) + 1;
  const expiresAt = nowSeconds + LOGIN_THROTTLE.memorySeconds;
  return {
    allowed: true,
    stepUp,
    next: {
      client: { failures, nextAttemptAt: nowMs + waitAfter(failures), generation, expiresAt },
      account: { failures: accountFailures + 1, windowEnd, generation, expiresAt: Math.max(expiresAt, seen.account?.expiresAt ?? 0) },
    },
  };
}

/**
 * After the right password, from the counters the attempt wrote: this client's counter goes
 * (no other client's), and the attempt is given back to the account's window, so an owner who
 * logs in often never reaches the ceiling.
 */
export function afterSuccess(counted: Required<ThrottleCounters>): { account: AccountCounter; client: undefined } {
  return { account: { ...counted.account, failures: Math.max(0, counted.account.failures - 1) }, client: undefined };
}

/** TTL of an account counter written now: as long as any client counter written now. */
export function accountExpiresAt(now: Date): number {
  return epochSeconds(now) + LOGIN_THROTTLE.memorySeconds;
}

/**
 * The client part of the counters' keys: an IPv4 address as it is, an IPv6 address by its /64
 * network, since one subscriber usually holds a whole /64 and could otherwise take a fresh
 * address for every guess.
 */
export function clientOfAddress(sourceIp: string): string {
  const address = sourceIp.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address || 'unknown';
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
