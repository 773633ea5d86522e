/**
 * The accounts HTTP service (spec §7 "Auth and account"): register, login, session checks,
 * password change and reset, user-name validation.
 */
import { AUTH_HEADER } from '../../../shared/constants.js';
import { ENV } from '../../../shared/runtime-env.js';
import { EVENT_TYPES } from '../../../shared/events.js';
import { ACCOUNT_MSG, MSG, tooManyLoginAttemptsMessage } from '../../../shared/messages.js';
import {
  changePasswordRequest,
  loginRequest,
  registerRequest,
  requestPasswordResetRequest,
  resetPasswordRequest,
  type SessionResponse,
  type UserView,
  type ValidateUserResponse,
} from '../../../shared/api/accounts.js';
import type { SubscriptionPlans } from '../../../shared/api/catalogue.js';
import type { TransactionView } from '../../../shared/api/transactions.js';
import { env } from '../../adapters/config.js';
import { publishEvent } from '../../adapters/events.js';
import { logger } from '../../adapters/observability.js';
import { issueToken, verifyToken } from '../../adapters/token.js';
import { listPlans } from '../../adapters/dynamo/catalogue.js';
import { transactionViewOfItem } from '../../adapters/dynamo/transactions.js';
import {
  changePassword as storeNewPassword,
  consumePasswordReset,
  createUser,
  getUserByEmail,
  getUserById,
  getUserByLogin,
  getUserByUserName,
  getWalletBalanceKobo,
  loadPrincipal,
  recentTransactionItems,
  savePasswordReset,
  updateLastLogin,
} from '../../adapters/dynamo/users.js';
import { clearLoginThrottle, loginSucceeded, reserveLoginAttempt } from '../../adapters/dynamo/login-throttle.js';
import {
  displayName,
  hashResetToken,
  newResetToken,
  passwordResetEmail,
  passwordResetLink,
  toUserView,
  type UserProfile,
} from '../../domain/accounts.js';
import { subscriptionPlanGroups } from '../../domain/catalogue.js';
import { dummyVerifyPassword, hashPassword, verifyPassword } from '../../domain/passwords.js';
import { BadRequestError, ConflictError, NotFoundError, TooManyRequestsError, UnauthorizedError } from '../../middleware/errors.js';
import { httpService, parseInput, type HttpRequest, type OperationHandler, type Principal } from '../../middleware/http.js';

const SESSION_TRANSACTIONS = 10;

async function userView(profile: UserProfile): Promise<UserView> {
  return toUserView(profile, await getWalletBalanceKobo(profile.userId));
}

async function recentTransactions(userId: string): Promise<TransactionView[]> {
  // The transactions repository owns the shape of its items and their mapping.
  return (await recentTransactionItems(userId, SESSION_TRANSACTIONS)).map(transactionViewOfItem);
}

/**
 * The catalogue's plan groups for this user (costs only for admins and agents). A catalogue that
 * cannot be read must not stop a login: the groups stay empty and the operator sees the error.
 */
async function subscriptionPlans(profile: UserProfile): Promise<SubscriptionPlans> {
  let plans: Awaited<ReturnType<typeof listPlans>> = [];
  try {
    plans = await listPlans();
  } catch (error) {
    logger.error('catalogue not readable; session without plans', { error: error as Error });
  }
  return subscriptionPlanGroups(plans, { showCost: profile.isAdmin || profile.isAgent });
}

async function session(profile: UserProfile): Promise<SessionResponse> {
  const [user, token, transactions, plans] = await Promise.all([
    userView(profile),
    issueToken({
      userId: profile.userId,
      userName: profile.userName,
      userType: profile.userType,
      isAdmin: profile.isAdmin,
      isAgent: profile.isAgent,
      isCouponVendor: profile.isCouponVendor,
      tokenVersion: profile.tokenVersion,
    }),
    recentTransactions(profile.userId),
    subscriptionPlans(profile),
  ]);
  return {
    user,
    token,
    subscriptionPlans: plans,
    transactions,
    isAdmin: profile.isAdmin,
    isAgent: profile.isAgent,
    isCouponVendor: profile.isCouponVendor,
  };
}

function principalOf(request: HttpRequest): Principal {
  // httpService authenticates every non-public route before the operation runs.
  if (!request.principal) throw new UnauthorizedError(MSG.unauthorized);
  return request.principal;
}

async function currentProfile(request: HttpRequest): Promise<UserProfile> {
  const profile = await getUserById(principalOf(request).userId);
  if (!profile) throw new UnauthorizedError(MSG.sessionExpired);
  return profile;
}

const register: OperationHandler = async (request) => {
  const input = parseInput(registerRequest, request.body);
  // A referral link names a user; an unknown or mistyped name is ignored, not an error.
  const referrer = input.referredBy ? await getUserByUserName(input.referredBy) : undefined;
  const created = await createUser({
    userName: input.userName,
    email: input.email,
    phoneNumber: input.phoneNumber,
    passwordHash: await hashPassword(input.password),
    referredBy: referrer?.userName ?? null,
    referrerId: referrer?.userId,
  });
  if (!created.ok) throw new ConflictError(created.reason === 'user_name_taken' ? MSG.userNameTaken : MSG.emailTaken);
  logger.info('user registered', { userId: created.user.userId, referred: Boolean(referrer) });
  return { statusCode: 201, body: await session(created.user) };
};

const login: OperationHandler = async (request) => {
  const input = parseInput(loginRequest, request.body);
  const profile = await getUserByLogin(input.userName);
  // One counter per account whichever name is typed; unknown names get their own counter.
  const counterName = profile?.userName ?? input.userName;
  const reservation = await reserveLoginAttempt(counterName, request.sourceIp);
  // Refused before the password is checked, right or wrong: otherwise the wait would not slow guessing.
  if (!reservation.allowed) throw new TooManyRequestsError(tooManyLoginAttemptsMessage(reservation.waitSeconds));
  const passwordOk = profile ? await verifyPassword(input.password, profile.passwordHash) : await dummyVerifyPassword(input.password);
  if (!profile || !passwordOk) throw new BadRequestError(MSG.invalidCredentials);
  const now = new Date();
  await Promise.all([loginSucceeded(reservation.ticket), updateLastLogin(profile.userId, now)]);
  return { body: await session({ ...profile, lastLogin: now.toISOString() }) };
};

const isTokenValid: OperationHandler = async (request) => {
  const check = await verifyToken(request.headers[AUTH_HEADER]);
  if (!check.ok) throw new UnauthorizedError(check.reason === 'expired' ? MSG.sessionExpired : MSG.unauthorized);
  const principal = await loadPrincipal(check.claims.userId, check.claims.tokenVersion);
  const profile = principal && (await getUserById(principal.userId));
  if (!profile) throw new UnauthorizedError(MSG.sessionExpired);
  return { body: { valid: true, user: await userView(profile) } };
};

const currentUser: OperationHandler = async (request) => ({ body: { user: await userView(await currentProfile(request)) } });

const changePassword: OperationHandler = async (request) => {
  const input = parseInput(changePasswordRequest, request.body);
  const profile = await currentProfile(request);
  if (!(await verifyPassword(input.oldPassword, profile.passwordHash))) throw new BadRequestError(MSG.wrongOldPassword);
  const changed = await storeNewPassword(profile.userId, profile.tokenVersion, await hashPassword(input.newPassword));
  // Another change won the race: this session's token is already dead.
  if (!changed.ok) throw new UnauthorizedError(MSG.sessionExpired);
  // Every older token (this one included) stops working; the caller gets a fresh one to stay logged in.
  const { token } = await session({ ...profile, tokenVersion: changed.tokenVersion });
  return { body: { msg: MSG.passwordChanged, token } };
};

const requestPasswordReset: OperationHandler = async (request) => {
  const input = parseInput(requestPasswordResetRequest, request.body);
  const appBaseUrl = env(ENV.appBaseUrl);
  const profile = await getUserByEmail(input.email);
  if (profile) {
    const now = new Date();
    const reset = newResetToken(now);
    await savePasswordReset(profile.userId, reset.tokenHash, reset.expiresAt, now);
    const link = passwordResetLink(appBaseUrl, reset.token, profile.userId);
    try {
      await publishEvent(EVENT_TYPES.emailRequested, passwordResetEmail({ to: profile.email, userName: profile.userName, link }));
    } catch (error) {
      // The answer must not differ between known and unknown addresses; the operator sees this in the logs.
      logger.error('password reset e-mail could not be requested', { error: error as Error, userId: profile.userId });
    }
  }
  return { body: { msg: MSG.resetLinkSent } };
};

const resetPassword: OperationHandler = async (request) => {
  const input = parseInput(resetPasswordRequest, request.body);
  const used = await consumePasswordReset(input.userId, hashResetToken(input.token), await hashPassword(input.newPassword));
  if (!used.ok) throw new BadRequestError(MSG.resetLinkInvalid);
  // Whoever guessed at the login no longer slows the owner down, from any address.
  await clearLoginThrottle(used.user.userName);
  return { body: { msg: MSG.passwordReset } };
};

const validateUser: OperationHandler = async (request) => {
  const userName = request.params.userName ?? '';
  const profile = userName.trim() ? await getUserByUserName(userName) : undefined;
  if (!profile) throw new NotFoundError(MSG.userNotFound);
  const body: ValidateUserResponse = { msg: ACCOUNT_MSG.userValidated, userName: profile.userName, fullName: displayName(profile) };
  return { body };
};

export const operations = {
  register,
  login,
  isTokenValid,
  currentUser,
  changePassword,
  requestPasswordReset,
  resetPassword,
  validateUser,
} satisfies Record<string, OperationHandler>;

export const handler = httpService('accounts', operations, { loadPrincipal });
