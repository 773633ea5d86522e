/**
 * Session tokens expire after their lifetime: here ACCESS_TOKEN_TTL_SECONDS makes it
 * seconds, not 15 minutes. The expired token gets the 401 existing clients already handle ("log in
 * again"); POST /auth/refresh continues the session with a new token.
 */
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';

const LIFETIME_SECONDS = 3;
const cloud = useLocalCloud({ env: { ACCESS_TOKEN_TTL_SECONDS: String(LIFETIME_SECONDS) } });
const { api, fundedUser } = platformClient(cloud, 'expiry');

async function waitUntilExpired(token: string): Promise<void> {
  const { exp } = decodeJwt(token);
  // jose refuses from exp on (whole seconds): a little after it is past for sure.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp! * 1000 + 1100 - Date.now())));
}

describe('session token lifetime', () => {
  it('a token is refused once its lifetime is over, and a renewal continues the session', async () => {
    const user = await fundedUser(0);
    const { exp, iat, sid } = decodeJwt(user.token);
    expect(exp! - iat!).toBe(LIFETIME_SECONDS);
    await waitUntilExpired(user.token);
    expect(await api('GET', '/auth', { token: user.token })).toEqual({ status: 401, body: { msg: MSG.sessionExpired } });
    const renewed = await api('POST', '/auth/refresh', { token: user.token });
    expect(renewed.status).toBe(200);
    expect(decodeJwt(renewed.body.token).sid).toBe(sid);
    expect((await api('GET', '/auth', { token: renewed.body.token })).status).toBe(200);
  });
});
