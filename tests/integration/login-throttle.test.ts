/**
 * The login throttle over HTTP on the local cloud. Its gateway takes the client address from
 * the socket, as API Gateway does, so requests bound to distinct loopback addresses
 * (127.0.0.2, 127.0.0.3 …) are distinct clients.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../functions/domain/login-throttle.js';
import { tooManyLoginAttemptsMessage } from '../../shared/messages.js';
import { useLocalCloud } from '../support/local-cloud.js';

const cloud = useLocalCloud();
const { freeFailures } = LOGIN_THROTTLE;

interface Answer {
  status: number;
  body: any;
}

function post(from: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: new URL(cloud().baseUrl).port,
        localAddress: from,
        // A fresh connection each time: a pooled one could carry another address.
        agent: false,
        method: 'POST',
        path: `/api/v1${path}`,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let unique = 0;
async function registered() {
  unique += 1;
  const id = `${Date.now().toString(36)}${unique}`;
  const account = { userName: `Throttle_${id}`, email: `throttle_${id}@example.com`, phoneNumber: '08012345678', password: 'owner-password', passwordCheck: 'owner-password' };
  expect((await post('127.0.0.1', '/auth/register', account)).status).toBe(201);
  return account;
}

const login = (from: string, userName: string, password: string, headers?: Record<string, string>) => post(from, '/auth/login', { userName, password }, headers);

/**
 * Guesses from `from` until a counted failure (400, not a refusal during a wait) has just started a
 * wait of at least `waitMs`: waits on the throttle's state, not on how fast the machine is.
 */
async function guessUntilWaitOfAtLeast(waitMs: number, from: string, userName: string): Promise<void> {
  // waitAfter(n) = firstWaitMs × 2^(n − freeFailures): the failure that starts a wait of `waitMs`.
  const failuresNeeded = freeFailures + Math.ceil(Math.log2(waitMs / LOGIN_THROTTLE.firstWaitMs));
  let counted = 0;
  for (let guess = 0; counted < failuresNeeded; guess++) {
    const { status } = await login(from, userName, `wait-guess-${guess}`);
    expect([400, 429]).toContain(status);
    // A refused guess inside a wait counts for nothing; once the wait is over the next one is counted.
    if (status === 400) counted = Math.max(counted + 1, freeFailures + 1);
    else await sleep(200);
  }
}

describe('login throttle over HTTP', () => {
  it('50 wrong guesses from one address do not stop the owner logging in from another address', async () => {
    const account = await registered();
    const statuses: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 50; i++) statuses.push((await login('127.0.0.2', account.userName, `guess-${i}`)).status);
    const elapsedMs = Date.now() - started;
    expect(statuses.slice(0, freeFailures)).toEqual(Array(freeFailures).fill(400));
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    // Each guess checked past the free ones waited out the one before's wait (1 s, 2 s, 4 s …): m of
    // them take at least 2^m − 1 s, however fast or slow the machine answered.
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(freeFailures + Math.floor(Math.log2(elapsedMs / LOGIN_THROTTLE.firstWaitMs + 1)));

    const owner = await login('127.0.0.3', account.userName, account.password);
    expect(owner.status).toBe(200);
    expect(owner.body.user.userName).toBe(account.userName);
  });

  it('guessing stays slow: during its wait an address is refused even the right password, and each further failure doubles the wait', async () => {
    const account = await registered();
    for (let i = 0; i < freeFailures; i++) expect((await login('127.0.0.4', account.userName, `guess-${i}`)).status).toBe(400);
    expect(await login('127.0.0.4', account.userName, account.password)).toEqual({ status: 429, body: { msg: tooManyLoginAttemptsMessage(1) } });

    await sleep(1_000);
    expect((await login('127.0.0.4', account.email, 'one-more-guess')).status).toBe(400);
    expect(await login('127.0.0.4', account.userName, account.password)).toEqual({ status: 429, body: { msg: tooManyLoginAttemptsMessage(2) } });

    await sleep(2_000);
    expect((await login('127.0.0.4', account.userName, account.password)).status).toBe(200);
  });

  it('the address is the one the gateway saw: an X-Forwarded-For header does not make a new client', async () => {
    const account = await registered();
    for (let i = 0; i < freeFailures; i++) await login('127.0.0.5', account.userName, `guess-${i}`);
    const spoofed = await login('127.0.0.5', account.userName, account.password, { 'x-forwarded-for': '203.0.113.9' });
    expect(spoofed.status).toBe(429);
  });

  it('the admin cannot be locked out from another address', async () => {
    const { userName, password } = cloud().adminLogin;
    for (let i = 0; i < 30; i++) await login('127.0.0.6', userName, `admin-guess-${i}`);
    // The right password from the guessing address must meet a wait, whatever the 30 guesses took:
    // guess on until one is counted (400) as the 7th failure or later, which has just started a wait of 4 s or more.
    await guessUntilWaitOfAtLeast(4_000, '127.0.0.6', userName);
    expect((await login('127.0.0.6', userName, password)).status).toBe(429);

    const admin = await login('127.0.0.7', userName, password);
    expect(admin.status).toBe(200);
    expect(admin.body.isAdmin).toBe(true);
  });
});
