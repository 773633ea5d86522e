import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TTL_SECONDS } from '../../../shared/constants.js';
import {
  displayName,
  emptySubscriptionPlans,
  epochSeconds,
  hashResetToken,
  loginKind,
  newResetToken,
  passwordResetEmail,
  passwordResetLink,
  toUserView,
  type UserProfile,
} from '../../../functions/domain/accounts/accounts.js';

const now = new Date('2025-03-01T10:00:00.000Z');
const nowSeconds = epochSeconds(now);

const profile: UserProfile = {
  userId: '01HZX',
  userName: 'Ada',
  email: 'ada@example.com',
  phoneNumber: '08012345678',
  fullName: '',
  userType: 'smart earner',
  isAdmin: false,
  isAgent: false,
  isCouponVendor: false,
  bvn: null,
  nin: null,
  referredBy: null,
  webhookUrl: null,
  webhookSecret: 'webhook-secret',
  tokenVersion: 3,
  passwordHash: '$argon2id$secret',
  createdAt: now.toISOString(),
  lastLogin: null,
  accountNumbers: [],
};

describe('login names', () => {
  it('are read as an e-mail when they contain @, else as a user name (user names cannot contain @)', () => {
    expect(loginKind('ada@example.com')).toBe('email');
    expect(loginKind('ada')).toBe('userName');
  });
});

describe('password reset tokens', () => {
  it('are 32 random bytes (64 hex) of which only the SHA-256 is kept, expiring after the reset TTL', () => {
    const reset = newResetToken(now);
    expect(reset.token).toMatch(/^[0-9a-f]{64}$/);
    expect(reset.tokenHash).toBe(hashResetToken(reset.token));
    expect(reset.tokenHash).not.toContain(reset.token);
    expect(reset.expiresAt).toBe(nowSeconds + PASSWORD_RESET_TTL_SECONDS);
    expect(newResetToken(now).token).not.toBe(reset.token);
  });

  it('hash deterministically, so the stored hash matches only the token it came from', () => {
    const reset = newResetToken(now, (size) => Buffer.alloc(size, 7));
    expect(reset.token).toBe('07'.repeat(32));
    expect(hashResetToken('07'.repeat(32))).toBe(reset.tokenHash);
    expect(hashResetToken(`${'07'.repeat(31)}08`)).not.toBe(reset.tokenHash);
  });

  it('travel in the web app route /passwordReset/<token>/<userId>', () => {
    expect(passwordResetLink('http://localhost:3000/', 'abc', '01HZX')).toBe('http://localhost:3000/passwordReset/abc/01HZX');
  });

  it('are mailed with the link in text and HTML, the user name escaped in HTML', () => {
    const mail = passwordResetEmail({ to: 'a@b.co', userName: '<Ada>', link: 'http://x/passwordReset/t/u' });
    expect(mail.text).toContain('http://x/passwordReset/t/u');
    expect(mail.html).toContain('href="http://x/passwordReset/t/u"');
    expect(mail.html).toContain('&lt;Ada&gt;');
    expect(mail.html).not.toContain('<Ada>');
  });
});

describe('user view', () => {
  it('shows the balance in naira from kobo', () => {
    expect(toUserView(profile, 123_456).balance).toBe(1234.56);
  });

  it('never shows the password hash, webhook secret or token version', () => {
    const view = toUserView(profile, 0) as unknown as Record<string, unknown>;
    expect(view._id).toBe('01HZX');
    expect(view).not.toHaveProperty('passwordHash');
    expect(view).not.toHaveProperty('webhookSecret');
    expect(view).not.toHaveProperty('tokenVersion');
    expect(JSON.stringify(view)).not.toContain('secret');
  });

  it('names a validated user by full name, or by user name while the full name is unknown', () => {
    expect(displayName({ fullName: 'Ada Lovelace', userName: 'ada' })).toBe('Ada Lovelace');
    expect(displayName({ fullName: '  ', userName: 'ada' })).toBe('ada');
  });

  it('answers every plan group of the session, empty', () => {
    expect(emptySubscriptionPlans()).toEqual({
      MTN: [],
      MTN_CG_PRICE: [],
      GLO: [],
      AIRTEL: [],
      NMOBILE: [],
      CABLETV: [],
      CABLENAME: [],
      DISCO: [],
      NETWORK: [],
    });
  });
});
