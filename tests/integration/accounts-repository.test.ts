/**
 * The user repository against a real DynamoDB Local: uniqueness claims under races, the login
 * throttle's counters, password-reset tokens and token revocation.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { useDynamoDb } from '../support/dynamo.js';
import { db, tableName } from '../../functions/adapters/dynamo/client.js';
import { keys } from '../../functions/adapters/dynamo/keys.js';
import {
  changePassword,
  consumePasswordReset,
  createUser,
  getUserByEmail,
  getUserById,
  getUserByLogin,
  getUserByUserName,
  getWalletBalanceKobo,
  loadPrincipal,
  savePasswordReset,
  updateLastLogin,
  type NewUser,
  getPasswordHash,
  withPasswordHash,
} from '../../functions/adapters/dynamo/accounts/users.js';
import { epochSeconds, hashResetToken, newResetToken } from '../../functions/domain/accounts/accounts.js';
import { LOGIN_THROTTLE } from '../../functions/domain/accounts/login-throttle.js';
import { clearLoginThrottle, loginSucceeded, reserveLoginAttempt, throttleKeys } from '../../functions/adapters/dynamo/accounts/login-throttle.js';
import { verifyPassword } from '../../functions/domain/accounts/passwords.js';
import { DEMO_CREDIT_KOBO, DEMO_USER, seedLocalData } from '../../functions/local-seed.js';

useDynamoDb();
let counter = 0;

function newUser(overrides: Partial<NewUser> = {}): NewUser {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { userName: `user_${id}`, email: `user_${id}@example.com`, phoneNumber: '08012345678', passwordHash: '$argon2id$test', ...overrides };
}

async function created(input: NewUser = newUser()) {
  const result = await createUser(input);
  if (!result.ok) throw new Error(`expected the user to be created, got ${result.reason}`);
  return result.user;
}

describe('password hashes live in their own item (CREDENTIAL#<id>), which IAM denies every role but the password checkers', () => {
  const rawItem = async (key: { pk: string; sk: string }) => (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

  it('a new account keeps its hash only in the credential item: the profile every role reads has none, and getUserById returns none', async () => {
    const user = await created();
    expect(await rawItem(keys.credential(user.userId))).toMatchObject({ pk: `CREDENTIAL#${user.userId}`, passwordHash: '$argon2id$test' });
    expect(await rawItem(keys.userProfile(user.userId))).not.toHaveProperty('passwordHash');
    expect(await getUserById(user.userId)).not.toHaveProperty('passwordHash');
    expect((await withPasswordHash(await getUserById(user.userId)))?.passwordHash).toBe('$argon2id$test');
  });

  it('an account stored before keeps signing in: its hash is read from the profile, then moved into the credential item and off the profile', async () => {
    const user = await created();
    // The layout before: the hash as a profile attribute, no credential item.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.userProfile(user.userId),
        UpdateExpression: 'SET passwordHash = :h',
        ExpressionAttributeValues: { ':h': '$argon2id$legacy' },
      }),
    );
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.credential(user.userId) }));
    expect(await getUserById(user.userId)).not.toHaveProperty('passwordHash');
    expect(await getPasswordHash(user.userId)).toBe('$argon2id$legacy');
    expect(await rawItem(keys.credential(user.userId))).toMatchObject({ passwordHash: '$argon2id$legacy' });
    expect(await rawItem(keys.userProfile(user.userId))).not.toHaveProperty('passwordHash');
    expect(await getPasswordHash(user.userId)).toBe('$argon2id$legacy');
  });
});

describe('createUser', () => {
  it('writes the profile, both claims and an empty wallet, found again by id, user name or e-mail in any case', async () => {
    const input = newUser({ userName: 'Ada_Lovelace', email: 'Ada@Example.com' });
    const user = await created(input);
    expect(user).toMatchObject({ userName: 'Ada_Lovelace', email: 'Ada@Example.com', userType: 'smart earner', tokenVersion: 0, isAdmin: false });
    expect((await getUserById(user.userId))?.userName).toBe('Ada_Lovelace');
    expect((await getUserByUserName('ada_LOVELACE'))?.userId).toBe(user.userId);
    expect((await getUserByEmail('ADA@example.COM'))?.userId).toBe(user.userId);
    expect((await getUserByLogin('ada@example.com'))?.userId).toBe(user.userId);
    expect((await getUserByLogin(' ada_lovelace '))?.userId).toBe(user.userId);
    expect(await getWalletBalanceKobo(user.userId)).toBe(0);
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.userProfile(user.userId) }));
    expect(Item).toMatchObject({ entity: 'User', gsi2pk: 'USER', gsi2sk: `${user.createdAt}#${user.userId}` });
  });

  it('refuses a user name already taken in another case, and writes nothing of the loser', async () => {
    const first = await created();
    const loser = newUser({ userName: first.userName.toUpperCase() });
    expect(await createUser(loser)).toEqual({ ok: false, reason: 'user_name_taken' });
    // The loser's e-mail claim was not left behind: the address is still free.
    expect(await getUserByEmail(loser.email)).toBeUndefined();
    expect((await createUser(newUser({ email: loser.email }))).ok).toBe(true);
  });

  it('refuses an e-mail already registered in another case', async () => {
    const first = await created();
    expect(await createUser(newUser({ email: first.email.toUpperCase() }))).toEqual({ ok: false, reason: 'email_taken' });
  });

  it('lets exactly one of many concurrent registrations of the same user name win', async () => {
    const userName = `race_${Date.now().toString(36)}`;
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => createUser(newUser({ userName: i % 2 ? userName : userName.toUpperCase() }))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'user_name_taken')).toBe(true);
    const winner = results.find((r) => r.ok);
    expect((await getUserByUserName(userName))?.userId).toBe(winner?.ok && winner.user.userId);
  });

  it('lets exactly one of concurrent registrations of the same e-mail win', async () => {
    const email = `race_${Date.now().toString(36)}@example.com`;
    const results = await Promise.all(Array.from({ length: 6 }, () => createUser(newUser({ email }))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === 'email_taken')).toHaveLength(5);
  });
});

describe('loadPrincipal and password changes', () => {
  it('answers the stored roles and the wallet for the current token version, nothing for an unknown user', async () => {
    const user = await created(newUser({ isAgent: true }));
    expect(await loadPrincipal(user.userId, 0)).toEqual({
      userId: user.userId,
      userName: user.userName,
      userType: 'smart earner',
      isAdmin: false,
      isAgent: true,
      isCouponVendor: false,
      // Read in the same round trip, for the purchase record: no webhook URL yet, no contact numbers yet (kept since creation).
      hasWebhook: false,
      savedContactNumbers: [],
      // …and the time of its last change (here its creation): a purchase's record is stamped after it.
      wallet: { balanceKobo: 0, seq: 0, exists: true, lastChangeAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    });
    expect(await loadPrincipal('01NOSUCHUSER0000000000000', 0)).toBeUndefined();
  });

  it('changePassword bumps tokenVersion so tokens of the old version stop loading', async () => {
    const user = await created();
    const changed = await changePassword(user.userId, 0, '$argon2id$new');
    expect(changed).toEqual({ ok: true, tokenVersion: 1 });
    expect(await loadPrincipal(user.userId, 0)).toBeUndefined();
    expect((await loadPrincipal(user.userId, 1))?.userId).toBe(user.userId);
    expect(await getPasswordHash(user.userId)).toBe('$argon2id$new');
  });

  it('changePassword against a stale version changes nothing (a concurrent change won)', async () => {
    const user = await created();
    await changePassword(user.userId, 0, '$argon2id$first');
    expect(await changePassword(user.userId, 0, '$argon2id$second')).toEqual({ ok: false, reason: 'stale' });
    expect(await getPasswordHash(user.userId)).toBe('$argon2id$first');
  });

  it('updateLastLogin records the time, only for an existing user', async () => {
    const user = await created();
    const at = new Date('2025-01-02T03:04:05.000Z');
    await updateLastLogin(user.userId, at);
    expect((await getUserById(user.userId))?.lastLogin).toBe(at.toISOString());
    await expect(updateLastLogin('01NOSUCHUSER0000000000000', at)).rejects.toThrow();
  });
});

describe('login throttle counters', () => {
  const { freeFailures, accountCeiling, memorySeconds } = LOGIN_THROTTLE;
  const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}${++counter}`;

  it(`counts atomically: of 20 parallel attempts from one address exactly ${freeFailures} are allowed, whatever case the name is typed in`, async () => {
    const name = uniqueName('Parallel');
    const now = new Date();
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => reserveLoginAttempt(i % 2 ? name : name.toLowerCase(), '198.51.100.1', now)));
    expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(freeFailures);
  });

  it('keeps every counter with a TTL (epoch seconds) a day after the last attempt', async () => {
    const name = uniqueName('Ttl');
    const now = new Date();
    await reserveLoginAttempt(name, '198.51.100.2', now);
    const { Items = [] } = await db().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': throttleKeys.account(name).pk } }),
    );
    expect(Items.map((item) => item.expiresAt)).toEqual([epochSeconds(now) + memorySeconds, epochSeconds(now) + memorySeconds]);
  });

  it("a success clears its own address's counter only", async () => {
    const name = uniqueName('Success');
    const now = new Date();
    for (let i = 0; i < freeFailures; i++) {
      await reserveLoginAttempt(name, '198.51.100.3', now);
      await reserveLoginAttempt(name, '198.51.100.4', now);
    }
    const later = new Date(now.getTime() + 1_000);
    const owner = await reserveLoginAttempt(name, '198.51.100.3', later);
    if (!owner.allowed) throw new Error('the owner should have waited long enough');
    await loginSucceeded(owner.ticket);
    for (let i = 0; i < freeFailures; i++) expect((await reserveLoginAttempt(name, '198.51.100.3', later)).allowed).toBe(true);
    expect(await reserveLoginAttempt(name, '198.51.100.4', new Date(now.getTime() + 500))).toEqual({ allowed: false, waitSeconds: 1 });
  });

  it(`past ${accountCeiling} attempts in an hour on the account every address still gets its try, marked step-up until a password reset`, async () => {
    const name = uniqueName('Ceiling');
    const now = new Date();
    for (let i = 0; i < accountCeiling; i++)
      expect(await reserveLoginAttempt(name, `10.1.${Math.floor(i / 5)}.${i % 5}`, now)).toMatchObject({ allowed: true, stepUp: false });
    expect(await reserveLoginAttempt(name, '203.0.113.1', now)).toMatchObject({ allowed: true, stepUp: true });
    await clearLoginThrottle(name.toUpperCase());
    expect(await reserveLoginAttempt(name, '203.0.113.1', now)).toMatchObject({ allowed: true, stepUp: false });
    for (let i = 0; i < freeFailures; i++) expect((await reserveLoginAttempt(name, '10.1.0.0', now)).allowed).toBe(true);
  });
});

describe('password reset tokens', () => {
  it('a valid token replaces the password, bumps tokenVersion and works only once', async () => {
    const user = await created();
    const now = new Date();
    const reset = newResetToken(now);
    await savePasswordReset(user.userId, reset.tokenHash, reset.expiresAt, now);
    const used = await consumePasswordReset(user.userId, hashResetToken(reset.token), '$argon2id$reset', now);
    expect(used).toEqual({ ok: true, user: { userId: user.userId, userName: user.userName } });
    const after = await getUserById(user.userId);
    expect(after).toMatchObject({ tokenVersion: 1 });
    expect(await getPasswordHash(user.userId)).toBe('$argon2id$reset');
    expect(await consumePasswordReset(user.userId, hashResetToken(reset.token), '$argon2id$again', now)).toEqual({ ok: false, reason: 'invalid' });
    expect(await getPasswordHash(user.userId)).toBe('$argon2id$reset');
  });

  it('a wrong token changes nothing and leaves the real one usable', async () => {
    const user = await created();
    const reset = newResetToken(new Date());
    await savePasswordReset(user.userId, reset.tokenHash, reset.expiresAt);
    expect(await consumePasswordReset(user.userId, hashResetToken('guess'), '$argon2id$x')).toEqual({ ok: false, reason: 'invalid' });
    expect((await getUserById(user.userId))?.tokenVersion).toBe(0);
    expect((await consumePasswordReset(user.userId, reset.tokenHash, '$argon2id$y')).ok).toBe(true);
  });

  it('an expired token is refused even before TTL deletes it', async () => {
    const user = await created();
    const issued = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const reset = newResetToken(issued);
    await savePasswordReset(user.userId, reset.tokenHash, reset.expiresAt, issued);
    expect(await consumePasswordReset(user.userId, reset.tokenHash, '$argon2id$late')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('only the latest requested link works', async () => {
    const user = await created();
    const first = newResetToken(new Date());
    const second = newResetToken(new Date());
    await savePasswordReset(user.userId, first.tokenHash, first.expiresAt);
    await savePasswordReset(user.userId, second.tokenHash, second.expiresAt);
    expect((await consumePasswordReset(user.userId, first.tokenHash, '$argon2id$a')).ok).toBe(false);
    expect((await consumePasswordReset(user.userId, second.tokenHash, '$argon2id$b')).ok).toBe(true);
  });

  it('two concurrent uses of one token: exactly one succeeds', async () => {
    const user = await created();
    const reset = newResetToken(new Date());
    await savePasswordReset(user.userId, reset.tokenHash, reset.expiresAt);
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => consumePasswordReset(user.userId, reset.tokenHash, `$argon2id$${i}`)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect((await getUserById(user.userId))?.tokenVersion).toBe(1);
  });

  it('a token for a user that does not exist is refused', async () => {
    const reset = newResetToken(new Date());
    expect((await consumePasswordReset('01NOSUCHUSER0000000000000', reset.tokenHash, '$argon2id$x')).ok).toBe(false);
  });
});

describe('local seed', () => {
  it('creates the admin, demo user (funded ₦5,000 once) and demo agent, and is safe to run again', async () => {
    const admin = { userName: 'seed_admin', password: 'admin-password-1', email: 'seed_admin@example.com' };
    const first = await seedLocalData({ admin });
    expect(first).toMatchObject({
      admin: { outcome: 'created' },
      demoUser: { userName: 'demo', outcome: 'created' },
      demoAgent: { outcome: 'created' },
      demoWallet: 'credited',
    });
    const second = await seedLocalData({ admin: { ...admin, password: 'a-different-password' } });
    expect(second).toMatchObject({
      admin: { outcome: 'existed' },
      demoUser: { outcome: 'existed' },
      demoAgent: { outcome: 'existed' },
      demoWallet: 'already credited',
    });
    const storedAdmin = await getUserByUserName('seed_admin');
    expect(storedAdmin?.isAdmin).toBe(true);
    // An existing account keeps its password.
    expect(await verifyPassword(admin.password, await getPasswordHash(storedAdmin!.userId))).toBe(true);
    const demo = await getUserByUserName(DEMO_USER.userName);
    expect(demo).toMatchObject({ userType: 'smart earner', isAdmin: false });
    expect(await verifyPassword(DEMO_USER.password, await getPasswordHash(demo!.userId))).toBe(true);
    expect(await getWalletBalanceKobo(demo!.userId)).toBe(DEMO_CREDIT_KOBO);
    expect((await getUserByUserName('agent'))?.isAgent).toBe(true);
  });
});
