/**
 * The login throttle over HTTP on the local cloud. Its edge takes the client address from the
 * socket, as CloudFront does (a CloudFront-Viewer-Address the client sends is dropped), so requests
 * bound to distinct loopback addresses (127.0.0.2, 127.0.0.3 …) are distinct clients. Past the
 * per-account ceiling nobody is locked out: a known address or device signs in with the password,
 * any other with an e-mailed code. (A guesser's view of both: login-guessing.test.ts.)
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../functions/domain/accounts/login-throttle.js';
import { LOGIN_MSG, tooManyLoginAttemptsMessage } from '../../shared/messages.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { loopbackAddress } from '../support/loopback.js';

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
  const account = {
    userName: `Throttle_${id}`,
    email: `throttle_${id}@example.com`,
    phoneNumber: '08012345678',
    password: 'owner-password',
    passwordCheck: 'owner-password',
  };
  expect((await post('127.0.0.1', '/auth/register', account)).status).toBe(201);
  return account;
}

const login = (from: string, userName: string, password: string, headers?: Record<string, string>) =>
  post(from, '/auth/login', { userName, password }, headers);

/**
 * Guesses from `from` until a counted failure (400, not a refusal during a wait) has just started a
 * wait of at least `waitMs`: waits on the throttle's state, not on how fast the machine is.
 */
async function guessUntilWaitOfAtLeast(
  waitMs: number,
  from: string,
  userName: string,
  attempt: (password: string) => Promise<Answer> = (password) => login(from, userName, password),
): Promise<void> {
  // waitAfter(n) = firstWaitMs × 2^(n − freeFailures): the failure that starts a wait of `waitMs`.
  const failuresNeeded = freeFailures + Math.ceil(Math.log2(waitMs / LOGIN_THROTTLE.firstWaitMs));
  let counted = 0;
  for (let guess = 0; counted < failuresNeeded; guess++) {
    const answer = await attempt(`wait-guess-${guess}`);
    expect([400, 429]).toContain(answer.status);
    // A refused guess inside a wait counts for nothing; once the wait is over the next one is counted.
    if (answer.status === 400) counted = Math.max(counted + 1, freeFailures + 1);
    else await sleepThroughWait(answer);
  }
}

/** The seconds a 429's message asks to wait ("Please wait 4 seconds …"). */
function waitSecondsOf(message: string): number {
  const match = /wait (\d+) seconds?/.exec(message);
  expect(match, message).not.toBeNull();
  return Number(match![1]);
}

/**
 * After a 429: sleeps through all but the last second of the wait it names (the message rounds the
 * wait up to whole seconds), then 250 ms, so the next attempt comes within about 250 ms of the wait's
 * end: a few attempts per wait instead of one every 250 ms of it (an 8 s wait: 4 instead of 32).
 */
const sleepThroughWait = (answer: Answer) => sleep(Math.max(250, (waitSecondsOf(answer.body.msg) - 1) * 1000));

/** Repeats `attempt` while it is refused for a wait (429), sleeping through the wait it names, for at most 30 s. */
async function untilNotWaiting(attempt: () => Promise<Answer>): Promise<Answer> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await attempt();
    if (answer.status !== 429 || Date.now() > deadline) return answer;
    await sleepThroughWait(answer);
  }
}

// Concurrent: each test has its own account and client addresses (the admin's test alone uses the admin),
// and the throttle counts per (account, address) and per account, so no test sees another's attempts.
// The waits the throttle imposes (1 s, 2 s, 4 s, 8 s …) are real time, not CPU: one after another they
// held the file about 25 s; side by side they pass while the ceiling tests' 200 logins run.
describe.concurrent('login throttle over HTTP', () => {
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
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(
      freeFailures + Math.floor(Math.log2(elapsedMs / LOGIN_THROTTLE.firstWaitMs + 1)),
    );

    const owner = await login('127.0.0.3', account.userName, account.password);
    expect(owner.status).toBe(200);
    expect(owner.body.user.userName).toBe(account.userName);
  }, 150_000); // measured 28.3–49.9 s beside the file's other tests on loaded 2-core runs: bound 150 s

  it('guessing stays slow: during its wait an address is refused even the right password, and each further failure doubles the wait', async () => {
    const account = await registered();
    for (let i = 0; i < freeFailures; i++) expect((await login('127.0.0.4', account.userName, `guess-${i}`)).status).toBe(400);
    // The 7th failure starts a wait of 4 s: reached by the throttle's state, not by how fast this machine answers.
    await guessUntilWaitOfAtLeast(4_000, '127.0.0.4', account.userName);
    const during = await login('127.0.0.4', account.userName, account.password);
    expect(during.status).toBe(429);
    expect(waitSecondsOf(during.body.msg)).toBeLessThanOrEqual(4);

    // Once that wait is over the next wrong guess is counted again, and the wait it starts is twice as long.
    const counted = await untilNotWaiting(() => login('127.0.0.4', account.email, 'one-more-guess'));
    expect(counted.status).toBe(400);
    const doubled = await login('127.0.0.4', account.userName, account.password);
    expect(doubled.status).toBe(429);
    expect(waitSecondsOf(doubled.body.msg)).toBeGreaterThan(4);
    expect(waitSecondsOf(doubled.body.msg)).toBeLessThanOrEqual(8);
    expect(doubled.body.msg).toBe(tooManyLoginAttemptsMessage(waitSecondsOf(doubled.body.msg)));

    // After the wait the right password signs in.
    expect((await untilNotWaiting(() => login('127.0.0.4', account.userName, account.password))).status).toBe(200);
  }, 108_000); // measured 24.2–36.0 s beside the file's other tests on loaded 2-core runs: bound 108 s

  it('the address is the one the gateway saw: an X-Forwarded-For header does not make a new client', async () => {
    const account = await registered();
    for (let i = 0; i < freeFailures; i++) await login('127.0.0.5', account.userName, `guess-${i}`);
    await guessUntilWaitOfAtLeast(4_000, '127.0.0.5', account.userName);
    const spoofed = await login('127.0.0.5', account.userName, account.password, { 'x-forwarded-for': '203.0.113.9' });
    expect(spoofed.status).toBe(429);
  }, 66_000); // measured 11.9–22.6 s beside the file's other tests on loaded 2-core runs: bound 66 s

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
  }, 250_000); // measured 40.9–83.7 s beside the file's other tests on loaded 2-core runs: bound 250 s
});

/** A login from one loopback address (one client, as the edge sees it). */
const loginFrom = (address: string, body: Record<string, unknown>) => post(address, '/auth/login', body);

/** Wrong guesses spread over fresh loopback addresses, none of them waiting: enough to pass the account's ceiling. */
async function guessPastCeiling(userName: string, net: number): Promise<void> {
  const { accountCeiling } = LOGIN_THROTTLE;
  const addresses = Math.ceil(accountCeiling / freeFailures);
  // One after another: parallel attempts on one account contend for its counter (and may be told to wait a second).
  for (let a = 0; a < addresses; a++) {
    for (let g = 0; g < freeFailures; g++) expect((await loginFrom(loopbackAddress(net, a), { userName, password: `spread-${a}-${g}` })).status).toBe(400);
  }
}

describe.concurrent('login throttle past the per-account ceiling: never a hard lock', () => {
  it(`after ${LOGIN_THROTTLE.accountCeiling} failures from many addresses the right password still works from an address that signed in before, and from a known device`, async () => {
    const account = await registered();
    const known = loopbackAddress(50, 0);
    const first = await loginFrom(known, { userName: account.userName, password: account.password });
    expect(first.status).toBe(200);
    expect(first.body.deviceToken).toMatch(/^[\w-]{43}$/);
    await guessPastCeiling(account.userName, 100);

    const fromKnownAddress = await loginFrom(known, { userName: account.userName, password: account.password });
    expect(fromKnownAddress.status).toBe(200);
    expect(fromKnownAddress.body.user.userName).toBe(account.userName);
    // A new address, but the device that signed in before.
    const fromKnownDevice = await loginFrom(loopbackAddress(50, 1), {
      userName: account.userName,
      password: account.password,
      deviceToken: first.body.deviceToken,
    });
    expect(fromKnownDevice.status).toBe(200);
    // 100 logins one after another.
  }, 269_000); // measured 8.7–17.2 s on loaded 2-core runs one after another, 51.8–89.8 s beside the file's other tests: bound 269 s

  it('from an unknown address past the ceiling every attempt is asked for a code, which the right password e-mails to the owner; the code works once, a wrong one is refused', async () => {
    const account = await registered();
    await guessPastCeiling(account.userName, 101);
    const fresh = loopbackAddress(60, 0);
    // A wrong password gets the same answer as the right one (but mails nothing: login-guessing.test.ts).
    expect(await loginFrom(fresh, { userName: account.userName, password: 'still-guessing' })).toEqual({
      status: 403,
      body: { msg: LOGIN_MSG.codeSent, codeRequired: true },
    });

    const asked = await loginFrom(fresh, { userName: account.userName, password: account.password });
    expect(asked).toEqual({ status: 403, body: { msg: LOGIN_MSG.codeSent, codeRequired: true } });
    const mail = await cloud().waitForMail(account.email, { subject: /sign-in code/i });
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toBeDefined();

    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(await loginFrom(fresh, { userName: account.userName, password: account.password, code: wrongCode })).toEqual({
      status: 400,
      body: { msg: LOGIN_MSG.codeInvalid },
    });
    // The code alone is not enough: the password is still checked (and a wrong one is answered as a wrong code is).
    expect(await loginFrom(fresh, { userName: account.userName, password: 'not-it', code })).toEqual({ status: 400, body: { msg: LOGIN_MSG.codeInvalid } });
    const signedIn = await loginFrom(fresh, { userName: account.userName, password: account.password, code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.userName).toBe(account.userName);
    // Once: the same code again is refused from another unknown address.
    expect(await loginFrom(loopbackAddress(60, 1), { userName: account.userName, password: account.password, code })).toEqual({
      status: 400,
      body: { msg: LOGIN_MSG.codeInvalid },
    });
    // The address that passed the code is now known.
    expect((await loginFrom(fresh, { userName: account.userName, password: account.password })).status).toBe(200);
  }, 216_000); // measured 13.0–23.4 s on loaded 2-core runs one after another, 42.2–72.3 s beside the file's other tests: bound 216 s
});
