/**
 * API keys on the local cloud: the key authenticates as its owner on user routes in
 * each accepted form; wrong, rotated and malformed keys get 401; the per-key rate limit answers
 * 429 (lowered to RATE_LIMIT here through API_KEY_RATE_LIMIT_PER_MINUTE); an api user buys data
 * and airtime through the key alone at api prices; login and GET /auth no longer carry the key.
 */
import { describe, expect, it } from 'vitest';
import type { PriceRow } from '../../shared/api/catalogue.js';
import { API_KEY_MSG, MSG } from '../../shared/messages.js';
import { airtimeChargeKobo, priceForUserType } from '../../shared/pricing.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';

const RATE_LIMIT = 10;
const cloud = useLocalCloud({ env: { API_KEY_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '300' } });
const { api, admin, fundedUser, waitForStatus } = platformClient(cloud, 'key');

/** A request carrying only the given headers as its credential. */
const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) => api(method, path, { headers, body });

async function regenerate(token: string): Promise<string> {
  const answer = await api('POST', '/auth/apiKey/regenerate', { token, body: { password: 'platform-client-password' } });
  expect(answer).toMatchObject({ status: 200, body: { msg: API_KEY_MSG.regenerated, apiKey: expect.stringMatching(/^vtu_[\w-]{43}$/) } });
  return answer.body.apiKey as string;
}

describe('API keys on the local cloud', () => {
  it('accepts each key form as the owner: Authorization Bearer, Authorization Token, x-auth-apikey; a session JWT as Bearer still works', async () => {
    const user = await fundedUser(0);
    expect((await api('GET', '/auth/apiKey', { token: user.token })).body).toEqual({ apiKey: null });
    const key = await regenerate(user.token);
    const forms: Record<string, string>[] = [
      { authorization: `Bearer ${key}` },
      { authorization: `Token ${key}` },
      { 'x-auth-apikey': key },
      { authorization: `Bearer ${user.token}` },
    ];
    for (const headers of forms) {
      const answer = await call('GET', '/auth', headers);
      expect(answer.status).toBe(200);
      expect(answer.body.user.userName).toBe(user.userName);
    }
    // The owner's Account view shows the hint, never the key; login and GET /auth carry neither.
    const shown = (await api('GET', '/auth/apiKey', { token: user.token })).body;
    expect(shown).toEqual({
      apiKey: { prefix: key.slice(0, 8), keyHint: `${key.slice(0, 8)}…${key.slice(-4)}`, createdAt: expect.any(String), lastUsedAt: expect.any(String) },
    });
    expect(JSON.stringify((await api('GET', '/auth', { token: user.token })).body)).not.toContain(key);
    // user.apiToken (the original client's field) is the masked form only.
    expect((await api('GET', '/auth', { token: user.token })).body.user.apiToken).toBe(`${key.slice(0, 8)}…${key.slice(-4)}`);
  });

  it('rejects wrong, rotated and malformed keys with 401 {msg}; the rotated key stops working at once and the new one works', async () => {
    const user = await fundedUser(0);
    const old = await regenerate(user.token);
    const fresh = await regenerate(user.token);
    expect(await call('GET', '/auth', { authorization: `Bearer ${old}` })).toEqual({ status: 401, body: { msg: API_KEY_MSG.invalidApiKey } });
    expect((await call('GET', '/auth', { authorization: `Bearer ${fresh}` })).status).toBe(200);
    const wrong = `vtu_${'A'.repeat(43)}`;
    const refused: Record<string, string>[] = [
      { 'x-auth-apikey': wrong },
      { authorization: `Token ${wrong}` },
      { authorization: 'Bearer vtu_short' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { 'x-auth-apikey': 'not-a-key' },
    ];
    for (const headers of refused) {
      expect(await call('GET', '/auth', headers)).toEqual({ status: 401, body: { msg: API_KEY_MSG.invalidApiKey } });
    }
    // Not a key and not a valid session token: refused as a session.
    expect(await call('GET', '/auth', { authorization: 'Bearer eyJ.not.jwt' })).toEqual({ status: 401, body: { msg: MSG.unauthorized } });
    // A key reaches no operator route, whoever owns it.
    expect(await call('GET', '/admin/costPrice', { authorization: `Bearer ${fresh}` })).toEqual({ status: 403, body: { msg: API_KEY_MSG.notForApiKeys } });
  });

  it(`rate limit: more than ${RATE_LIMIT} requests with one key within a minute → 429 {msg}; another key is not affected`, async () => {
    const user = await fundedUser(0);
    const key = await regenerate(user.token);
    const answers = await Promise.all(Array.from({ length: RATE_LIMIT * 2 + 5 }, () => call('GET', '/auth', { 'x-auth-apikey': key })));
    // At most two minute windows can be touched, so at most 2 × RATE_LIMIT get through.
    const limited = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(RATE_LIMIT * 2);
    expect(limited.length).toBeGreaterThanOrEqual(5);
    expect(limited[0]!.body).toEqual({ msg: API_KEY_MSG.rateLimited });
    const other = await fundedUser(0);
    expect((await call('GET', '/auth', { 'x-auth-apikey': await regenerate(other.token) })).status).toBe(200);
  });

  it('an api user buys data and airtime through the key alone at api prices; request_id makes a repeat the same purchase', async () => {
    const user = await fundedUser(1000);
    const userId = (await api('GET', '/auth', { token: user.token })).body.user._id as string;
    const upgraded = await api('GET', `/admin/upgradeUser/${userId}/${encodeURIComponent('api user')}`, { token: await admin() });
    expect(upgraded.status).toBe(200);
    const key = await regenerate(user.token);
    const bearer = { authorization: `Bearer ${key}` };

    const row = ((await api('GET', '/prices')).body as PriceRow[]).find((r) => r.id === 43)!; // GLO 1GB
    const dataPrice = priceForUserType(row, 'api user');
    expect(dataPrice).toBeLessThan(row.my_price);
    const data = await call('POST', '/buy/data', bearer, { network: 2, mobile_number: '08011111111', plan: 43 });
    expect(data).toMatchObject({ status: 200, body: { receipt: { trans_amount: dataPrice, balance_After: 1000 - dataPrice } } });

    const airtimeBody = { network: 1, mobile_number: '08011111111', amount: 200, request_id: `key-${Date.now()}` };
    const airtime = await call('POST', '/buy/airtime', { authorization: `Token ${key}` }, airtimeBody);
    const airtimeCharge = airtimeChargeKobo(20_000, 'api user') / 100;
    expect(airtime).toMatchObject({ status: 200, body: { receipt: { trans_amount: airtimeCharge, balance_After: 1000 - dataPrice - airtimeCharge } } });
    const repeat = await call('POST', '/buy/airtime', { 'x-auth-apikey': key }, airtimeBody);
    expect(repeat.body.receipt._id).toBe(airtime.body.receipt._id);

    for (const id of [data.body.receipt._id, airtime.body.receipt._id])
      expect(await waitForStatus(user.token, id, ['success'])).toMatchObject({ trans_Status: 'success' });
    expect((await call('GET', '/auth', bearer)).body.user.balance).toBe(1000 - dataPrice - airtimeCharge);
  });
});
