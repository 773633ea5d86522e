/**
 * Accounts, with their ports: register, log in (repeated failures
 * lock a login), the session answer (user, token, recent transactions, the catalogue's plan
 * groups), token checks, the current user, a password change that ends every older token (the
 * caller's rotated), and naming a user by user name. Outcomes are named.
 */
import type { CurrentSession, SessionResponse, UserView } from '../../../shared/api/accounts.js';
import type { TransactionRecord } from '../transactions/transactions.js';
import { viewFor } from '../transactions/transaction-views.js';
import type { PrincipalLoader } from './users-port.js';
import { displayName, epochSeconds, toUserView, type UserProfile } from './accounts.js';
import { cableNameGroup, cableTvGroup, type BillProduct } from '../products/bill-catalogue.js';
import { subscriptionPlanGroups, type Plan } from '../products/data-plans.js';
import { dummyVerifyPassword, hashPassword, verifyPassword } from './passwords.js';
import { clientOfAddress, type LoginReservation, type LoginTicket } from './login-throttle.js';
import { hashLoginCode, knownClientIds, loginCodeEmail, newDeviceToken, newLoginCode, wellFormedDeviceToken } from './login-step-up.js';
import type { Logger } from '../logger.js';
import { renewalRefusal } from './session-renewal.js';
import { TOKEN_RENEWAL_GRACE_SECONDS } from '../../../shared/constants.js';

/** What a session token carries. */
export type SessionClaims = Pick<UserProfile, 'userId' | 'userName' | 'userType' | 'isAdmin' | 'isAgent' | 'isCouponVendor' | 'tokenVersion'>;

export interface NewAccount {
  userName: string;
  email: string;
  phoneNumber: string;
  passwordHash: string;
  /** The stored user name of an existing referrer, else null. */
  referredBy: string | null;
  referrerId?: string;
}

export interface AccountsDeps extends PrincipalLoader {
  findUserById(userId: string): Promise<UserProfile | undefined>;
  findUserByUserName(userName: string): Promise<UserProfile | undefined>;
  /** A user name or an e-mail. */
  findUserByLogin(login: string): Promise<UserProfile | undefined>;
  createUser(account: NewAccount): Promise<{ ok: true; user: UserProfile } | { ok: false; reason: 'user_name_taken' | 'email_taken' }>;
  balanceKobo(userId: string): Promise<number>;
  recentTransactions(userId: string, limit: number): Promise<TransactionRecord[]>;
  listPlans(): Promise<Plan[]>;
  /** Cable bouquets (and exam products) for the CABLETV group; absent: the group stays empty. */
  listBillProducts?(): Promise<BillProduct[]>;
  /** A renewal passes the session it continues and when that session signed in; else a new session starts now. */
  issueToken(claims: SessionClaims & { sessionId?: string; sessionStartedAt?: number }): Promise<string>;
  verifyToken(
    token: string | undefined,
  ): Promise<{ ok: true; claims: { userId: string; tokenVersion: number; sessionId?: string; tokenId?: string } } | { ok: false; reason: string }>;
  /** Like verifyToken, but a token that expired less than the renewal grace ago still passes, with its times. */
  verifyRenewableToken(
    token: string | undefined,
  ): Promise<
    | { ok: true; claims: { userId: string; tokenVersion: number; sessionId?: string; tokenId?: string; sessionStartedAt: number; expiresAt: number } }
    | { ok: false; reason: string }
  >;
  /** The token (by its id) is refused from now on, until `until` (epoch seconds); false when a renewal already revoked it. */
  revokeToken(userId: string, tokenId: string, until: number): Promise<boolean>;
  /** Counted before the password is checked; refused while this client must wait. */
  reserveLoginAttempt(login: string, sourceIp: string): Promise<LoginReservation>;
  /** Gives the attempt back and clears this client's count for the account only. */
  loginSucceeded(ticket: LoginTicket): Promise<void>;
  updateLastLogin(userId: string, at: Date): Promise<void>;
  /** Past the ceiling: whether any of these ids (login-step-up.knownClientIds) signed in to the account before. */
  isKnownClient(account: string, ids: string[]): Promise<boolean>;
  /** After a successful sign-in: these ids are known from now on. */
  rememberClient(account: string, ids: string[]): Promise<void>;
  saveLoginCode(account: string, codeHash: string): Promise<void>;
  /** One try: true (and the code spent) when it matches a live code with tries left. */
  consumeLoginCode(account: string, codeHash: string): Promise<boolean>;
  /** Queues a mail (the mail queue; never sent on the request's path). */
  requestEmail(email: { to: string; subject: string; text: string; html: string }): Promise<void>;
  /** Conditional on the token version the old password was checked against; every token of an older version stops working. */
  storeNewPassword(
    userId: string,
    expectedTokenVersion: number,
    passwordHash: string,
    revokeApiKey?: boolean,
  ): Promise<{ ok: true; tokenVersion: number } | { ok: false }>;
  now(): Date;
  log: Logger;
}

export type SessionResult =
  | { kind: 'registered'; session: SessionResponse }
  | { kind: 'signed_in'; session: SessionResponse }
  | { kind: 'token_valid'; user: UserView }
  | { kind: 'current_user'; session: CurrentSession }
  | { kind: 'password_changed'; token: string }
  | { kind: 'token_renewed'; token: string }
  | { kind: 'user_validated'; userName: string; fullName: string }
  | { kind: 'user_name_taken' }
  | { kind: 'email_taken' }
  | { kind: 'login_throttled'; waitSeconds: number }
  /** Past the ceiling from an unknown client without a code, whatever the password: if it was right, a code went to the owner. */
  | { kind: 'login_code_required' }
  | { kind: 'login_code_invalid' }
  | { kind: 'invalid_credentials' }
  | { kind: 'wrong_old_password' }
  | { kind: 'unauthorized' }
  | { kind: 'session_expired' }
  | { kind: 'user_not_found' }
  | { kind: 'self_validated' };

const SESSION_TRANSACTIONS = 10;

function claimsOf(profile: UserProfile): SessionClaims {
  const { userId, userName, userType, isAdmin, isAgent, isCouponVendor, tokenVersion } = profile;
  return { userId, userName, userType, isAdmin, isAgent, isCouponVendor, tokenVersion };
}

async function userView(profile: UserProfile, deps: AccountsDeps): Promise<UserView> {
  return toUserView(profile, await deps.balanceKobo(profile.userId));
}

/**
 * The catalogue's plan groups for this user (costs only for admins and agents). A catalogue that
 * cannot be read must not stop a login: the groups stay empty and the operator sees the error.
 */
async function subscriptionPlans(profile: UserProfile, deps: AccountsDeps): Promise<SessionResponse['subscriptionPlans']> {
  let plans: Plan[] = [];
  let bills: BillProduct[] = [];
  try {
    [plans, bills] = await Promise.all([deps.listPlans(), deps.listBillProducts?.() ?? []]);
  } catch (error) {
    deps.log.error('catalogue not readable; session without plans', { error: error as Error });
  }
  const options = { showCost: profile.isAdmin || profile.isAgent, userType: profile.userType };
  return { ...subscriptionPlanGroups(plans, options), CABLETV: cableTvGroup(bills, options), CABLENAME: cableNameGroup() };
}

/** What a session shows besides its token: login, register and GET /auth answer the same fields. */
async function sessionState(profile: UserProfile, deps: AccountsDeps): Promise<CurrentSession> {
  const [user, transactions, plans] = await Promise.all([
    userView(profile, deps),
    deps.recentTransactions(profile.userId, SESSION_TRANSACTIONS),
    subscriptionPlans(profile, deps),
  ]);
  return {
    user,
    subscriptionPlans: plans,
    // The caller's own records, as they may read them (an operator's own margin included).
    transactions: transactions.map((record) => viewFor(profile, record)),
    isAdmin: profile.isAdmin,
    isAgent: profile.isAgent,
    isCouponVendor: profile.isCouponVendor,
  };
}

async function openSession(profile: UserProfile, deps: AccountsDeps): Promise<SessionResponse> {
  const [state, token] = await Promise.all([sessionState(profile, deps), deps.issueToken(claimsOf(profile))]);
  return { ...state, token };
}

export async function register(
  input: { userName: string; email: string; phoneNumber: string; password: string; referredBy?: string | null },
  deps: AccountsDeps,
): Promise<SessionResult> {
  // A referral link names a user; an unknown or mistyped name is ignored, not an error.
  const referrer = input.referredBy ? await deps.findUserByUserName(input.referredBy) : undefined;
  const created = await deps.createUser({
    userName: input.userName,
    email: input.email,
    phoneNumber: input.phoneNumber,
    passwordHash: await hashPassword(input.password),
    referredBy: referrer?.userName ?? null,
    referrerId: referrer?.userId,
  });
  if (!created.ok) return { kind: created.reason };
  deps.log.info('user registered', { userId: created.user.userId, referred: Boolean(referrer) });
  return { kind: 'registered', session: await openSession(created.user, deps) };
}

export async function logIn(
  input: { userName: string; password: string; code?: string; deviceToken?: string },
  sourceIp: string,
  deps: AccountsDeps,
): Promise<SessionResult> {
  const profile = await deps.findUserByLogin(input.userName);
  // One counter per account whichever name is typed; unknown names get their own counter.
  const counterName = profile?.userName ?? input.userName;
  const reservation = await deps.reserveLoginAttempt(counterName, sourceIp);
  // Refused before the password is checked, right or wrong: otherwise the wait would not slow guessing.
  if (!reservation.allowed) return { kind: 'login_throttled', waitSeconds: reservation.waitSeconds };
  const passwordOk = profile ? await verifyPassword(input.password, profile.passwordHash) : await dummyVerifyPassword(input.password);
  const client = clientOfAddress(sourceIp);
  const sentToken = wellFormedDeviceToken(input.deviceToken);
  // Past the account's ceiling the password alone is enough only from a client that signed in before.
  // Any other client gets one answer whether its password was right or wrong (else the answer would
  // tell a guesser the password); the code is mailed, to the owner, only when it was right.
  if (reservation.stepUp && !(await deps.isKnownClient(counterName, knownClientIds({ client, deviceToken: sentToken })))) {
    if (!input.code) {
      if (profile && passwordOk) {
        const code = newLoginCode();
        await deps.saveLoginCode(counterName, hashLoginCode(counterName, code));
        await deps.requestEmail(loginCodeEmail({ to: profile.email, userName: profile.userName, code }));
        deps.log.warn('sign-in past the ceiling from an unknown client: code mailed', { userId: profile.userId });
      }
      return { kind: 'login_code_required' };
    }
    // A wrong password spends none of the code's tries: only the owner's own attempts do.
    if (!profile || !passwordOk || !(await deps.consumeLoginCode(counterName, hashLoginCode(counterName, input.code)))) return { kind: 'login_code_invalid' };
  } else if (!profile || !passwordOk) {
    return { kind: 'invalid_credentials' };
  }
  const now = deps.now();
  const deviceToken = sentToken ?? newDeviceToken();
  await Promise.all([
    deps.loginSucceeded(reservation.ticket),
    deps.updateLastLogin(profile.userId, now),
    deps.rememberClient(counterName, knownClientIds({ client, deviceToken })),
  ]);
  // The profile was read before this sign-in's write: its lastLogin is the sign-in before this one.
  const session = await openSession({ ...profile, lastLogin: now.toISOString() }, deps);
  return { kind: 'signed_in', session: { ...session, deviceToken, previousLogin: profile.lastLogin } };
}

/** POST /auth/isTokenValid: the token's user as stored now, if the token still holds. */
export async function checkToken(token: string | undefined, deps: AccountsDeps): Promise<SessionResult> {
  const check = await deps.verifyToken(token);
  if (!check.ok) return { kind: check.reason === 'expired' ? 'session_expired' : 'unauthorized' };
  const principal = await deps.loadPrincipal(check.claims.userId, check.claims.tokenVersion, check.claims.sessionId, check.claims.tokenId);
  const profile = principal && (await deps.findUserById(principal.userId));
  if (!profile) return { kind: 'session_expired' };
  return { kind: 'token_valid', user: await userView(profile, deps) };
}

/**
 * POST /auth/refresh: a new token for the same session, while the session lives (not logged out,
 * no password change since, younger than its absolute lifetime) and the token expired at most the
 * grace ago. The token sent is revoked: it is refused from then on and renewed only once, so a copy
 * of it is worth nothing after the owner's app renewed it. The caller's roles are those stored now.
 */
export async function renewSession(token: string | undefined, deps: AccountsDeps): Promise<SessionResult> {
  const check = await deps.verifyRenewableToken(token);
  if (!check.ok) return { kind: check.reason === 'expired' ? 'session_expired' : 'unauthorized' };
  const { userId, tokenVersion, sessionId, tokenId, sessionStartedAt, expiresAt } = check.claims;
  // A token without a session could not be logged out, one without an id could not be revoked: neither is continued.
  if (sessionId === undefined || tokenId === undefined || renewalRefusal(check.claims, epochSeconds(deps.now())) !== undefined)
    return { kind: 'session_expired' };
  const principal = await deps.loadPrincipal(userId, tokenVersion, sessionId, tokenId);
  if (!principal) return { kind: 'session_expired' };
  // Revoked for as long as it could still be used or renewed; a second renewal of it (a race, a copy) gets nothing.
  if (!(await deps.revokeToken(userId, tokenId, expiresAt + TOKEN_RENEWAL_GRACE_SECONDS))) return { kind: 'session_expired' };
  const { userName, userType, isAdmin, isAgent, isCouponVendor } = principal;
  return {
    kind: 'token_renewed',
    token: await deps.issueToken({ userId, userName, userType, isAdmin, isAgent, isCouponVendor, tokenVersion, sessionId, sessionStartedAt }),
  };
}

/**
 * The caller's session state, with the caller's roles as the edge authenticated them: an API key's
 * holder has no operator role (credentials.ts), so it reads no costs and is told it is no operator.
 */
export async function currentUser(caller: Pick<UserProfile, 'userId' | 'isAdmin' | 'isAgent' | 'isCouponVendor'>, deps: AccountsDeps): Promise<SessionResult> {
  const profile = await deps.findUserById(caller.userId);
  if (!profile) return { kind: 'session_expired' };
  const roles = {
    isAdmin: profile.isAdmin && caller.isAdmin,
    isAgent: profile.isAgent && caller.isAgent,
    isCouponVendor: profile.isCouponVendor && caller.isCouponVendor,
  };
  return { kind: 'current_user', session: await sessionState({ ...profile, ...roles }, deps) };
}

/**
 * Every token issued before stops working, the caller's included: the caller goes on with the
 * fresh token the answer carries (a token that was copied before the change is worth nothing after it).
 */
export async function changePassword(
  caller: { userId: string },
  input: { oldPassword: string; newPassword: string; revokeApiKey?: boolean },
  deps: AccountsDeps,
): Promise<SessionResult> {
  const { userId } = caller;
  const profile = await deps.findUserById(userId);
  if (!profile) return { kind: 'session_expired' };
  if (!(await verifyPassword(input.oldPassword, profile.passwordHash))) return { kind: 'wrong_old_password' };
  const changed = await deps.storeNewPassword(profile.userId, profile.tokenVersion, await hashPassword(input.newPassword), input.revokeApiKey === true);
  // Another change won the race: this session's token is already dead.
  if (!changed.ok) return { kind: 'session_expired' };
  return { kind: 'password_changed', token: await deps.issueToken(claimsOf({ ...profile, tokenVersion: changed.tokenVersion })) };
}

/** A user named by user name (any case), shown by the name they are known by; undefined names nobody. */
/**
 * Names the user a transfer would go to. The caller is refused here, at this first step, rather
 * than at the transfer itself: nobody validates themselves as a receiver.
 */
export async function validateUser(userName: string | undefined, deps: AccountsDeps, callerUserId?: string): Promise<SessionResult> {
  const profile = userName === undefined ? undefined : await deps.findUserByUserName(userName);
  if (!profile) return { kind: 'user_not_found' };
  if (callerUserId !== undefined && profile.userId === callerUserId) return { kind: 'self_validated' };
  return { kind: 'user_validated', userName: profile.userName, fullName: displayName(profile) };
}
