/**
 * An admin's mail on the local cloud (POST /admin/sendMail): admins only;
 * the four fields required; a named user validated first; blank means every user, fanned out
 * through the mailing queue (a page of users per message) to the mailer, whose mails land in the
 * local mail viewer. A job delivered twice — here the request retried with its request_id, which
 * gives the consumer the very same job, as an SQS redelivery does — mails each user once.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/adapters/dynamo/keys.js';
import { MAILING_PAGE_SIZE } from '../../functions/domain/notifications/mailings.js';
import { DEMO_AGENT, DEMO_USER } from '../../functions/local-seed.js';
import { MSG, SEND_MAIL_MSG, mailsQueuedMessage } from '../../shared/messages.js';
import type { CapturedMail } from '../support/local-cloud.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';
import { waitForQueuesToEmpty } from '../support/queues.js';

// A short visibility timeout: a mail whose claim another delivery held is retried within seconds.
const cloud = useLocalCloud({ env: { LOCAL_SQS_VISIBILITY_TIMEOUT_SECONDS: '2' } });
const { api, admin, fundedUser } = platformClient(cloud, 'mailed');

const AGENT = { userName: 'agent', password: 'agent-password-1' };
const form = (subject: string) => ({ subject, message: 'Data is cheaper today.', url: 'https://example.com/prices', linkMessage: 'See the prices' });
const sendMail = async (body: unknown, token?: string) => api('POST', '/admin/sendMail', { body, ...(token ? { token } : {}) });
const mailsWith = async (subject: string): Promise<CapturedMail[]> => (await cloud().readMail()).filter((mail) => mail.subject === subject);
const emailOf = (userName: string) => `${userName}@example.com`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The positive signal before "nothing (more) was mailed": a later mail to `to`, sent through the same
 * queues, has arrived, and the mailing and e-mail queues then hold nothing (a retried delivery is
 * still a live message until it is handled), so anything sent before has been mailed or never will be.
 */
async function afterALaterMailAndEmptyQueues(to: { userName: string }): Promise<void> {
  const marker = `Marker ${Date.now()}`;
  expect((await sendMail({ ...form(marker), userAccount: to.userName }, await admin())).status).toBe(200);
  await cloud().waitForMail(emailOf(to.userName), { subject: marker });
  await mailQueuesEmpty();
}
const mailQueuesEmpty = () => waitForQueuesToEmpty(cloud(), ['Mailing', 'Email']);

/**
 * A user whose stored address the mailer does not take, as the seed once gave `demo@localhost`.
 * Registration refuses such an address, so the test writes it into the profile directly.
 */
let documentClient: DynamoDBDocumentClient | undefined;
afterAll(() => documentClient?.destroy());
async function userWithoutMailAddress(): Promise<string> {
  const user = await fundedUser(0);
  const userId = (await api('GET', '/auth', { token: user.token })).body.user._id as string;
  const { dynamoEndpoint: endpoint, tableName } = cloud();
  if (!endpoint || !tableName) throw new Error('the local cloud did not print its DynamoDB endpoint and table');
  documentClient ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.userProfile(userId),
      UpdateExpression: 'SET email = :e',
      ExpressionAttributeValues: { ':e': `${user.userName}@localhost` },
    }),
  );
  return user.userName;
}

describe('POST /admin/sendMail: who may send', () => {
  it('rejection: a user and an agent get 403, nobody signed in 401, and nothing is mailed', async () => {
    const user = await fundedUser(0);
    const agent = await api('POST', '/auth/login', { body: AGENT });
    const subject = `Refused ${Date.now()}`;
    expect(await sendMail(form(subject), user.token)).toEqual({ status: 403, body: { msg: MSG.forbidden } });
    expect(await sendMail(form(subject), agent.body.token)).toEqual({ status: 403, body: { msg: MSG.forbidden } });
    expect((await sendMail(form(subject))).status).toBe(401);
    await afterALaterMailAndEmptyQueues(user);
    expect(await mailsWith(subject)).toEqual([]);
  });
});

describe('POST /admin/sendMail: what it takes', () => {
  it('rejection: a missing field is 400 "All fields are required"; a non-web link 400; an unknown user 404 and one without a usable address 422, before anything is queued', async () => {
    const token = await admin();
    const subject = `Invalid ${Date.now()}`;
    for (const field of ['subject', 'message', 'url', 'linkMessage'] as const) {
      const { [field]: _missing, ...body } = form(subject);
      expect(await sendMail(body, token), field).toEqual({ status: 400, body: { msg: MSG.allFieldsRequired } });
    }
    expect(await sendMail({ ...form(subject), url: 'javascript:alert(1)' }, token)).toEqual({ status: 400, body: { msg: SEND_MAIL_MSG.invalidUrl } });
    expect(await sendMail({ ...form(subject), userAccount: 'nobody_by_this_name' }, token)).toEqual({ status: 404, body: { msg: MSG.userNotFound } });
    expect(await sendMail({ ...form(subject), userAccount: await userWithoutMailAddress() }, token)).toEqual({
      status: 422,
      body: { msg: SEND_MAIL_MSG.noMailAddress },
    });
    await afterALaterMailAndEmptyQueues(await fundedUser(0));
    expect(await mailsWith(subject)).toEqual([]);
  });

  it('to one user: "1 mail queued", and only that user finds it in the mail viewer, with the message and the link', async () => {
    const [target, bystander] = [await fundedUser(0), await fundedUser(0)];
    const subject = `For one ${Date.now()}`;
    const answer = await sendMail({ ...form(subject), userAccount: target.userName }, await admin());
    expect(answer).toEqual({ status: 200, body: { msg: mailsQueuedMessage(1), queued: 1, mailingId: expect.any(String) } });
    const mail = await cloud().waitForMail(emailOf(target.userName), { subject });
    expect(mail.text).toContain(`Hello ${target.userName},`);
    expect(mail.text).toContain('Data is cheaper today.');
    expect(mail.text).toContain('See the prices: https://example.com/prices');
    expect(mail.html).toContain('<a href="https://example.com/prices">See the prices</a>');
    await afterALaterMailAndEmptyQueues(bystander);
    expect((await mailsWith(subject)).map((m) => m.to)).toEqual([emailOf(target.userName)]);
    expect((await mailsWith(subject)).map((m) => m.to)).not.toContain(emailOf(bystander.userName));
  });
});

describe('POST /admin/sendMail to every user', () => {
  it('answers at once with the number of users; the job delivered twice, over several pages, mails each user exactly once', async () => {
    // More users than one page holds, so the walk continues through a second job message.
    const registered: string[] = [];
    for (let i = 0; i < MAILING_PAGE_SIZE + 5; i++) registered.push(emailOf((await fundedUser(0)).userName));
    const token = await admin();
    const subject = `For all ${Date.now()}`;
    const body = { ...form(subject), userAccount: '', request_id: `mail-all-${Date.now()}` };
    // The request retried with its request_id: the consumer receives the same job twice, at once.
    const [first, again] = await Promise.all([sendMail(body, token), sendMail(body, token)]);
    expect(first.status).toBe(200);
    const queued = first.body.queued as number;
    expect(first.body.msg).toBe(mailsQueuedMessage(queued));
    expect(queued).toBeGreaterThan(MAILING_PAGE_SIZE);
    expect(again.body).toEqual(first.body);

    // Every user gets it, the seeded admin, demo user and agent included, but one whose address the mailer does not take.
    const mailable = [...registered, 'admin@example.com', DEMO_USER.email, DEMO_AGENT.email];
    const deadline = Date.now() + 40_000;
    for (;;) {
      const arrived = new Set((await mailsWith(subject)).map((mail) => mail.to));
      if (mailable.every((to) => arrived.has(to)) || Date.now() > deadline) break;
      await sleep(250);
    }
    // Every second delivery (a claim held by the other walk, retried after the visibility timeout; the
    // second walk's pages) is a live message until it is handled: once both queues are empty, none is left to come.
    await mailQueuesEmpty();
    const perRecipient = new Map<string, number>();
    for (const mail of await mailsWith(subject)) perRecipient.set(mail.to, (perRecipient.get(mail.to) ?? 0) + 1);
    expect(mailable.filter((to) => perRecipient.get(to) !== 1)).toEqual([]);
    expect([...perRecipient.entries()].filter(([, count]) => count !== 1)).toEqual([]);
    expect(perRecipient.size).toBeLessThanOrEqual(queued);
  }, 95_000); // measured 19.9–31.8 s on loaded 2-core runs: bound 95 s (3 × the slowest)
});
