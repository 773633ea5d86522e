/**
 * Password guessing against the login over HTTP on the local cloud, from the guesser's side.
 *
 * Past the per-account ceiling a client the account does not know gets one answer whether its
 * password was right or wrong, so the answer tells it nothing about the password; the e-mailed
 * code goes to the owner only when the password was right.
 *
 * The client's address is the one the edge saw on the socket: the local edge, like CloudFront,
 * drops a CloudFront-Viewer-Address the client sent and sets its own, so claiming addresses in it
 * neither escapes the per-address waits nor borrows an address the owner signed in from.
 */
import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../functions/domain/accounts/login-throttle.js';
import { LOGIN_MSG } from '../../shared/messages.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { loopbackAddress, requestFrom, type Answer } from '../support/loopback.js';
import { waitForQueuesToEmpty } from '../support/queues.js';

const cloud = useLocalCloud();
const { freeFailures, accountCeiling } = LOGIN_THROTTLE;
const VIEWER_ADDRESS = 'cloudfront-viewer-address';

let unique = 0;
async function registered() {
  unique += 1;
  const id = `${Date.now().toString(36)}${unique}`;
  const account = {
    userName: `Guess_${id}`,
    email: `guess_${id}@example.com`,
    phoneNumber: '08012345678',
    password: 'owner-password',
    passwordCheck: 'owner-password',
  };
  expect((await requestFrom(cloud().baseUrl, '127.0.0.1', 'POST', '/api/v1/auth/register', { body: account })).status).toBe(201);
  return account;
}

const login = (from: string, body: Record<string, unknown>, headers?: Record<string, string>): Promise<Answer> =>
  requestFrom(cloud().baseUrl, from, 'POST', '/api/v1/auth/login', { body, headers });

/** Wrong guesses from fresh loopback addresses (none of them waiting): enough to pass the account's ceiling. */
async function guessPastCeiling(userName: string, net: number): Promise<void> {
  for (let a = 0; a < Math.ceil(accountCeiling / freeFailures); a++) {
    for (let g = 0; g < freeFailures; g++) expect((await login(loopbackAddress(net, a), { userName, password: `spread-${a}-${g}` })).status).toBe(400);
  }
}

const signInCodeMails = async (to: string) => (await cloud().readMail()).filter((mail) => mail.to === to && /sign-in code/i.test(mail.subject));

describe('past the per-account ceiling: one answer for a right and a wrong password', () => {
  it('an unknown client gets the same status and body for a wrong and for the right password; only the right one mails the owner a code, and with it the owner signs in', async () => {
    const account = await registered();
    await guessPastCeiling(account.userName, 31);
    const from = loopbackAddress(32, 0);

    const wrong = await login(from, { userName: account.userName, password: 'a-wrong-guess' });
    const right = await login(from, { userName: account.userName, password: account.password });
    expect(wrong).toEqual(right);
    expect(right.status).toBe(403);
    expect(right.body.codeRequired).toBe(true);

    // The code goes to the owner's mailbox, once: for the right password, not for the wrong one.
    const mail = await cloud().waitForMail(account.email, { subject: /sign-in code/i });
    // A sign-in asks for its mail on the bus before it answers, and the rule puts it on the e-mail
    // queue: once that queue is empty, a mail for the wrong password would have arrived too.
    await waitForQueuesToEmpty(cloud(), ['Email']);
    expect(await signInCodeMails(account.email)).toHaveLength(1);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;

    // With a code too, a wrong password and a wrong code are answered alike; the wrong password spends nothing of the code.
    const wrongPassword = await login(from, { userName: account.userName, password: 'a-wrong-guess', code });
    const wrongCode = await login(from, { userName: account.userName, password: account.password, code: code === '000000' ? '111111' : '000000' });
    expect(wrongPassword).toEqual(wrongCode);
    expect(wrongCode).toEqual({ status: 400, body: { msg: LOGIN_MSG.codeInvalid } });

    const signedIn = await login(from, { userName: account.userName, password: account.password, code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.userName).toBe(account.userName);
  }, 95_000); // measured 31.7 s on a loaded 2-core run: bound 95 s
});

describe('the client address is the socket the edge saw, whatever CloudFront-Viewer-Address the client sends', () => {
  it('a guesser rotating CloudFront-Viewer-Address over 110 guesses from one socket still meets the per-address waits', async () => {
    const account = await registered();
    const from = loopbackAddress(33, 0);
    const statuses: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 110; i++) {
      const claimed = `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}:443`;
      statuses.push((await login(from, { userName: account.userName, password: `rotating-${i}` }, { [VIEWER_ADDRESS]: claimed })).status);
    }
    const elapsedMs = Date.now() - started;
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    // One client's waits (1 s, 2 s, 4 s …): m counted guesses past the free ones take at least 2^m − 1 s.
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(
      freeFailures + Math.floor(Math.log2(elapsedMs / LOGIN_THROTTLE.firstWaitMs + 1)),
    );
    expect(statuses).toContain(429);
  }, 45_000); // measured 15.5 s on a loaded 2-core run: bound 45 s

  it('past the ceiling, claiming an address the owner signed in from does not skip the e-mailed code; the owner from that address still signs in', async () => {
    const account = await registered();
    const owners = loopbackAddress(34, 0);
    expect((await login(owners, { userName: account.userName, password: account.password })).status).toBe(200);
    await guessPastCeiling(account.userName, 35);

    const claimed = await login(loopbackAddress(34, 1), { userName: account.userName, password: account.password }, { [VIEWER_ADDRESS]: `${owners}:1` });
    expect(claimed.status).toBe(403);
    expect(claimed.body.codeRequired).toBe(true);
    expect((await login(owners, { userName: account.userName, password: account.password })).status).toBe(200);
  }, 120_000); // measured 41.5 s on a loaded 2-core run: bound 120 s
});
