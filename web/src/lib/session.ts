/**
 * The signed-in session: token and user, kept in localStorage so a reload stays signed in.
 * A tiny external store (useSyncExternalStore) — every screen reads the same balance.
 */
import { useSyncExternalStore } from 'react';
import type { UserView } from '@shared/api/accounts.js';
import type { SubscriptionPlans } from '@shared/api/catalogue.js';
import { queryClient } from './query-client.js';
import { apiNairaToKobo, koboToApiNaira } from './api-naira.js';
import { forgetBalance, rememberBalance } from './last-balance.js';
import { forgetSignIns, recordSignIn } from './sign-ins.js';

const TOKEN_KEY = 'token';
const USER_KEY = 'user';
const PLANS_KEY = 'subscriptionPlans';

export interface Session {
  token: string;
  user: UserView;
}

function readStored(): Session | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const userText = localStorage.getItem(USER_KEY);
    if (!token || !userText) return null;
    const user = JSON.parse(userText) as UserView;
    return user && typeof user.userName === 'string' ? { token, user } : null;
  } catch {
    return null;
  }
}

let current: Session | null = readStored();
/** The session's plan groups: undefined until first read from storage. */
let plans: Partial<SubscriptionPlans> | null | undefined;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function persist(next: Session | null): void {
  current = next;
  try {
    if (next) {
      localStorage.setItem(TOKEN_KEY, next.token);
      localStorage.setItem(USER_KEY, JSON.stringify(next.user));
    } else {
      localStorage.removeItem(TOKEN_KEY);
      localStorage.removeItem(USER_KEY);
    }
  } catch {
    // Storage can be unavailable (private mode); the in-memory session still works for this tab.
  }
  emit();
}

// Another tab logging in or out changes this tab too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === PLANS_KEY || event.key === null) plans = undefined;
    if (event.key === TOKEN_KEY || event.key === USER_KEY || event.key === null) {
      current = readStored();
      emit();
    }
  });
}

export function getSession(): Session | null {
  return current;
}

export function getToken(): string | null {
  return current?.token ?? null;
}

/**
 * The token storage holds now: another tab may have written it before its storage event reached
 * this one. Undefined when storage cannot be read (this tab's session then lives in memory only).
 */
export function storedToken(): string | null | undefined {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return undefined;
  }
}

/** Takes the session storage holds now, as the storage event will. */
export function syncSessionFromStorage(): void {
  current = readStored();
  emit();
}

/**
 * Signs in. `subscriptionPlans` are the plan groups of the login/register answer:
 * kept apart from the user so balance updates never rewrite them. `previousLogin` is the login
 * answer's sign-in before this one (absent from a registration's): the account's "Last login".
 */
export function signIn(token: string, user: UserView, subscriptionPlans?: unknown, previousLogin?: string | null): void {
  storePlans(subscriptionPlans && typeof subscriptionPlans === 'object' ? (subscriptionPlans as Partial<SubscriptionPlans>) : null);
  persist({ token, user });
  rememberBalance(user.userName, user.balance);
  recordSignIn(user.userName, user.lastLogin, previousLogin);
}

function storePlans(next: Partial<SubscriptionPlans> | null): void {
  plans = next;
  try {
    if (next) localStorage.setItem(PLANS_KEY, JSON.stringify(next));
    else localStorage.removeItem(PLANS_KEY);
  } catch {
    // Not kept across reloads; the screens fetch the plans anyway.
  }
}

/** The plan groups the session started with, or null (none given, or storage unavailable). */
export function getSessionPlans(): Partial<SubscriptionPlans> | null {
  if (plans === undefined) {
    try {
      const text = localStorage.getItem(PLANS_KEY);
      const parsed: unknown = text ? JSON.parse(text) : null;
      plans = parsed && typeof parsed === 'object' ? (parsed as Partial<SubscriptionPlans>) : null;
    } catch {
      plans = null;
    }
  }
  return plans;
}

/** A password change or a renewal hands back a fresh token of the same signed-in user. */
export function replaceToken(token: string): void {
  if (current) persist({ token, user: current.user });
}

/**
 * Whether two JSON values hold the same data, whatever their keys' order: the stored user and the
 * server's answer list their fields in their own orders.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const bKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return aKeys.length === bKeys.length && aKeys.every((key) => sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * The user as the server answered it: its balance is also kept for the offline page (with the time
 * it was read). An answer that says what the session already holds changes nothing, so the screens
 * that show the user are not drawn again: on a first screen the token check and the fresh read of
 * the user both answer, and each would otherwise redraw the shell and the page.
 */
export function updateUser(user: UserView): void {
  if (!current) return;
  if (!sameData(current.user, user)) persist({ token: current.token, user });
  rememberBalance(user.userName, user.balance);
}

/** Sets the balance (naira, as the API sends it), e.g. from a receipt's balance_After. */
export function setBalance(naira: number): void {
  if (!current) return;
  persist({ token: current.token, user: { ...current.user, balance: naira } });
  rememberBalance(current.user.userName, naira);
}

export function addToBalance(naira: number): void {
  if (current) setBalance(koboToApiNaira(apiNairaToKobo(current.user.balance) + apiNairaToKobo(naira)));
}

/** Removes the token, forgets the user and drops every cached answer of the previous user. */
export function logout(): void {
  storePlans(null);
  forgetBalance();
  forgetSignIns();
  persist(null);
  queryClient.clear();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called on every sign-in, token change and sign-out (this tab or another); returns the unsubscribe. */
export function onSessionChange(listener: () => void): () => void {
  return subscribe(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/**
 * One value read from the session, e.g. whether the user is an admin: the component is drawn again
 * only when that value changes, not on every balance update. `select` must return a primitive (a
 * new object each time would never compare equal).
 */
export function useSessionValue<T extends string | number | boolean | null | undefined>(select: (session: Session | null) => T): T {
  const read = () => select(current);
  return useSyncExternalStore(subscribe, read, read);
}

export interface Roles {
  isAdmin: boolean;
  isAgent: boolean;
  isCouponVendor: boolean;
}

export function rolesOf(user: UserView | null | undefined): Roles {
  return { isAdmin: !!user?.isAdmin, isAgent: !!user?.isAgent, isCouponVendor: !!user?.isCouponVendor };
}
