/**
 * Sessions (issue 20 §6): logout ends the session on the server (its token is refused from then
 * on, another session of the same user lives on), and a token without `exp` is refused even when
 * signed with the platform's own key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { LOGIN_MSG, MSG } from '../../shared/messages.js';
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
    const forever = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(me._id).setIssuer('vtu-platform').setIssuedAt().sign(new TextEncoder().encode(jwtSecret));
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
});
