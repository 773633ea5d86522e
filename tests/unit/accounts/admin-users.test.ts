import { describe, expect, it } from 'vitest';
import { listUsersQuery, nextUserType, resetUserPasswordRequest, usersCsvFileName } from '../../../shared/api/admin-users.js';
import { ADMIN_USERS_MSG, userPasswordResetMessage } from '../../../shared/messages.js';
import type { UserProfile } from '../../../functions/domain/accounts/accounts.js';
import { resetUserPassword, type AdminPasswordResetDeps } from '../../../functions/domain/accounts/admin-password-reset.js';
import { csvCell, toUserRow, usersCsv } from '../../../functions/domain/accounts/user-directory.js';
import { downloadUsersOperation, listUsersOperation, resetUserPasswordOperation } from '../../../functions/handlers/http/admin-users.js';
import type { UserRequest } from '../../../functions/middleware/http.js';

const profile: UserProfile = {
  userId: '01HZXUSER',
  userName: 'Ada',
  email: 'ada@example.com',
  phoneNumber: '08012345678',
  fullName: 'Ada L',
  userType: 'reseller',
  isAdmin: false,
  isAgent: false,
  isCouponVendor: false,
  bvn: '12345678901',
  nin: null,
  referredBy: null,
  webhookUrl: null,
  webhookSecret: 'WEBHOOK-SECRET',
  tokenVersion: 3,
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$salt$hash',
  createdAt: '2025-03-01T10:00:00.000Z',
  lastLogin: null,
  accountNumbers: [],
};

const request = (query: Record<string, string | undefined> = {}, body: unknown = {}) =>
  ({ query, body, params: {}, headers: {}, principal: { userName: 'admin' } }) as unknown as UserRequest;

describe('a user row never carries a secret', () => {
  it('shows exactly id (also as _id), name, full name, e-mail, phone, type, balance (naira), KYC, masked identity number, referrer, reserved accounts, created and last login', () => {
    const row = toUserRow({ ...profile, referredBy: 'Grace', accountNumbers: [{ bankName: 'Wema bank', accountNumber: '7000000001' }] }, 150_050);
    expect(row).toEqual({
      userId: '01HZXUSER',
      _id: '01HZXUSER',
      userName: 'Ada',
      fullName: 'Ada L',
      bvn: '*******8901',
      nin: null,
      referredBy: 'Grace',
      accountNumbers: [{ bankName: 'Wema bank', accountNumber: '7000000001' }],
      email: 'ada@example.com',
      phoneNumber: '08012345678',
      userType: 'reseller',
      balance: 1500.5,
      kyc: 'verified',
      createdAt: profile.createdAt,
      lastLogin: null,
    });
  });

  it('has no password hash, API key, webhook secret or token version, whatever the profile holds', () => {
    const text = JSON.stringify(toUserRow(profile, 0));
    for (const secret of [
      'passwordHash',
      'apiToken',
      'apiKey',
      'webhookSecret',
      'tokenVersion',
      profile.passwordHash,
      profile.webhookSecret!,
      '12345678901',
      '1234567890',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(toUserRow({ ...profile, bvn: null }, 0).kyc).toBe('not verified');
    expect(toUserRow({ ...profile, bvn: null, nin: '98765432109' }, 0).nin).toBe('*******2109');
  });
});

describe('CSV of the user list', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('defuses formulas: a text starting with = + - @ is prefixed with a quote; a negative number stays a number', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+234')).toBe("'+234");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-250)).toBe('-250');
  });

  it('has a header row and one line per user, without secrets', () => {
    const csv = usersCsv([toUserRow(profile, 100)]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toEqual([
      'User name,E-mail,Phone,Type,Balance (NGN),KYC,Created,Last login',
      `Ada,ada@example.com,08012345678,reseller,1,verified,${profile.createdAt},`,
    ]);
    expect(csv).not.toContain(profile.webhookSecret!);
  });

  it('is named by the range of row numbers in the filtered list', () => {
    expect(usersCsvFileName(1, 20)).toBe('users-1-20.csv');
    expect(usersCsvFileName(2, 7)).toBe('users-21-27.csv');
    expect(usersCsvFileName(3, 0)).toBe('users-40-40.csv');
  });
});

describe('the filters of the user list', () => {
  it('accepts blanks as "any" and defaults to page 1', () => {
    expect(listUsersQuery.parse({ userName: '', phoneNumber: ' ', type: '' })).toEqual({ page: 1 });
    expect(listUsersQuery.parse({ userName: 'ada', type: 'api user', page: '3', phoneNumber: '0801' })).toEqual({
      userName: 'ada',
      type: 'api user',
      page: 3,
      phoneNumber: '0801',
    });
  });

  it('refuses a bad page, type, user name or phone with its message', () => {
    const firstMessage = (query: Record<string, string>) => listUsersQuery.safeParse(query).error?.issues[0]?.message;
    expect(firstMessage({ page: '0' })).toBe(ADMIN_USERS_MSG.invalidPage);
    expect(firstMessage({ page: 'two' })).toBe(ADMIN_USERS_MSG.invalidPage);
    expect(firstMessage({ page: '1.5' })).toBe(ADMIN_USERS_MSG.invalidPage);
    expect(firstMessage({ type: 'king' })).toBe(ADMIN_USERS_MSG.invalidUserType);
    expect(firstMessage({ userName: 'a b' })).toBe(ADMIN_USERS_MSG.invalidUserFilter);
    expect(firstMessage({ phoneNumber: '+234' })).toBe(ADMIN_USERS_MSG.invalidPhoneFilter);
    expect(resetUserPasswordRequest.safeParse({}).error?.issues[0]?.message).toBe(ADMIN_USERS_MSG.userIdRequired);
  });

  it('cycles the type: api user → smart earner → reseller → api user', () => {
    expect(nextUserType('api user')).toBe('smart earner');
    expect(nextUserType('smart earner')).toBe('reseller');
    expect(nextUserType('reseller')).toBe('api user');
  });
});

describe('user list operations', () => {
  const deps = {
    listUsers: async () => ({
      users: [
        { profile, balanceKobo: 100_00 },
        { profile: { ...profile, userId: 'B' }, balanceKobo: 50 },
      ],
      totalUsers: 41,
    }),
  };

  it('answers {users, totalUsers, totalPages, totalBalance} with 20 per page', async () => {
    const answer = await listUsersOperation(deps)(request({ page: '3' }));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ totalUsers: 41, totalPages: 3, totalBalance: 100.5 });
    expect(Object.keys(answer.body as object).sort()).toEqual(['totalBalance', 'totalPages', 'totalUsers', 'users']);
  });

  it('downloads the page as text/csv named by its rows', async () => {
    const answer = await downloadUsersOperation(deps)(request({ page: '3' }));
    expect(answer.headers).toMatchObject({ 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="users-41-42.csv"' });
    expect(String(answer.body).trimEnd().split('\r\n')).toHaveLength(3);
  });

  it('refuses a bad filter before reading anything', async () => {
    const reading = { listUsers: async () => expect.unreachable('no read on a bad filter') };
    await expect(listUsersOperation(reading)(request({ page: '-1' }))).rejects.toThrow(ADMIN_USERS_MSG.invalidPage);
  });
});

describe("an admin's reset of a user's password", () => {
  const fakes = (found: UserProfile | undefined) => {
    const calls: string[] = [];
    const mails: { to: string; text: string }[] = [];
    const deps: AdminPasswordResetDeps = {
      findUserById: async () => found,
      revokePassword: async (userId) => (calls.push(`revoke ${userId}`), { ok: true }),
      savePasswordReset: async (userId) => void calls.push(`save ${userId}`),
      requestEmail: async (mail) => void mails.push(mail),
      appBaseUrl: () => 'https://app.example',
      now: () => new Date('2025-03-01T10:00:00.000Z'),
      log: { info: () => {}, warn: () => {}, error: () => {} },
    };
    return { deps, calls, mails };
  };

  it('revokes the password (ending sessions) before e-mailing a single-use link', async () => {
    const { deps, calls, mails } = fakes(profile);
    const answer = await resetUserPasswordOperation(deps)(request({}, { userId: profile.userId }));
    expect(answer).toEqual({ statusCode: 200, body: { msg: userPasswordResetMessage('Ada') } });
    expect(answer.body).toEqual({ msg: "Ada's password has been reset successfully" });
    expect(calls).toEqual([`revoke ${profile.userId}`, `save ${profile.userId}`]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(profile.email);
    expect(mails[0]!.text).toMatch(/https:\/\/app\.example\/passwordReset\/[0-9a-f]{64}\/01HZXUSER/);
  });

  it('refuses (422, saying why) a user whose address the mail event does not take, before changing anything', async () => {
    const { deps, calls, mails } = fakes({ ...profile, email: 'demo@localhost' });
    expect(await resetUserPassword(profile.userId, 'admin', deps)).toEqual({ kind: 'mail_address_undeliverable' });
    expect(await resetUserPasswordOperation(deps)(request({}, { userId: profile.userId }))).toEqual({
      statusCode: 422,
      body: { msg: ADMIN_USERS_MSG.mailAddressUndeliverable },
    });
    expect(calls).toEqual([]);
    expect(mails).toEqual([]);
  });

  it('answers 404 for an unknown user and changes nothing', async () => {
    const { deps, calls, mails } = fakes(undefined);
    expect(await resetUserPassword('nobody', 'admin', deps)).toEqual({ kind: 'user_not_found' });
    expect(await resetUserPasswordOperation(deps)(request({}, { userId: 'nobody' }))).toEqual({ statusCode: 404, body: { msg: ADMIN_USERS_MSG.userNotFound } });
    expect(calls).toEqual([]);
    expect(mails).toEqual([]);
  });
});
