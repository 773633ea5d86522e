/**
 * The accounts HTTP service: register, login, session checks,
 * password change and reset, user-name validation; and for operators the user list, its CSV and a
 * user's password reset (./admin-users.ts). The rules: domain/account-sessions and
 * domain/password-reset.
 */
import { AUTH_HEADER } from '../../../shared/constants.js';
import { ENV } from '../../../shared/runtime-env.js';
import { EVENT_TYPES } from '../../../shared/events.js';
import { API_KEY_MSG, LOGIN_MSG, MONEY_MSG, MSG, tooManyLoginAttemptsMessage } from '../../../shared/messages.js';
import {
  changePasswordRequest,
  loginRequest,
  registerRequest,
  requestPasswordResetRequest,
  resetPasswordRequest,
  userNameParam,
  type LoginCodeRequiredResponse,
  type RefreshTokenResponse,
  type ValidateUserResponse,
} from '../../../shared/api/accounts.js';
import { env, ENV_GROUPS, loadEnv } from '../../adapters/environment.js';
import { publishEvent } from '../../adapters/events.js';
import { recordLoginAskingForAccounts } from '../../adapters/reserved-accounts-trigger.js';
import { domainLog } from '../../adapters/log.js';
import { issueToken, verifyRenewableToken, verifyToken } from '../../adapters/token.js';
import { credentialOf } from '../../domain/accounts/api-keys.js';
import { listBillProducts } from '../../adapters/dynamo/purchases/bill-products.js';
import { listPlans } from '../../adapters/dynamo/purchases/catalogue.js';
import { transactionOfItem } from '../../adapters/dynamo/transactions/transactions.js';
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
  revokeSession,
  revokeToken,
  withPasswordHash,
} from '../../adapters/dynamo/accounts/users.js';
import {
  clearLoginThrottle,
  consumeLoginCode,
  isKnownClient,
  loginSucceeded,
  rememberClient,
  reserveLoginAttempt,
  saveLoginCode,
} from '../../adapters/dynamo/accounts/login-throttle.js';
import {
  changePassword,
  checkToken,
  currentUser,
  logIn,
  register,
  renewSession,
  validateUser,
  type AccountsDeps,
  type SessionResult,
} from '../../domain/accounts/account-sessions.js';
import {
  requestPasswordReset,
  resetPassword,
  type PasswordResetDeps,
  type PasswordResetRequestDeps,
  type PasswordResetResult,
} from '../../domain/accounts/password-reset.js';
import { answerWith, httpService, ok, parseInput, refusal, refuse, type PublicOperation, type UserOperation } from '../../middleware/http.js';
import { edge } from './edge.js';
import { listUsers, revokePassword } from '../../adapters/dynamo/accounts/user-directory.js';
import type { AdminPasswordResetDeps } from '../../domain/accounts/admin-password-reset.js';
import { downloadUsersOperation, listUsersOperation, resetUserPasswordOperation, type UserDirectoryDeps } from './admin-users.js';

export type AccountsServiceDeps = AccountsDeps & PasswordResetDeps & PasswordResetRequestDeps & UserDirectoryDeps & AdminPasswordResetDeps;

const accountAnswer = answerWith<SessionResult | PasswordResetResult>({
  registered: ({ session }) => ok(session, 201),
  signed_in: ({ session }) => ok(session),
  token_valid: ({ user }) => ok({ valid: true, user }),
  current_user: ({ session }) => ok(session),
  password_changed: ({ token }) => ok({ msg: MSG.passwordChanged, token }),
  token_renewed: ({ token }) => {
    const body: RefreshTokenResponse = { token };
    return ok(body);
  },
  user_validated: ({ userName, fullName }) => {
    const body: ValidateUserResponse = { msg: fullName, userName, fullName };
    return ok(body);
  },
  reset_link_sent: () => ok({ msg: MSG.resetLinkSent }),
  password_reset: () => ok({ msg: MSG.passwordReset }),
  user_name_taken: refuse(409, MSG.userNameTaken),
  email_taken: refuse(409, MSG.emailTaken),
  login_throttled: ({ waitSeconds }) => refusal(429, tooManyLoginAttemptsMessage(waitSeconds)),
  // The same answer whether the password was right (a code was mailed) or wrong (none was).
  login_code_required: () => {
    const body: LoginCodeRequiredResponse = { msg: LOGIN_MSG.codeSent, codeRequired: true };
    return ok(body, 403);
  },
  login_code_invalid: refuse(400, LOGIN_MSG.codeInvalid),
  invalid_credentials: refuse(400, MSG.invalidCredentials),
  wrong_old_password: refuse(400, MSG.wrongOldPassword),
  unauthorized: refuse(401, MSG.unauthorized),
  session_expired: refuse(401, MSG.sessionExpired),
  user_not_found: refuse(404, MSG.userNotFound),
  self_validated: refuse(400, MONEY_MSG.cannotTransferToSelf),
  reset_link_invalid: refuse(400, MSG.resetLinkInvalid),
});

export const registerOperation =
  (deps: AccountsDeps): PublicOperation =>
  async ({ body }) =>
    accountAnswer(await register(parseInput(registerRequest, body), deps));

export const loginOperation =
  (deps: AccountsDeps): PublicOperation =>
  async ({ body, sourceIp }) =>
    accountAnswer(await logIn(parseInput(loginRequest, body), sourceIp, deps));

export const isTokenValidOperation =
  (deps: AccountsDeps): PublicOperation =>
  async ({ headers }) =>
    accountAnswer(await checkToken(headers[AUTH_HEADER], deps));

export const currentUserOperation =
  (deps: AccountsDeps): UserOperation =>
  async ({ principal }) =>
    accountAnswer(await currentUser(principal, deps));

export const changePasswordOperation =
  (deps: AccountsDeps): UserOperation =>
  async ({ principal, body }) =>
    accountAnswer(await changePassword(principal, parseInput(changePasswordRequest, body), deps));

export const requestPasswordResetOperation =
  (deps: PasswordResetRequestDeps): PublicOperation =>
  async ({ body, sourceIp }) =>
    accountAnswer(await requestPasswordReset(parseInput(requestPasswordResetRequest, body).email, sourceIp, deps));

export const resetPasswordOperation =
  (deps: PasswordResetDeps): PublicOperation =>
  async ({ body }) =>
    accountAnswer(await resetPassword(parseInput(resetPasswordRequest, body), deps));

/** POST /auth/refresh: the session token of the request (never an API key) renewed. */
export const refreshTokenOperation =
  (deps: AccountsDeps): PublicOperation =>
  async ({ headers }) => {
    const credential = credentialOf(headers);
    if (credential.kind === 'apiKey') return refusal(403, API_KEY_MSG.notForApiKeys);
    return accountAnswer(await renewSession(credential.kind === 'session' ? credential.token : undefined, deps));
  };

/** POST /auth/logout: the session named by the caller's token ends on the server. */
export const logoutOperation =
  (deps: Pick<AccountsDeps, 'now'> & { revokeSession(userId: string, sessionId: string, now: Date): Promise<void> }): UserOperation =>
  async ({ principal }) => {
    // Every token issued here names its session; an older one without a session has nothing to end but its own expiry.
    if (principal.sessionId) await deps.revokeSession(principal.userId, principal.sessionId, deps.now());
    return ok({ msg: LOGIN_MSG.loggedOut });
  };

export const validateUserOperation =
  (deps: AccountsDeps): UserOperation =>
  async ({ params, principal }) =>
    accountAnswer(await validateUser(userNameParam.parse(params.userName), deps, principal.userId));

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session, ...ENV_GROUPS.bus]);

const deps: AccountsServiceDeps = {
  // Sign-in and the password change check the password: these two look-ups add the hash from its own
  // item (which only this function's role may read, infra/stack/access.ts).
  findUserById: async (userId) => withPasswordHash(await getUserById(userId)),
  findUserByUserName: getUserByUserName,
  findUserByEmail: getUserByEmail,
  findUserByLogin: async (login) => withPasswordHash(await getUserByLogin(login)),
  createUser,
  balanceKobo: getWalletBalanceKobo,
  // The transactions repository owns the shape of its items and their mapping.
  recentTransactions: async (userId, limit) => (await recentTransactionItems(userId, limit)).map(transactionOfItem),
  listPlans,
  listBillProducts,
  issueToken,
  verifyToken,
  verifyRenewableToken,
  revokeToken,
  loadPrincipal,
  reserveLoginAttempt,
  loginSucceeded,
  clearLoginThrottle,
  isKnownClient,
  rememberClient,
  saveLoginCode,
  consumeLoginCode,
  // The sign-in's lastLogin write also asks for reserved accounts when KYC is done and none exist (an event).
  updateLastLogin: recordLoginAskingForAccounts,
  storeNewPassword,
  savePasswordReset,
  consumePasswordReset,
  listUsers,
  revokePassword,
  requestEmail: (email) => publishEvent(EVENT_TYPES.emailRequested, email),
  // Known address or not, the request does this one write and answers; a consumer mails.
  enqueueResetRequest: (request) => publishEvent(EVENT_TYPES.passwordResetRequested, request),
  appBaseUrl: () => env(ENV.appBaseUrl),
  now: () => new Date(),
  log: domainLog,
};

export const handler = httpService(
  'accounts',
  {
    register: registerOperation(deps),
    login: loginOperation(deps),
    isTokenValid: isTokenValidOperation(deps),
    currentUser: currentUserOperation(deps),
    changePassword: changePasswordOperation(deps),
    requestPasswordReset: requestPasswordResetOperation(deps),
    resetPassword: resetPasswordOperation(deps),
    logout: logoutOperation({ ...deps, revokeSession }),
    refreshToken: refreshTokenOperation(deps),
    validateUser: validateUserOperation(deps),
    listUsers: listUsersOperation(deps),
    downloadUsers: downloadUsersOperation(deps),
    resetUserPassword: resetUserPasswordOperation(deps),
  },
  edge,
);
