/**
 * An admin's reset of a user's password through the real accounts handler (middy, token check,
 * audit) on DynamoDB Local, with a stand-in EventBridge that records what is put on the bus.
 * The rule: a reset either completes with its mail queued, or changes nothing and says why — an
 * address the mail event refuses (the seeded `demo@localhost` once) must not leave the user locked out.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  process.env.EVENT_BUS_NAME = 'vtu-test-bus';
  process.env.APP_BASE_URL = 'https://app.example';
});

import { API_BASE_PATH } from '../../../shared/constants.js';
import { EVENT_TYPES } from '../../../shared/events.js';
import { ADMIN_USERS_MSG, userPasswordResetMessage } from '../../../shared/messages.js';
import { routeByOperation } from '../../../shared/routes.js';
import { issueToken } from '../../../functions/adapters/token.js';
import { db } from '../../../functions/adapters/dynamo/client.js';
import { keys } from '../../../functions/adapters/dynamo/keys.js';
import { createUser, getPasswordHash, getUserById, getUserByUserName } from '../../../functions/adapters/dynamo/accounts/users.js';
import type { UserProfile } from '../../../functions/domain/accounts/accounts.js';
import { handler as accounts } from '../../../functions/handlers/http/accounts.js';
import { DEMO_AGENT, DEMO_USER, seedLocalData } from '../../../functions/local-seed.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { useDynamoDb } from '../../support/dynamo.js';

useDynamoDb();

/** What the stand-in bus was given: one entry per PutEvents entry. */
let putEvents: { DetailType: string; Detail: string }[] = [];
let bus: Server;

beforeAll(async () => {
  bus = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const entries = (JSON.parse(body) as { Entries: { DetailType: string; Detail: string }[] }).Entries;
      putEvents.push(...entries);
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ FailedEntryCount: 0, Entries: entries.map((_, i) => ({ EventId: `event-${putEvents.length}-${i}` })) }));
    });
  });
  await new Promise<void>((resolve) => bus.listen(0, '127.0.0.1', resolve));
  process.env.AWS_ENDPOINT_URL_EVENTBRIDGE = `http://127.0.0.1:${(bus.address() as AddressInfo).port}`;
});
afterAll(() => bus.close());
beforeEach(() => {
  putEvents = [];
});

let counter = 0;
async function newUser(email: (name: string) => string, roles: { isAdmin?: boolean } = {}) {
  const userName = `r${Date.now().toString(36)}${(counter++).toString(36)}`;
  const created = await createUser({
    userName,
    email: email(userName),
    phoneNumber: '08000000000',
    passwordHash: 'the-old-hash',
    userType: 'smart earner',
    ...roles,
  });
  if (!created.ok) throw new Error(created.reason);
  return created.user;
}

async function resetAsAdmin(admin: UserProfile, userId: string) {
  const route = routeByOperation('resetUserPassword');
  const path = `${API_BASE_PATH}${route.path}`;
  const event = {
    version: '2.0',
    routeKey: `${route.method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'x-auth-token': await issueToken({ ...admin, tokenVersion: 0 }) },
    requestContext: { http: { method: route.method, path, sourceIp: '127.0.0.1', protocol: 'HTTP/1.1', userAgent: 'test' } },
    body: JSON.stringify({ userId }),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
  const response = (await accounts(event, {} as Context)) as APIGatewayProxyStructuredResultV2;
  return { status: response.statusCode!, body: JSON.parse(response.body as string) };
}

async function resetItem(userId: string) {
  return (await db().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: keys.passwordReset(userId) }))).Item;
}

describe("an admin's reset of a user's password: completes with its mail queued, or changes nothing", () => {
  it('an address the mail event refuses (demo@localhost): 422 saying why, password, sessions and reset link untouched, nothing published', async () => {
    const admin = await newUser((name) => `${name}@example.com`, { isAdmin: true });
    const user = await newUser((name) => `${name}@localhost`);
    const answer = await resetAsAdmin(admin, user.userId);
    expect(answer).toEqual({ status: 422, body: { msg: ADMIN_USERS_MSG.mailAddressUndeliverable } });
    const after = await getUserById(user.userId);
    expect(await getPasswordHash(user.userId)).toBe('the-old-hash');
    expect(after?.tokenVersion).toBe(user.tokenVersion);
    expect(await resetItem(user.userId)).toBeUndefined();
    expect(putEvents).toEqual([]);
  });

  it('a deliverable address: 200, password revoked, sessions ended, reset link stored and its mail on the bus', async () => {
    const admin = await newUser((name) => `${name}@example.com`, { isAdmin: true });
    const user = await newUser((name) => `${name}@example.com`);
    const answer = await resetAsAdmin(admin, user.userId);
    expect(answer).toEqual({ status: 200, body: { msg: userPasswordResetMessage(user.userName) } });
    const after = await getUserById(user.userId);
    expect(await getPasswordHash(user.userId)).not.toBe('the-old-hash');
    expect(after?.tokenVersion).toBe(user.tokenVersion + 1);
    expect(await resetItem(user.userId)).toMatchObject({ userId: user.userId });
    expect(putEvents.map((entry) => entry.DetailType)).toEqual([EVENT_TYPES.emailRequested]);
    expect(JSON.parse(putEvents[0]!.Detail)).toMatchObject({ to: user.email, subject: 'Your password has been reset' });
  });

  it("the seeded demo user and agent (the local cloud's accounts) have addresses the mail takes: their reset completes with its mail queued", async () => {
    await seedLocalData({ admin: { userName: 'seed_admin', password: 'admin-password-1', email: 'seed_admin@example.com' } });
    const admin = await newUser((name) => `${name}@example.com`, { isAdmin: true });
    for (const seeded of [DEMO_USER, DEMO_AGENT]) {
      putEvents = [];
      const user = (await getUserByUserName(seeded.userName))!;
      expect(await resetAsAdmin(admin, user.userId)).toEqual({ status: 200, body: { msg: userPasswordResetMessage(seeded.userName) } });
      expect(putEvents.map((entry) => JSON.parse(entry.Detail).to)).toEqual([seeded.email]);
    }
  }, 60_000);
});
