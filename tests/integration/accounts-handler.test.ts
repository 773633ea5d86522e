/**
 * The accounts Lambda handler called directly with API Gateway v2 events, against a real
 * DynamoDB Local. The bus is replaced by a recorder so the reset e-mail can be read back.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { SignJWT } from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_THROTTLE } from '../../functions/domain/accounts/login-throttle.js';
import { RESET_MAILS_PER_ADDRESS, RESET_REQUESTS_PER_CLIENT } from '../../functions/domain/accounts/password-reset.js';
import { MSG, tooManyLoginAttemptsMessage } from '../../shared/messages.js';
import { ORIGIN_SECRET_HEADER } from '../../shared/constants.js';
import type { SessionResponse } from '../../shared/api/accounts.js';
import { useDynamoDb } from '../support/dynamo.js';

const published = vi.hoisted(() => [] as { detailType: string; detail: any }[]);
vi.mock('../../functions/adapters/events.js', () => ({
  publishEvent: async (detailType: string, detail: unknown) => {
    published.push({ detailType, detail });
  },
}));

const JWT_SECRET = 'accounts-handler-test-secret-0123456789abcdef';
const APP_BASE_URL = 'http://app.test';
// As in the cloud: every request comes through CloudFront, which adds the origin secret (so its viewer-address header counts).
const ORIGIN_SECRET = 'accounts-handler-origin-secret-0123456789';
process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
// The function parses its environment when its module loads (its cold start); useDynamoDb then points it at its table.
Object.assign(process.env, { JWT_SECRET, APP_BASE_URL, EVENT_BUS_NAME: 'test-bus', TABLE_NAME: 'set-by-useDynamoDb', ORIGIN_SECRET });
delete process.env.ORIGIN_SECRET_ARN;
const { handler } = await import('../../functions/handlers/http/accounts.js');
const { handler: passwordResets } = await import('../../functions/handlers/password-resets.js');
const { db, tableName } = await import('../../functions/adapters/dynamo/client.js');
const { transactionItem } = await import('../../functions/adapters/dynamo/transactions/transactions.js');

useDynamoDb();
let counter = 0;

beforeEach(() => {
  published.length = 0;
});

interface Answer {
  status: number;
  body: any;
}

/**
 * Runs the password reset consumer (functions/handlers/password-resets.ts) on the PasswordResetRequested
 * events published so far, as its queue would, and takes them off `published`: what is left is what it published.
 */
async function deliverResetRequests(): Promise<number> {
  const requests = published.filter((event) => event.detailType === 'PasswordResetRequested');
  for (let i = published.length - 1; i >= 0; i--) if (published[i]!.detailType === 'PasswordResetRequested') published.splice(i, 1);
  const Records = requests.map((event, i) => ({
    messageId: `reset-${counter}-${i}`,
    body: JSON.stringify({
      version: '0',
      id: `evt-${counter}-${i}`,
      'detail-type': event.detailType,
      source: 'vtu.platform',
      account: '000000000000',
      time: new Date().toISOString(),
      region: 'us-east-1',
      resources: [],
      detail: event.detail,
    }),
    attributes: { ApproximateReceiveCount: '1' },
  }));
  const context = { awsRequestId: 'reset', functionName: 'PasswordResets', getRemainingTimeInMillis: () => 30_000 } as unknown as Context;
  // One message per batch, as concurrent deliveries would come.
  for (const record of Records) expect(await passwordResets({ Records: [record] } as never, context)).toEqual({ batchItemFailures: [] });
  return requests.length;
}

async function call(
  routeKey: string,
  options: { body?: unknown; token?: string; params?: Record<string, string>; rawBody?: string; sourceIp?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const [method, path] = routeKey.split(' ') as [string, string];
  const event = {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: {
      'content-type': 'application/json',
      [ORIGIN_SECRET_HEADER]: ORIGIN_SECRET,
      ...(options.token ? { 'X-Auth-Token': options.token } : {}),
      ...options.headers,
    },
    pathParameters: options.params,
    requestContext: {
      accountId: '123456789012',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: options.sourceIp ?? '127.0.0.1', userAgent: 'vitest' },
      requestId: `req-${++counter}`,
      routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    isBase64Encoded: false,
  } as APIGatewayProxyEventV2;
  const result = (await handler(event, { awsRequestId: `req-${counter}` } as Context)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode ?? 0, body: JSON.parse(result.body ?? 'null') };
}

let unique = 0;
function registration(overrides: Record<string, unknown> = {}) {
  unique += 1;
  const id = `${Date.now().toString(36)}${unique}`;
  return {
    userName: `u${id}`,
    email: `u${id}@example.com`,
    phoneNumber: '08012345678',
    password: 'first-password',
    passwordCheck: 'first-password',
    ...overrides,
  };
}

async function registered(overrides: Record<string, unknown> = {}) {
  const form = registration(overrides);
  const answer = await call('POST /api/v1/auth/register', { body: form });
  expect(answer.status).toBe(201);
  return { form, session: answer.body as SessionResponse };
}

describe('register', () => {
  it('answers 201 with the session: user without secrets, token, empty plan groups, roles', async () => {
    const { form, session } = await registered();
    expect(session.user).toMatchObject({ userName: form.userName, email: form.email, balance: 0, userType: 'smart earner', referredBy: null });
    expect(session.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Object.keys(session.subscriptionPlans).sort()).toEqual([
      'AIRTEL',
      'CABLENAME',
      'CABLETV',
      'DISCO',
      'GLO',
      'MTN',
      'MTN_CG_PRICE',
      'NETWORK',
      'NMOBILE',
    ]);
    expect(session.transactions).toEqual([]);
    expect(session).toMatchObject({ isAdmin: false, isAgent: false, isCouponVendor: false });
    expect(JSON.stringify(session)).not.toMatch(/passwordHash|argon2|webhookSecret/);
  });

  it('refuses a taken user name or e-mail (any case) with 409 and the spec message', async () => {
    const { form } = await registered();
    const sameName = await call('POST /api/v1/auth/register', { body: registration({ userName: form.userName.toUpperCase() }) });
    expect(sameName).toEqual({ status: 409, body: { msg: MSG.userNameTaken } });
    const sameEmail = await call('POST /api/v1/auth/register', { body: registration({ email: form.email.toUpperCase() }) });
    expect(sameEmail).toEqual({ status: 409, body: { msg: MSG.emailTaken } });
  });

  it('refuses mismatched passwords, short passwords and a missing e-mail with 400', async () => {
    expect(await call('POST /api/v1/auth/register', { body: registration({ passwordCheck: 'other-password' }) })).toEqual({
      status: 400,
      body: { msg: MSG.passwordMismatch },
    });
    expect(await call('POST /api/v1/auth/register', { body: registration({ password: 'short', passwordCheck: 'short' }) })).toEqual({
      status: 400,
      body: { msg: MSG.weakPassword },
    });
    expect((await call('POST /api/v1/auth/register', { body: registration({ email: '' }) })).body).toEqual({ msg: MSG.enterEmail });
    expect((await call('POST /api/v1/auth/register', { rawBody: '{nope' })).status).toBe(400);
  });

  it('stores referredBy only when the referrer exists, as the referrer spells it', async () => {
    const { form: referrer } = await registered();
    const { session: referred } = await registered({ referredBy: referrer.userName.toUpperCase() });
    expect(referred.user.referredBy).toBe(referrer.userName);
    const { session: unknown } = await registered({ referredBy: 'nobody-by-that-name' });
    expect(unknown.user.referredBy).toBeNull();
  });
});

describe('login', () => {
  it('accepts the user name or the e-mail, in any case, and records lastLogin', async () => {
    const { form } = await registered();
    const byName = await call('POST /api/v1/auth/login', { body: { userName: form.userName.toUpperCase(), password: form.password } });
    expect(byName.status).toBe(200);
    expect(byName.body.user.userName).toBe(form.userName);
    expect(byName.body.user.lastLogin).not.toBeNull();
    const byEmail = await call('POST /api/v1/auth/login', { body: { userName: form.email, password: form.password } });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.user._id).toBe(byName.body.user._id);
  });

  it('answers the same 400 for a wrong password and for an unknown user', async () => {
    const { form } = await registered();
    const wrong = await call('POST /api/v1/auth/login', { body: { userName: form.userName, password: 'not-the-password' } });
    const unknown = await call('POST /api/v1/auth/login', { body: { userName: 'no-such-user-xyz', password: 'whatever-password' } });
    expect(wrong).toEqual({ status: 400, body: { msg: MSG.invalidCredentials } });
    expect(unknown).toEqual(wrong);
    expect(await call('POST /api/v1/auth/login', { body: { userName: '', password: '' } })).toEqual({ status: 400, body: { msg: MSG.allFieldRequiredLogin } });
  });

  it(`after ${LOGIN_THROTTLE.freeFailures} failures an address must wait, even with the right password, whether name or e-mail is typed; another address is not slowed`, async () => {
    // Date only (a frozen clock): the wait is asserted to the second.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const { form } = await registered();
      for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++) {
        const login = i % 2 ? form.email : form.userName;
        expect((await call('POST /api/v1/auth/login', { body: { userName: login, password: 'wrong-password' } })).status).toBe(400);
      }
      const right = await call('POST /api/v1/auth/login', { body: { userName: form.userName, password: form.password } });
      expect(right).toEqual({ status: 429, body: { msg: tooManyLoginAttemptsMessage(1) } });
      expect((await call('POST /api/v1/auth/login', { body: { userName: form.email, password: form.password } })).status).toBe(429);
      expect((await call('POST /api/v1/auth/login', { body: { userName: form.userName, password: form.password }, sourceIp: '127.0.0.2' })).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a successful login clears earlier failures', async () => {
    const { form } = await registered();
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures - 1; i++)
      await call('POST /api/v1/auth/login', { body: { userName: form.userName, password: 'wrong-password' } });
    expect((await call('POST /api/v1/auth/login', { body: { userName: form.userName, password: form.password } })).status).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures - 1; i++) {
      expect((await call('POST /api/v1/auth/login', { body: { userName: form.userName, password: 'wrong-password' } })).status).toBe(400);
    }
    expect((await call('POST /api/v1/auth/login', { body: { userName: form.userName, password: form.password } })).status).toBe(200);
  });

  it("includes the user's 10 most recent transactions, newest first", async () => {
    const { form, session } = await registered();
    const userId = session.user._id;
    for (let i = 0; i < 12; i++) {
      const at = new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString();
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: transactionItem({
            id: `txn-${userId}-${i}`,
            userId,
            trans_UserName: form.userName,
            trans_Type: 'wallet',
            trans_Status: 'success',
            trans_Network: '',
            phone_number: '',
            amountKobo: 100 * (i + 1),
            balanceBeforeKobo: 0,
            balanceAfterKobo: 100 * (i + 1),
            walletSeq: i + 1,
            createdAt: at,
            updatedAt: at,
            description: 'test credit',
          }),
        }),
      );
    }
    const answer = await call('POST /api/v1/auth/login', { body: { userName: form.userName, password: form.password } });
    expect(answer.body.transactions).toHaveLength(10);
    expect(answer.body.transactions[0]).toMatchObject({ _id: `txn-${userId}-11`, trans_amount: 12, trans_Type: 'wallet' });
    expect(answer.body.transactions[9]._id).toBe(`txn-${userId}-2`);
  });
});

describe('tokens', () => {
  it('GET /auth answers the session as login does (without a new token), 401 without one', async () => {
    const { session } = await registered();
    const me = await call('GET /api/v1/auth', { token: session.token });
    expect(me.status).toBe(200);
    expect(me.body.user._id).toBe(session.user._id);
    // The original client (client/src/context/UserContext.js, checkLoggedIn) reads these on every reload.
    const { token: _token, ...sessionWithoutToken } = session;
    expect(Object.keys(me.body).sort()).toEqual(Object.keys(sessionWithoutToken).sort());
    expect(me.body.subscriptionPlans).toEqual(session.subscriptionPlans);
    expect(await call('GET /api/v1/auth')).toEqual({ status: 401, body: { msg: MSG.unauthorized } });
  });

  it('refuses a forged token (other key) and an expired one', async () => {
    const { session } = await registered();
    const claims = { un: session.user.userName, ut: 'smart earner', adm: true, agt: false, cv: false, tv: 0 };
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.user._id)
      .setIssuer('vtu-platform')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect(await call('GET /api/v1/auth', { token: forged })).toEqual({ status: 401, body: { msg: MSG.unauthorized } });
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.user._id)
      .setIssuer('vtu-platform')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(JWT_SECRET));
    expect(await call('GET /api/v1/auth', { token: expired })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
    expect((await call('POST /api/v1/auth/isTokenValid', { token: expired })).status).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: session.user._id, un: 'x' })).toString('base64url')}.`;
    expect((await call('GET /api/v1/auth', { token: unsigned })).status).toBe(401);
  });

  it('isTokenValid answers {valid, user} for a good token and 401 otherwise', async () => {
    const { session } = await registered();
    const ok = await call('POST /api/v1/auth/isTokenValid', { token: session.token });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ valid: true, user: { _id: session.user._id } });
    expect(await call('POST /api/v1/auth/isTokenValid')).toEqual({ status: 401, body: { msg: MSG.unauthorized } });
  });
});

describe('change password', () => {
  it('refuses a wrong old password with 400 and changes nothing', async () => {
    const { session } = await registered();
    const answer = await call('POST /api/v1/auth/changepassword', {
      token: session.token,
      body: { oldPassword: 'not-my-password', newPassword: 'second-password', newPasswordCheck: 'second-password' },
    });
    expect(answer).toEqual({ status: 400, body: { msg: MSG.wrongOldPassword } });
    expect((await call('GET /api/v1/auth', { token: session.token })).status).toBe(200);
  });

  it('refuses a mismatched confirmation with 400', async () => {
    const { form, session } = await registered();
    const answer = await call('POST /api/v1/auth/changepassword', {
      token: session.token,
      body: { oldPassword: form.password, newPassword: 'second-password', newPasswordCheck: 'other-password' },
    });
    expect(answer).toEqual({ status: 400, body: { msg: MSG.passwordMismatch } });
  });

  it('changes the password: every token issued before dies, the changing one included; a fresh token comes back and works', async () => {
    const { form, session } = await registered();
    const other = (await call('POST /api/v1/auth/login', { body: { userName: form.userName, password: form.password } })).body.token as string;
    const answer = await call('POST /api/v1/auth/changepassword', {
      token: session.token,
      body: { oldPassword: form.password, newPassword: 'second-password', newPasswordCheck: 'second-password' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe(MSG.passwordChanged);
    expect(await call('GET /api/v1/auth', { token: session.token })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
    expect(await call('GET /api/v1/auth', { token: other })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
    expect((await call('GET /api/v1/auth', { token: answer.body.token })).status).toBe(200);
    expect((await call('POST /api/v1/auth/login', { body: { userName: form.userName, password: form.password } })).status).toBe(400);
    expect((await call('POST /api/v1/auth/login', { body: { userName: form.userName, password: 'second-password' } })).status).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same for unknown and known addresses, having only queued the request alike; the consumer mails a known one only', async () => {
    const { form } = await registered();
    published.length = 0;
    const unknown = await call('POST /api/v1/auth/requestPasswordReset', { body: { email: 'nobody@example.com' } });
    expect(unknown).toEqual({ status: 200, body: { msg: MSG.resetLinkSent } });
    const known = await call('POST /api/v1/auth/requestPasswordReset', { body: { email: form.email.toUpperCase() } });
    expect(known).toEqual(unknown);
    // The request path did the same for both (it used to look the user up and write a token for a known one only).
    expect(published.map((event) => [event.detailType, Object.keys(event.detail).sort()])).toEqual([
      ['PasswordResetRequested', ['clientAddress', 'email', 'requestedAt']],
      ['PasswordResetRequested', ['clientAddress', 'email', 'requestedAt']],
    ]);
    expect(await deliverResetRequests()).toBe(2);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ detailType: 'EmailRequested', detail: { to: form.email } });
  });

  it(`rejection: 10 requests for one address in a second send at most ${RESET_MAILS_PER_ADDRESS} mails; one client asking for many addresses is held to ${RESET_REQUESTS_PER_CLIENT}`, async () => {
    const { form } = await registered();
    published.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call('POST /api/v1/auth/requestPasswordReset', { body: { email: form.email }, sourceIp: `10.9.0.${i}` })),
    );
    expect(answers.every((answer) => answer.status === 200 && answer.body.msg === MSG.resetLinkSent)).toBe(true);
    await deliverResetRequests();
    expect(published.filter((event) => event.detailType === 'EmailRequested')).toHaveLength(RESET_MAILS_PER_ADDRESS);

    // One client (CloudFront's viewer address, not the edge's own), many addresses: mails stop at the client's limit.
    const users = await Promise.all(Array.from({ length: RESET_REQUESTS_PER_CLIENT + 3 }, () => registered()));
    published.length = 0;
    for (const { form: each } of users) {
      expect(
        await call('POST /api/v1/auth/requestPasswordReset', {
          body: { email: each.email },
          sourceIp: `130.176.0.${++counter % 250}`,
          headers: { 'cloudfront-viewer-address': '198.51.100.77:53211' },
        }),
      ).toEqual({
        status: 200,
        body: { msg: MSG.resetLinkSent },
      });
    }
    expect(published.every((event) => event.detail.clientAddress === '198.51.100.77')).toBe(true);
    await deliverResetRequests();
    expect(published.filter((event) => event.detailType === 'EmailRequested')).toHaveLength(RESET_REQUESTS_PER_CLIENT);
  });

  it('the e-mailed link resets the password once; older sessions die; a second use is refused', async () => {
    const { form, session } = await registered();
    await call('POST /api/v1/auth/requestPasswordReset', { body: { email: form.email } });
    await deliverResetRequests();
    const link = /http:\/\/app\.test\/passwordReset\/([0-9a-f]{64})\/([0-9A-Z]{26})/.exec(published[0]!.detail.text);
    expect(link).not.toBeNull();
    const [, token, userId] = link!;
    expect(userId).toBe(session.user._id);
    const body = { token, userId, newPassword: 'reset-password', newPasswordCheck: 'reset-password' };
    expect(await call('POST /api/v1/auth/resetpassword', { body })).toEqual({ status: 200, body: { msg: MSG.passwordReset } });
    expect((await call('GET /api/v1/auth', { token: session.token })).status).toBe(401);
    expect((await call('POST /api/v1/auth/login', { body: { userName: form.userName, password: 'reset-password' } })).status).toBe(200);
    expect(await call('POST /api/v1/auth/resetpassword', { body: { ...body, newPassword: 'again-password', newPasswordCheck: 'again-password' } })).toEqual({
      status: 400,
      body: { msg: MSG.resetLinkInvalid },
    });
  });

  it('refuses a made-up token and mismatched passwords', async () => {
    const { session } = await registered();
    const body = { token: 'f'.repeat(64), userId: session.user._id, newPassword: 'reset-password', newPasswordCheck: 'reset-password' };
    expect(await call('POST /api/v1/auth/resetpassword', { body })).toEqual({ status: 400, body: { msg: MSG.resetLinkInvalid } });
    expect(await call('POST /api/v1/auth/resetpassword', { body: { ...body, newPasswordCheck: 'other-password' } })).toEqual({
      status: 400,
      body: { msg: MSG.samePasswordTwice },
    });
  });

  it("a reset clears the account's login counters: no address has to wait any more", async () => {
    // Date only (a frozen clock): without the reset, the address would still be waiting.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const { form } = await registered();
      for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++)
        await call('POST /api/v1/auth/login', { body: { userName: form.userName, password: 'wrong-password' } });
      expect((await call('POST /api/v1/auth/login', { body: { userName: form.userName, password: 'wrong-password' } })).status).toBe(429);
      await call('POST /api/v1/auth/requestPasswordReset', { body: { email: form.email } });
      await deliverResetRequests();
      const [, token, userId] = /passwordReset\/(\w+)\/(\w+)/.exec(published[0]!.detail.text)!;
      await call('POST /api/v1/auth/resetpassword', { body: { token, userId, newPassword: 'reset-password', newPasswordCheck: 'reset-password' } });
      expect((await call('POST /api/v1/auth/login', { body: { userName: form.userName, password: 'reset-password' } })).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('validateUser', () => {
  it('names an existing user (any case) in msg — full name, else user name, never the e-mail — and 404s an unknown one; needs a session', async () => {
    const { session } = await registered();
    const { form: other } = await registered();
    const found = await call('GET /api/v1/auth/validateUser/{userName}', { token: session.token, params: { userName: other.userName.toUpperCase() } });
    // The original client (client/src/context/UserContext.js, validateUser) shows data.msg as the validated name.
    expect(found).toEqual({ status: 200, body: { msg: other.userName, userName: other.userName, fullName: other.userName } });
    expect(JSON.stringify(found.body)).not.toContain(other.email);
    const missing = await call('GET /api/v1/auth/validateUser/{userName}', { token: session.token, params: { userName: 'no-such-user-abc' } });
    expect(missing).toEqual({ status: 404, body: { msg: MSG.userNotFound } });
    expect((await call('GET /api/v1/auth/validateUser/{userName}', { params: { userName: other.userName } })).status).toBe(401);
  });

  it('a name no user can have is not found; one too long for a key (3,000 characters) is a 400, never a 500', async () => {
    const { session } = await registered();
    const validate = (userName: string) => call('GET /api/v1/auth/validateUser/{userName}', { token: session.token, params: { userName } });
    expect(await validate('x'.repeat(200))).toEqual({ status: 404, body: { msg: MSG.userNotFound } });
    expect(await validate('x'.repeat(3_000))).toEqual({ status: 400, body: { msg: 'userName is invalid' } });
  });
});

it('answers 404 for a route the service does not have', async () => {
  expect((await call('GET /api/v1/auth/nothing')).status).toBe(404);
});
