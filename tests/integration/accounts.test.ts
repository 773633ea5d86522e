/**
 * Accounts over HTTP on the local cloud: the real gateway, Lambda handlers, DynamoDB Local, the
 * bus → queue → mailer path and the SES simulator that captures e-mail.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { MSG } from '../../shared/messages.js';
import { useLocalCloud } from '../support/local-cloud.js';

const cloud = useLocalCloud();

interface Answer {
  status: number;
  body: any;
}

async function api(method: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<Answer> {
  const response = await fetch(`${cloud().baseUrl}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(options.token ? { 'x-auth-token': options.token } : {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

let unique = 0;
function newAccount() {
  unique += 1;
  const id = `${Date.now().toString(36)}${unique}`;
  return { userName: `Http_${id}`, email: `http_${id}@example.com`, phoneNumber: '08012345678', password: 'first-password', passwordCheck: 'first-password' };
}

describe('accounts over HTTP', () => {
  it('register → login by name and by e-mail → GET /auth → change password → every older token is refused, the changing session goes on with the new one', async () => {
    const account = newAccount();
    const registered = await api('POST', '/auth/register', { body: { ...account, referredBy: cloud().adminLogin.userName } });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({ userName: account.userName, balance: 0, referredBy: cloud().adminLogin.userName });

    const byName = await api('POST', '/auth/login', { body: { userName: account.userName.toLowerCase(), password: account.password } });
    expect(byName.status).toBe(200);
    const byEmail = await api('POST', '/auth/login', { body: { userName: account.email, password: account.password } });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.user._id).toBe(byName.body.user._id);

    const me = await api('GET', '/auth', { token: byName.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user.userName).toBe(account.userName);

    const changed = await api('POST', '/auth/changepassword', {
      token: byName.body.token,
      body: { oldPassword: account.password, newPassword: 'second-password', newPasswordCheck: 'second-password' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.msg).toBe(MSG.passwordChanged);
    // Every token issued before the change dies, the changing session's too: it goes on with the token of the answer.
    expect(await api('GET', '/auth', { token: byName.body.token })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
    expect(await api('GET', '/auth', { token: byEmail.body.token })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
    expect((await api('GET', '/auth', { token: changed.body.token })).status).toBe(200);
    expect((await api('POST', '/auth/login', { body: { userName: account.userName, password: 'second-password' } })).status).toBe(200);
  });

  it('a login answers the sign-in before it as previousLogin (null at the first), user.lastLogin being this one', async () => {
    const account = newAccount();
    expect((await api('POST', '/auth/register', { body: account })).status).toBe(201);
    const first = await api('POST', '/auth/login', { body: { userName: account.userName, password: account.password } });
    expect(first.status).toBe(200);
    expect(first.body.previousLogin).toBeNull();
    expect(first.body.user.lastLogin).toEqual(expect.any(String));
    const second = await api('POST', '/auth/login', { body: { userName: account.email, password: account.password } });
    expect(second.status).toBe(200);
    expect(second.body.previousLogin).toBe(first.body.user.lastLogin);
    expect(Date.parse(second.body.user.lastLogin)).toBeGreaterThanOrEqual(Date.parse(first.body.user.lastLogin));
  });

  it('refuses a duplicate registration with 409', async () => {
    const account = newAccount();
    expect((await api('POST', '/auth/register', { body: account })).status).toBe(201);
    expect(await api('POST', '/auth/register', { body: { ...newAccount(), userName: account.userName.toUpperCase() } })).toEqual({
      status: 409,
      body: { msg: MSG.userNameTaken },
    });
  });

  it('refuses forged and expired tokens with 401', async () => {
    const account = newAccount();
    const { body } = await api('POST', '/auth/register', { body: account });
    const claims = { un: account.userName, ut: 'smart earner', adm: true, agt: false, cv: false, tv: 0 };
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(body.user._id)
      .setIssuer('vtu-platform')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-platform-secret-not-the-platform-secret'));
    expect((await api('GET', '/auth', { token: forged })).status).toBe(401);
    expect((await api('POST', '/auth/isTokenValid', { token: forged })).status).toBe(401);
    // A real token with its signature tampered with.
    const [header, payload] = (body.token as string).split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), adm: true, exp: 4102444800 })).toString('base64url')}.${'A'.repeat(43)}`;
    expect((await api('GET', '/auth', { token: tampered })).status).toBe(401);
    expect((await api('GET', '/auth', { token: 'not-a-token' })).status).toBe(401);
    // Signed with the platform's own key (kept in DATA_DIR by the local cloud), but expired.
    const { jwtSecret } = JSON.parse(readFileSync(join(cloud().dataDir, 'secrets.json'), 'utf8')) as { jwtSecret: string };
    const nowSeconds = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, adm: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(body.user._id)
      .setIssuer('vtu-platform')
      .setIssuedAt(nowSeconds - 7200)
      .setExpirationTime(nowSeconds - 60)
      .sign(new TextEncoder().encode(jwtSecret));
    expect(await api('GET', '/auth', { token: expired })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
    expect((await api('POST', '/auth/isTokenValid', { token: body.token })).body).toMatchObject({ valid: true, user: { _id: body.user._id } });
  });

  it('password reset through the e-mailed link works once, and unknown addresses get the same answer', async () => {
    const account = newAccount();
    const registered = await api('POST', '/auth/register', { body: account });
    expect(await api('POST', '/auth/requestPasswordReset', { body: { email: 'nobody-here@example.com' } })).toEqual({
      status: 200,
      body: { msg: MSG.resetLinkSent },
    });
    expect(await api('POST', '/auth/requestPasswordReset', { body: { email: account.email } })).toEqual({ status: 200, body: { msg: MSG.resetLinkSent } });

    const mail = await cloud().waitForMail(account.email, { timeoutMs: 30_000 });
    const link = /\/passwordReset\/([0-9a-f]{64})\/([0-9A-Z]{26})/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    expect(mail.text).toContain(`${cloud().baseUrl}/passwordReset/`);
    const [, token, userId] = link!;
    expect(userId).toBe(registered.body.user._id);

    const reset = { token, userId, newPassword: 'reset-password', newPasswordCheck: 'reset-password' };
    expect(await api('POST', '/auth/resetpassword', { body: reset })).toEqual({ status: 200, body: { msg: MSG.passwordReset } });
    expect((await api('GET', '/auth', { token: registered.body.token })).status).toBe(401);
    expect((await api('POST', '/auth/login', { body: { userName: account.userName, password: 'reset-password' } })).status).toBe(200);
    expect(await api('POST', '/auth/resetpassword', { body: reset })).toEqual({ status: 400, body: { msg: MSG.resetLinkInvalid } });
    expect((await cloud().readMail()).some((m) => m.to === 'nobody-here@example.com')).toBe(false);
  });

  it('the seeded admin and the funded demo user can log in; validateUser names a user', async () => {
    const admin = await api('POST', '/auth/login', { body: cloud().adminLogin });
    expect(admin.status).toBe(200);
    expect(admin.body.isAdmin).toBe(true);
    const demo = await api('POST', '/auth/login', { body: { userName: 'demo', password: 'demo-password-1' } });
    expect(demo.status).toBe(200);
    expect(demo.body.user.userType).toBe('smart earner');
    // Funded once by the seed, through the ledger: the credit is in the session's transactions.
    expect(demo.body.user.balance).toBe(5000);
    expect(demo.body.transactions).toEqual([
      expect.objectContaining({ _id: 'seed-demo-credit', trans_Type: 'wallet', trans_amount: 5000, balance_After: 5000 }),
    ]);
    const validated = await api('GET', '/auth/validateUser/DEMO', { token: admin.body.token });
    expect(validated).toMatchObject({ status: 200, body: { userName: 'demo' } });
    expect((await api('GET', '/auth/validateUser/no-such-user', { token: admin.body.token })).status).toBe(404);
    // Too long for a key: refused with a 400 before any read, never a 500.
    expect(await api('GET', `/auth/validateUser/${'x'.repeat(3_000)}`, { token: admin.body.token })).toEqual({
      status: 400,
      body: { msg: 'userName is invalid' },
    });
  });
});
