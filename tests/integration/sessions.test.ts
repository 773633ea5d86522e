/**
 * Sessions: logout ends the session on the server (its token is refused from then
 * on, another session of the same user lives on), and a token without `exp` is refused even when
 * signed with the platform's own key. Tokens are short (ACCESS_TOKEN_TTL_SECONDS) and POST
 * /auth/refresh renews them for the same session: not after logout, not after a password change
 * elsewhere, not past the session's absolute lifetime, not long after expiry. (The expiry itself,
 * with a lifetime of seconds: session-expiry.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt, SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, SESSION_MAX_AGE_SECONDS, TOKEN_RENEWAL_GRACE_SECONDS } from '../../shared/constants.js';
import { API_KEY_MSG, LOGIN_MSG, MSG } from '../../shared/messages.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';

const cloud = useLocalCloud();
const { api, fundedUser } = platformClient(cloud, 'sess');
const PASSWORD = 'platform-client-password';

describe('sessions', () => {
  it('logout revokes the session server-side: its token gets 401 everywhere, another session of the user still works', async () => {
    const user = await fundedUser(0);
    const second = await api('POST', '/auth/login', { body: { userName: user.userName, password: PASSWORD } });
    expect(second.status).toBe(200);
    expect(await api('POST', '/auth/logout', { token: user.token })).toEqual({ status: 200, body: { msg: LOGIN_MSG.loggedOut } });
    expect(await api('GET', '/auth', { token: user.token })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
    expect((await api('POST', '/auth/isTokenValid', { token: user.token })).status).toBe(401);
    expect((await api('GET', '/transaction', { token: user.token })).status).toBe(401);
    expect((await api('GET', '/auth', { token: second.body.token })).status).toBe(200);
  });

  it('logout takes a session, not an API key', async () => {
    const user = await fundedUser(0);
    const key = (await api('POST', '/auth/apiKey/regenerate', { token: user.token, body: { password: PASSWORD } })).body.apiKey as string;
    expect((await api('POST', '/auth/logout', { headers: { 'x-auth-apikey': key } })).status).toBe(403);
    expect((await api('GET', '/auth', { token: user.token })).status).toBe(200);
  });

  it('a token without exp is refused, even signed with the platform key', async () => {
    const user = await fundedUser(0);
    const me = (await api('GET', '/auth', { token: user.token })).body.user;
    const { jwtSecret } = JSON.parse(readFileSync(join(cloud().dataDir, 'secrets.json'), 'utf8')) as { jwtSecret: string };
    const claims = { un: me.userName, ut: me.userType, adm: false, agt: false, cv: false, tv: 0, sid: 'no-exp-session' };
    const forever = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(me._id)
      .setIssuer('vtu-platform')
      .setIssuedAt()
      .sign(new TextEncoder().encode(jwtSecret));
    expect((await api('GET', '/auth', { token: forever })).status).toBe(401);
    expect((await api('POST', '/auth/isTokenValid', { token: forever })).status).toBe(401);
    // The same claims with exp pass: the refusal is about exp alone.
    const bounded = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(me._id)
      .setIssuer('vtu-platform')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(jwtSecret));
    expect((await api('GET', '/auth', { token: bounded })).status).toBe(200);
  });

  /** A token signed with the local cloud's own key, with the times given (epoch seconds). */
  async function signed(claims: JWTPayload & { sat?: number }, userId: string, times: { iat: number; exp: number }): Promise<string> {
    const { jwtSecret } = JSON.parse(readFileSync(join(cloud().dataDir, 'secrets.json'), 'utf8')) as { jwtSecret: string };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('vtu-platform')
      .setIssuedAt(times.iat)
      .setExpirationTime(times.exp)
      .sign(new TextEncoder().encode(jwtSecret));
  }
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it(`tokens last ${ACCESS_TOKEN_TTL_SECONDS / 60} minutes; renewal answers a new token of the same session and sign-in time, which works`, async () => {
    const user = await fundedUser(0);
    const first = decodeJwt(user.token);
    expect(first.exp! - first.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
    const renewed = await api('POST', '/auth/refresh', { token: user.token });
    expect(renewed.status).toBe(200);
    expect(Object.keys(renewed.body)).toEqual(['token']);
    const next = decodeJwt(renewed.body.token);
    expect(next.sid).toBe(first.sid);
    expect(next.sat).toBe(first.sat);
    expect(next.exp! - next.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect((await api('GET', '/auth', { token: renewed.body.token })).status).toBe(200);
  });

  it('logout ends the renewed tokens of its session too, and a logged-out session is not renewed', async () => {
    const user = await fundedUser(0);
    const renewed = (await api('POST', '/auth/refresh', { token: user.token })).body.token as string;
    expect((await api('POST', '/auth/logout', { token: renewed })).status).toBe(200);
    expect(await api('GET', '/auth', { token: user.token })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
    expect(await api('POST', '/auth/refresh', { token: user.token })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
    expect((await api('POST', '/auth/refresh', { token: renewed })).status).toBe(401);
  });

  it('after a password change another session is not renewed; the changing one goes on with the token of its answer', async () => {
    const user = await fundedUser(0);
    const other = (await api('POST', '/auth/login', { body: { userName: user.userName, password: PASSWORD } })).body.token as string;
    const changed = await api('POST', '/auth/changepassword', {
      token: user.token,
      body: { oldPassword: PASSWORD, newPassword: 'a-new-Passw0rd!', newPasswordCheck: 'a-new-Passw0rd!' },
    });
    expect(changed.status).toBe(200);
    expect(await api('POST', '/auth/refresh', { token: other })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
    const renewed = await api('POST', '/auth/refresh', { token: changed.body.token });
    expect(renewed.status).toBe(200);
    expect((await api('GET', '/auth', { token: renewed.body.token })).status).toBe(200);
  });

  it('a password change rotates the token of the session that made it: that token is refused from then on (and not renewed), the token in the answer works', async () => {
    const user = await fundedUser(0);
    const changed = await api('POST', '/auth/changepassword', {
      token: user.token,
      body: { oldPassword: PASSWORD, newPassword: 'a-new-Passw0rd!', newPasswordCheck: 'a-new-Passw0rd!' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ msg: MSG.passwordChanged, token: expect.any(String) });
    expect(changed.body.token).not.toBe(user.token);
    expect(await api('GET', '/auth', { token: user.token })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
    expect(await api('POST', '/auth/refresh', { token: user.token })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
    expect((await api('GET', '/auth', { token: changed.body.token })).status).toBe(200);
  });

  it('a renewal revokes the token it replaces: the old token is refused at once and renewed only once; the new one works', async () => {
    const user = await fundedUser(0);
    const renewed = await api('POST', '/auth/refresh', { token: user.token });
    expect(renewed.status).toBe(200);
    expect(await api('GET', '/auth', { token: user.token })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
    expect((await api('GET', '/transaction', { token: user.token })).status).toBe(401);
    expect(await api('POST', '/auth/refresh', { token: user.token })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
    expect((await api('GET', '/auth', { token: renewed.body.token })).status).toBe(200);
    // The new token is renewed in its turn, and is then revoked too.
    const again = await api('POST', '/auth/refresh', { token: renewed.body.token });
    expect(again.status).toBe(200);
    expect((await api('GET', '/auth', { token: renewed.body.token })).status).toBe(401);
    expect((await api('GET', '/auth', { token: again.body.token })).status).toBe(200);
  });

  it('two renewals of one token at once: one new token, the other refused', async () => {
    const user = await fundedUser(0);
    const answers = await Promise.all([api('POST', '/auth/refresh', { token: user.token }), api('POST', '/auth/refresh', { token: user.token })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('a session past its absolute lifetime is not renewed, however fresh its token', async () => {
    const user = await fundedUser(0);
    const { sub, sid, ...claims } = decodeJwt(user.token);
    const now = nowSeconds();
    const old = await signed({ ...claims, sid, sat: now - SESSION_MAX_AGE_SECONDS - 5 }, sub!, { iat: now - 60, exp: now + 600 });
    expect((await api('GET', '/auth', { token: old })).status).toBe(200);
    expect(await api('POST', '/auth/refresh', { token: old })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
    // The same token from a younger session is renewed: the refusal is about the session's age alone.
    const young = await signed({ ...claims, sid, sat: now - 3600 }, sub!, { iat: now - 60, exp: now + 600 });
    expect((await api('POST', '/auth/refresh', { token: young })).status).toBe(200);
  });

  it('a token that expired a moment ago is refused everywhere but renewed; one expired longer than the grace is not', async () => {
    const user = await fundedUser(0);
    const { sub, ...claims } = decodeJwt(user.token);
    const now = nowSeconds();
    const recent = await signed({ ...claims, sat: now - 3600 }, sub!, { iat: now - 1000, exp: now - 60 });
    expect(await api('GET', '/auth', { token: recent })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
    const renewed = await api('POST', '/auth/refresh', { token: recent });
    expect(renewed.status).toBe(200);
    expect((await api('GET', '/auth', { token: renewed.body.token })).status).toBe(200);
    const stale = await signed({ ...claims, sat: now - 7200 }, sub!, { iat: now - 3600, exp: now - TOKEN_RENEWAL_GRACE_SECONDS - 60 });
    expect(await api('POST', '/auth/refresh', { token: stale })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
  });

  it('renewal takes a session token: an API key gets 403, nothing gets 401, a forged token 401', async () => {
    const user = await fundedUser(0);
    const key = (await api('POST', '/auth/apiKey/regenerate', { token: user.token, body: { password: PASSWORD } })).body.apiKey as string;
    expect(await api('POST', '/auth/refresh', { headers: { 'x-auth-apikey': key } })).toEqual({ status: 403, body: { msg: API_KEY_MSG.notForApiKeys } });
    expect(await api('POST', '/auth/refresh', { headers: { authorization: `Bearer ${key}` } })).toEqual({
      status: 403,
      body: { msg: API_KEY_MSG.notForApiKeys },
    });
    expect(await api('POST', '/auth/refresh')).toEqual({ status: 401, body: { msg: MSG.unauthorized } });
    expect((await api('POST', '/auth/refresh', { token: `${user.token.slice(0, -4)}AAAA` })).status).toBe(401);
  });
});
