/**
 * What an API key may do: only the reseller routes the route table marks `apiKey`
 * (purchases, balance, transactions, webhook settings). An admin's key is no admin; a key cannot
 * replace or revoke itself; changing a key takes a session and the password; an admin's password
 * reset ends the key, a password change ends it only when the user asks; the owner sees the key's
 * prefix, creation and last use, and can revoke it.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_AGENT } from '../../functions/local-seed.js';
import { API_KEY_MSG, REFUND_MSG } from '../../shared/messages.js';
import { ROUTES, keyMayCall } from '../../shared/routes.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';

const cloud = useLocalCloud();
const { api, admin, fundedUser, waitForStatus, countedPage } = platformClient(cloud, 'kscope');
const USER_PASSWORD = 'platform-client-password';

async function keyOf(token: string, password: string): Promise<string> {
  const answer = await api('POST', '/auth/apiKey/regenerate', { token, body: { password } });
  expect(answer.status).toBe(200);
  return answer.body.apiKey as string;
}

const refusedForKeys = { status: 403, body: { msg: API_KEY_MSG.notForApiKeys } };

describe('API key scope', () => {
  it('the route table lets keys reach purchases, balance, transactions and webhook settings only', () => {
    const keyRoutes = ROUTES.filter(keyMayCall)
      .map((route) => route.operation)
      .sort();
    expect(keyRoutes).toEqual(
      // Cable TV and exam PINs are purchases too, with their verification and price list.
      [
        'buyAirtime',
        'buyData',
        // Bulk purchases and their progress.
        'buyAirtimeBulk',
        'buyDataBulk',
        'getBulkPurchase',
        'buyElectricity',
        'buyCableTv',
        'buyExam',
        'validateCableTv',
        'validateExam',
        'listBillProducts',
        // Recharge-card PINs, and the VTpass services an admin configured (one route, `serviceID` in the body).
        'buyEpin',
        'buyService',
        'validateService',
        'currentUser',
        'getTransaction',
        'listTransactions',
        'testWebhook',
        'updateWebhook',
        'validateMeter',
        'webhookDeliveries',
      ].sort(),
    );
    for (const route of ROUTES.filter(keyMayCall)) expect(route.access).toBe('user');
  });

  it("an admin's key is refused on admin routes and on the transfer (403); the admin's session still works", async () => {
    const adminToken = await admin();
    const key = await keyOf(adminToken, cloud().adminLogin.password);
    const asKey = { 'x-auth-apikey': key };
    expect(await api('GET', '/admin/users', { headers: asKey })).toEqual(refusedForKeys);
    const someone = await fundedUser(0);
    expect(await api('POST', '/auth/transferFund', { headers: asKey, body: { userName: someone.userName, amount: 10 } })).toEqual(refusedForKeys);
    expect(await api('POST', '/admin/generateCoupon', { headers: asKey, body: { userAccount: someone.userName, amount: 10 } })).toEqual(refusedForKeys);
    expect((await api('GET', '/admin/users', { token: adminToken })).status).toBe(200);
    // Balance and transactions: the reseller's reads.
    expect((await api('GET', '/auth', { headers: asKey })).status).toBe(200);
    expect((await api('GET', '/transaction', { headers: asKey })).status).toBe(200);
  });

  it("an operator's key acts as a customer: its own records only, no cost, profit or operator role, the customer's prices", async () => {
    // Another user's delivered exam PINs: what an operator's session may read, and no key may.
    const buyer = await fundedUser(5_000);
    const bought = await api('POST', '/buy/exam', { token: buyer.token, body: { exam: 'waec', quantity: 1, phone: '08011111111' } });
    expect(bought.status).toBe(200);
    const purchaseId = bought.body.receipt._id as string;
    expect((await waitForStatus(buyer.token, purchaseId, ['success', 'refunded'])).trans_Status).toBe('success');

    const agentLogin = await api('POST', '/auth/login', { body: { userName: DEMO_AGENT.userName, password: DEMO_AGENT.password } });
    expect(agentLogin.status).toBe(200);
    const agentKey = { 'x-auth-apikey': await keyOf(agentLogin.body.token as string, DEMO_AGENT.password) };
    const adminKey = { authorization: `Bearer ${await keyOf(await admin(), cloud().adminLogin.password)}` };
    // What the same customer type reads with a session: a key holder reads exactly that.
    const customerPrices = (await api('GET', '/billProducts', { token: buyer.token })).body;
    const customerPlans = (await api('GET', '/auth', { token: buyer.token })).body.subscriptionPlans;
    expect(customerPrices.products.every((p: { costPrice: number }) => p.costPrice === 0)).toBe(true);

    for (const [who, asKey] of [
      ['agent', agentKey],
      ['admin', adminKey],
    ] as const) {
      const listed = await countedPage({ headers: asKey }, `/transaction?userName=${buyer.userName}&type=exam`);
      expect(listed.status, `${who}'s key lists`).toBe(200);
      expect(
        listed.body.transactions.filter((t: { trans_UserName: string }) => t.trans_UserName === buyer.userName),
        `${who}'s key reads only its own records`,
      ).toEqual([]);
      expect(JSON.stringify(listed.body), `${who}'s key never reads the PINs`).not.toContain('"pins"');
      expect(await api('GET', `/transaction/${purchaseId}`, { headers: asKey }), `${who}'s key: another user's transaction is not found`).toEqual({
        status: 404,
        body: { msg: REFUND_MSG.transactionNotFound },
      });
      expect(await api('GET', '/billProducts', { headers: asKey }), `${who}'s key reads the customer's prices, no costs`).toEqual({
        status: 200,
        body: customerPrices,
      });
      const session = await api('GET', '/auth', { headers: asKey });
      expect(session.body, `${who}'s key is no operator`).toMatchObject({ isAdmin: false, isAgent: false, isCouponVendor: false });
      expect(session.body.subscriptionPlans, `${who}'s key reads the customer's plans, no costs`).toEqual(customerPlans);
    }
    // The operators' sessions still read the buyer's record.
    expect((await api('GET', `/transaction/${purchaseId}`, { token: await admin() })).status).toBe(200);
    expect((await api('GET', `/transaction/${purchaseId}`, { token: agentLogin.body.token })).status).toBe(200);
  });

  it('a key cannot regenerate, revoke or show itself, nor change the password', async () => {
    const user = await fundedUser(0);
    const key = await keyOf(user.token, USER_PASSWORD);
    const asKey = { authorization: `Bearer ${key}` };
    expect(await api('POST', '/auth/apiKey/regenerate', { headers: asKey, body: { password: USER_PASSWORD } })).toEqual(refusedForKeys);
    expect(await api('POST', '/auth/apiKey/revoke', { headers: asKey, body: { password: USER_PASSWORD } })).toEqual(refusedForKeys);
    expect(await api('GET', '/auth/apiKey', { headers: asKey })).toEqual(refusedForKeys);
    expect(
      await api('POST', '/auth/changepassword', {
        headers: asKey,
        body: { oldPassword: USER_PASSWORD, newPassword: 'another-Passw0rd', newPasswordCheck: 'another-Passw0rd' },
      }),
    ).toEqual(refusedForKeys);
    // The key still works where it may.
    expect((await api('GET', '/auth', { headers: asKey })).status).toBe(200);
  });

  it('generating or revoking a key takes the password: a wrong or missing one is refused and nothing changes', async () => {
    const user = await fundedUser(0);
    expect(await api('POST', '/auth/apiKey/regenerate', { token: user.token, body: {} })).toMatchObject({ status: 400 });
    expect(await api('POST', '/auth/apiKey/regenerate', { token: user.token, body: { password: 'not-the-password' } })).toEqual({
      status: 400,
      body: { msg: API_KEY_MSG.wrongPassword },
    });
    expect((await api('GET', '/auth/apiKey', { token: user.token })).body).toEqual({ apiKey: null });
    const key = await keyOf(user.token, USER_PASSWORD);
    expect(await api('POST', '/auth/apiKey/revoke', { token: user.token, body: { password: 'not-the-password' } })).toEqual({
      status: 400,
      body: { msg: API_KEY_MSG.wrongPassword },
    });
    expect((await api('GET', '/auth', { headers: { 'x-auth-apikey': key } })).status).toBe(200);
  });

  it('the owner sees the prefix, creation and last use (to the minute), and a revoked key stops at once', async () => {
    const user = await fundedUser(0);
    const key = await keyOf(user.token, USER_PASSWORD);
    const before = (await api('GET', '/auth/apiKey', { token: user.token })).body.apiKey;
    expect(before).toEqual({ prefix: key.slice(0, 8), keyHint: `${key.slice(0, 8)}…${key.slice(-4)}`, createdAt: expect.any(String), lastUsedAt: null });
    // The original client reads user.apiToken: the masked form, never the key.
    const profile = (await api('GET', '/auth', { token: user.token })).body.user;
    expect(profile.apiToken).toBe(before.keyHint);
    expect(JSON.stringify(profile)).not.toContain(key);

    await api('GET', '/transaction', { headers: { 'x-auth-apikey': key } });
    const used = (await api('GET', '/auth/apiKey', { token: user.token })).body.apiKey;
    expect(Date.parse(used.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(before.createdAt));

    expect(await api('POST', '/auth/apiKey/revoke', { token: user.token, body: { password: USER_PASSWORD } })).toEqual({
      status: 200,
      body: { msg: API_KEY_MSG.revoked },
    });
    expect(await api('GET', '/auth', { headers: { 'x-auth-apikey': key } })).toEqual({ status: 401, body: { msg: API_KEY_MSG.invalidApiKey } });
    expect((await api('GET', '/auth/apiKey', { token: user.token })).body).toEqual({ apiKey: null });
    expect((await api('GET', '/auth', { token: user.token })).body.user).not.toHaveProperty('apiToken');
    expect(await api('POST', '/auth/apiKey/revoke', { token: user.token, body: { password: USER_PASSWORD } })).toEqual({
      status: 404,
      body: { msg: API_KEY_MSG.noKey },
    });
  });

  it("an admin's password reset ends the user's key", async () => {
    const user = await fundedUser(0);
    const key = await keyOf(user.token, USER_PASSWORD);
    const userId = (await api('GET', '/auth', { token: user.token })).body.user._id as string;
    expect((await api('POST', '/admin/resetUserPassword', { token: await admin(), body: { userId } })).status).toBe(200);
    expect(await api('GET', '/auth', { headers: { 'x-auth-apikey': key } })).toEqual({ status: 401, body: { msg: API_KEY_MSG.invalidApiKey } });
  });

  it('a password change keeps the key by default and ends it when the user asks', async () => {
    const user = await fundedUser(0);
    const key = await keyOf(user.token, USER_PASSWORD);
    const kept = await api('POST', '/auth/changepassword', {
      token: user.token,
      body: { oldPassword: USER_PASSWORD, newPassword: 'second-Passw0rd', newPasswordCheck: 'second-Passw0rd' },
    });
    expect(kept.status).toBe(200);
    expect((await api('GET', '/auth', { headers: { 'x-auth-apikey': key } })).status).toBe(200);
    const ended = await api('POST', '/auth/changepassword', {
      token: kept.body.token,
      body: { oldPassword: 'second-Passw0rd', newPassword: 'third-Passw0rd', newPasswordCheck: 'third-Passw0rd', revokeApiKey: true },
    });
    expect(ended.status).toBe(200);
    expect(await api('GET', '/auth', { headers: { 'x-auth-apikey': key } })).toEqual({ status: 401, body: { msg: API_KEY_MSG.invalidApiKey } });
  });
});
