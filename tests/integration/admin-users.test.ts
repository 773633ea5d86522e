/**
 * The admin's user list, its CSV and a user's password reset on the local cloud: access checked on
 * the server (anonymous 401, user 403, agent 403 on admin-only routes), filters refused with 400,
 * and a reset that ends the old password and every session and e-mails a link that works once.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_USERS_MSG, MSG, userPasswordResetMessage } from '../../shared/messages.js';
import { DEMO_AGENT } from '../../functions/local-seed.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';

const cloud = useLocalCloud();
const { api, admin, fundedUser } = platformClient(cloud, 'listed');

const SECRET_FIELDS = ['passwordHash', 'apiToken', 'apiKey', 'webhookSecret', 'tokenVersion', 'password'];
/** Identity numbers are on a row only masked to their last four digits (the original client shows "bvn || nin"). */
const MASKED_OR_NONE = /^\*+\d{4}$/;

async function agent(): Promise<string> {
  const login = await api('POST', '/auth/login', { body: { userName: DEMO_AGENT.userName, password: DEMO_AGENT.password } });
  expect(login.status).toBe(200);
  return login.body.token as string;
}

async function download(query: string, token: string) {
  const response = await fetch(`${cloud().baseUrl}/api/v1/admin/users/csv${query}`, { headers: { 'x-auth-token': token } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('GET /admin/users', () => {
  it('lists users newest first, 20 a page, with totals; filters by user name, phone and type; rows hold no secret', async () => {
    const user = await fundedUser(250);
    const all = await api('GET', '/admin/users', { token: await admin() });
    expect(all.status).toBe(200);
    expect(Object.keys(all.body).sort()).toEqual(['totalBalance', 'totalPages', 'totalUsers', 'users']);
    expect(all.body.users.length).toBeLessThanOrEqual(20);
    expect(all.body.totalPages).toBe(Math.ceil(all.body.totalUsers / 20));
    expect(all.body.users[0].userName).toBe(user.userName);
    for (const row of all.body.users) {
      for (const field of SECRET_FIELDS) expect(row).not.toHaveProperty(field);
      for (const field of ['bvn', 'nin']) if (row[field] !== null) expect(row[field]).toMatch(MASKED_OR_NONE);
    }

    const byName = await api('GET', `/admin/users?userName=${user.userName.toUpperCase()}`, { token: await admin() });
    expect(byName.body).toMatchObject({ totalUsers: 1, totalPages: 1, totalBalance: 250 });
    expect(byName.body.users[0]).toMatchObject({
      userName: user.userName,
      balance: 250,
      userType: 'smart earner',
      kyc: 'not verified',
      phoneNumber: '08012345678',
    });

    const byPhoneAndType = await api('GET', '/admin/users?phoneNumber=08000000002&type=smart%20earner', { token: await admin() });
    expect(byPhoneAndType.body.users.map((u: { userName: string }) => u.userName)).toContain(DEMO_AGENT.userName);
    expect((await api('GET', `/admin/users?userName=${user.userName}&type=reseller`, { token: await admin() })).body.totalUsers).toBe(0);
  });

  it('an agent reads the list ("my users": every user, read-only); a user gets 403, anonymous 401', async () => {
    const user = await fundedUser(0);
    expect((await api('GET', `/admin/users?userName=${user.userName}`, { token: await agent() })).body.totalUsers).toBe(1);
    expect(await api('GET', '/admin/users', { token: user.token })).toEqual({ status: 403, body: { msg: MSG.forbidden } });
    expect((await api('GET', '/admin/users')).status).toBe(401);
  });

  it('refuses bad filters with 400 and the field named', async () => {
    const token = await admin();
    expect(await api('GET', '/admin/users?page=0', { token })).toEqual({ status: 400, body: { msg: ADMIN_USERS_MSG.invalidPage } });
    expect(await api('GET', '/admin/users?type=king', { token })).toEqual({ status: 400, body: { msg: ADMIN_USERS_MSG.invalidUserType } });
    expect(await api('GET', '/admin/users?phoneNumber=abc', { token })).toEqual({ status: 400, body: { msg: ADMIN_USERS_MSG.invalidPhoneFilter } });
    expect(await api('GET', '/admin/users?userName=a%20b', { token })).toEqual({ status: 400, body: { msg: ADMIN_USERS_MSG.invalidUserFilter } });
  });
});

describe('GET /admin/users/csv', () => {
  it('downloads the filtered page as text/csv named by its row numbers, without secrets', async () => {
    const user = await fundedUser(100);
    const file = await download(`?userName=${user.userName}`, await admin());
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="users-1-1.csv"');
    const lines = file.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('User name,E-mail,Phone,Type,Balance (NGN),KYC,Created,Last login');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${user.userName},`));
    expect(file.text).not.toContain('$argon2');

    const page = await download('', await admin());
    expect(page.headers.get('content-disposition')).toMatch(/filename="users-1-(\d+)\.csv"/);
  });

  it('is admin-only (agent 403, user 403, anonymous 401) and refuses bad filters as JSON', async () => {
    const user = await fundedUser(0);
    expect(await api('GET', '/admin/users/csv', { token: await agent() })).toEqual({ status: 403, body: { msg: MSG.forbidden } });
    expect(await api('GET', '/admin/users/csv', { token: user.token })).toEqual({ status: 403, body: { msg: MSG.forbidden } });
    expect((await api('GET', '/admin/users/csv')).status).toBe(401);
    const refused = await download('?page=x', await admin());
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(JSON.parse(refused.text)).toEqual({ msg: ADMIN_USERS_MSG.invalidPage });
  });
});

describe('POST /admin/resetUserPassword', () => {
  it('ends the old password and every session, and the e-mailed link works once', async () => {
    const user = await fundedUser(0);
    const { body: listed } = await api('GET', `/admin/users?userName=${user.userName}`, { token: await admin() });
    const userId = listed.users[0].userId as string;

    expect(await api('POST', '/admin/resetUserPassword', { token: await admin(), body: { userId } })).toEqual({
      status: 200,
      body: { msg: userPasswordResetMessage(user.userName) },
    });
    expect((await api('GET', '/auth', { token: user.token })).status).toBe(401);
    expect((await api('POST', '/auth/login', { body: { userName: user.userName, password: 'platform-client-password' } })).status).not.toBe(200);

    const mail = await cloud().waitForMail(`${user.userName}@example.com`, { subject: 'Your password has been reset', timeoutMs: 30_000 });
    const link = /\/passwordReset\/([0-9a-f]{64})\/([0-9A-Z]{26})/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    const reset = { token: link![1], userId: link![2], newPassword: 'chosen-after-reset', newPasswordCheck: 'chosen-after-reset' };
    expect(await api('POST', '/auth/resetpassword', { body: reset })).toEqual({ status: 200, body: { msg: MSG.passwordReset } });
    expect((await api('POST', '/auth/login', { body: { userName: user.userName, password: 'chosen-after-reset' } })).status).toBe(200);
    expect(await api('POST', '/auth/resetpassword', { body: reset })).toEqual({ status: 400, body: { msg: MSG.resetLinkInvalid } });
  });

  it('is admin-only and refuses a missing or unknown user', async () => {
    const user = await fundedUser(0);
    expect(await api('POST', '/admin/resetUserPassword', { token: await agent(), body: { userId: 'x' } })).toEqual({
      status: 403,
      body: { msg: MSG.forbidden },
    });
    expect(await api('POST', '/admin/resetUserPassword', { token: user.token, body: { userId: 'x' } })).toEqual({ status: 403, body: { msg: MSG.forbidden } });
    expect((await api('POST', '/admin/resetUserPassword', { body: { userId: 'x' } })).status).toBe(401);
    expect(await api('POST', '/admin/resetUserPassword', { token: await admin(), body: {} })).toEqual({
      status: 400,
      body: { msg: ADMIN_USERS_MSG.userIdRequired },
    });
    expect(await api('POST', '/admin/resetUserPassword', { token: await admin(), body: { userId: 'NOSUCHUSER' } })).toEqual({
      status: 404,
      body: { msg: ADMIN_USERS_MSG.userNotFound },
    });
  });
});
