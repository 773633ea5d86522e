/**
 * An admin's mail to users: the request validates and queues one job; the
 * fan-out mails each user once, however often a page (or the whole job) is delivered.
 */
import type { SQSRecord } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { mailerHandler } from '../../../functions/handlers/mailer.js';
import { mailDeliveryId, sendMailOnce, type MailDeps } from '../../../functions/domain/notifications/mail-delivery.js';
import {
  fanOutMailing,
  MAILING_PAGE_SIZE,
  mailingEmail,
  queueMailing,
  recipientMailId,
  type MailingFanOutDeps,
  type QueueMailingDeps,
} from '../../../functions/domain/notifications/mailings.js';
import { silentLogger } from '../../../functions/domain/logger.js';
import type { MailClaim, MailDeliveryLog } from '../../../functions/domain/notifications/mail-port.js';
import { sendMailRequest, type SendMailRequest } from '../../../shared/api/send-mail.js';
import type { EmailRequested, MailingMessage, MailRecipient } from '../../../shared/events.js';
import { MSG, SEND_MAIL_MSG } from '../../../shared/messages.js';

vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

const form = {
  subject: 'New prices',
  message: 'Data is cheaper today.\n\nEnjoy.',
  url: 'https://example.com/prices',
  linkMessage: 'See the prices',
} satisfies SendMailRequest;
const parse = (body: unknown) => sendMailRequest.safeParse(body);
const firstMessage = (body: unknown) => {
  const result = parse(body);
  return result.success ? undefined : result.error.issues[0]?.message;
};

const users = (count: number): MailRecipient[] =>
  Array.from({ length: count }, (_, i) => ({ userId: `user-${String(i).padStart(4, '0')}`, userName: `user${i}`, email: `user${i}@example.com` }));

describe('the send-mail form (subject, message, url and linkMessage required; target optional)', () => {
  it('accepts the four fields, with or without a target user; a blank target means every user', () => {
    expect(parse(form).success).toBe(true);
    expect(parse({ ...form, userAccount: '  ' }).data?.userAccount).toBeUndefined();
    expect(parse({ ...form, userAccount: null }).data?.userAccount).toBeUndefined();
    expect(parse({ ...form, userAccount: ' ada ' }).data?.userAccount).toBe('ada');
  });

  it.each(['subject', 'message', 'url', 'linkMessage'] as const)('refuses a missing or blank %s with "All fields are required"', (field) => {
    const { [field]: _left, ...without } = form;
    expect(firstMessage(without)).toBe(MSG.allFieldsRequired);
    expect(firstMessage({ ...form, [field]: '   ' })).toBe(MSG.allFieldsRequired);
  });

  it('refuses a link that is not http(s), so no mailbox gets a javascript: link', () => {
    expect(firstMessage({ ...form, url: 'javascript:alert(1)' })).toBe(SEND_MAIL_MSG.invalidUrl);
    expect(firstMessage({ ...form, url: 'not a link' })).toBe(SEND_MAIL_MSG.invalidUrl);
  });

  it('refuses a target longer than any user name', () => {
    expect(firstMessage({ ...form, userAccount: 'x'.repeat(31) })).toBe(MSG.userNotFound);
  });
});

function requestHarness(directory: MailRecipient[], userCount = directory.length) {
  const queued: MailingMessage[] = [];
  let ids = 0;
  const deps: QueueMailingDeps = {
    findRecipient: async (userName) => directory.find((user) => user.userName === userName.toLowerCase()),
    countUsers: async () => userCount,
    enqueueMailing: async (job) => void queued.push(job),
    newMailingId: () => `mailing-${++ids}`,
  };
  return { deps, queued };
}

const input = (body: SendMailRequest) => sendMailRequest.parse(body);

describe('queueing a mailing (the request mails nobody)', () => {
  it('validates the named user first: an unknown user queues nothing', async () => {
    const { deps, queued } = requestHarness(users(3));
    expect(await queueMailing(input({ ...form, userAccount: 'nobody' }), 'admin-id', deps)).toEqual({ kind: 'user_not_found' });
    expect(queued).toEqual([]);
  });

  it('refuses a named user without an address the mailer takes (a job that could never be sent), queueing nothing', async () => {
    const { deps, queued } = requestHarness([{ userId: 'u-demo', userName: 'demo', email: 'demo@localhost' }]);
    expect(await queueMailing(input({ ...form, userAccount: 'demo' }), 'admin-id', deps)).toEqual({ kind: 'no_mail_address' });
    expect(queued).toEqual([]);
  });

  it('to one user: one job naming the recipient, one mail queued', async () => {
    const directory = users(3);
    const { deps, queued } = requestHarness(directory);
    const result = await queueMailing(input({ ...form, userAccount: 'user1' }), 'admin-id', deps);
    expect(result).toEqual({ kind: 'mailing_queued', mailingId: 'mailing-1', queued: 1 });
    expect(queued).toEqual([{ mailingId: 'mailing-1', content: form, audience: { kind: 'user', recipient: directory[1] } }]);
  });

  it('to everyone: ONE job whatever the number of users, and the answer counts them', async () => {
    const { deps, queued } = requestHarness([], 5000);
    const result = await queueMailing(input(form), 'admin-id', deps);
    expect(result).toEqual({ kind: 'mailing_queued', mailingId: 'mailing-1', queued: 5000 });
    expect(queued).toEqual([{ mailingId: 'mailing-1', content: form, audience: { kind: 'all' } }]);
  });

  it('a retried request (same admin, request_id and content) names the same mailing; other content or another admin does not', async () => {
    const { deps, queued } = requestHarness(users(1));
    const body = { ...form, request_id: 'mail-retry-0001' };
    await queueMailing(input(body), 'admin-id', deps);
    await queueMailing(input(body), 'admin-id', deps);
    await queueMailing(input({ ...body, subject: 'Other news' }), 'admin-id', deps);
    await queueMailing(input(body), 'other-admin', deps);
    const [first, retry, other, otherAdmin] = queued.map((job) => job.mailingId);
    expect(retry).toBe(first);
    expect(new Set([first, other, otherAdmin]).size).toBe(3);
    // Without a request_id, every request is its own mailing.
    await queueMailing(input(form), 'admin-id', deps);
    await queueMailing(input(form), 'admin-id', deps);
    expect(queued.slice(-2).map((job) => job.mailingId)).toEqual(['mailing-1', 'mailing-2']);
  });
});

/** The delivery log's rule (one send per delivery id), in memory. */
class FakeDeliveryLog implements MailDeliveryLog {
  readonly sent = new Set<string>();
  async claim(deliveryId: string): Promise<MailClaim> {
    return this.sent.has(deliveryId) ? 'sent' : 'claimed';
  }
  async markSent(deliveryId: string) {
    this.sent.add(deliveryId);
  }
  async release() {}
}

/** A user directory paged by keyset, a queue of jobs, and the mailer behind the bus. */
function fanOutHarness(directory: MailRecipient[]) {
  const jobs: MailingMessage[] = [];
  const requested: EmailRequested[] = [];
  const inbox: EmailRequested[] = [];
  const mailDeps: MailDeps = {
    deliveries: new FakeDeliveryLog(),
    sender: { send: async (email) => (inbox.push(email), {}) },
    newClaimId: () => 'claim',
    now: () => new Date('2026-01-01T00:00:00Z'),
    log: silentLogger,
  };
  const deps: MailingFanOutDeps = {
    async recipientsPage(cursor, limit) {
      const start = cursor ? directory.findIndex((user) => user.userId === cursor) + 1 : 0;
      const recipients = directory.slice(start, start + limit);
      return { recipients, ...(start + limit < directory.length ? { next: recipients[recipients.length - 1]!.userId } : {}) };
    },
    requestEmails: async (emails) => void requested.push(...emails),
    enqueueMailing: async (job) => void jobs.push(job),
  };
  /** Runs every queued job (and the jobs they queue); each mail requested goes through the mailer. */
  const drain = async () => {
    while (jobs.length > 0) await fanOutMailing(jobs.shift()!, deps);
    while (requested.length > 0) {
      const email = requested.shift()!;
      await sendMailOnce({ mailId: email.mailId!, email }, mailDeps);
    }
  };
  return { deps, jobs, requested, inbox, drain };
}

const everyone = (mailingId = 'mailing-1'): MailingMessage => ({ mailingId, content: form, audience: { kind: 'all' } });
const countBy = (mails: EmailRequested[]) => mails.reduce((counts, mail) => counts.set(mail.to, (counts.get(mail.to) ?? 0) + 1), new Map<string, number>());

describe('fanning a mailing out', () => {
  it(`mails every user once, ${MAILING_PAGE_SIZE} users a job message, each page queueing the next`, async () => {
    const directory = users(MAILING_PAGE_SIZE * 2 + 7);
    const { deps, jobs, requested } = fanOutHarness(directory);
    const first = await fanOutMailing(everyone(), deps);
    expect(first).toEqual({ requested: MAILING_PAGE_SIZE, continuedAt: directory[MAILING_PAGE_SIZE - 1]!.userId });
    expect(jobs).toEqual([{ ...everyone(), cursor: directory[MAILING_PAGE_SIZE - 1]!.userId }]);
    const second = await fanOutMailing(jobs.shift()!, deps);
    const last = await fanOutMailing(jobs.shift()!, deps);
    expect([second.requested, last]).toEqual([MAILING_PAGE_SIZE, { requested: 7 }]);
    expect(jobs).toEqual([]);
    expect(requested.map((mail) => mail.to).sort()).toEqual(directory.map((user) => user.email).sort());
  });

  it('a redelivered page, and the whole job delivered twice, still mail each user exactly once', async () => {
    const directory = users(MAILING_PAGE_SIZE * 3);
    const { deps, jobs, inbox, drain } = fanOutHarness(directory);
    jobs.push(everyone());
    // The first page's message comes back (its consumer timed out after queueing the next page) …
    await fanOutMailing(jobs[0]!, deps);
    // … and the request's job is delivered twice by SQS.
    jobs.push(everyone());
    await drain();
    expect(inbox).toHaveLength(directory.length);
    expect([...countBy(inbox).values()].every((count) => count === 1)).toBe(true);
  });

  it('another mailing to the same users is another mail', async () => {
    const directory = users(3);
    const { jobs, inbox, drain } = fanOutHarness(directory);
    jobs.push(everyone('mailing-1'), everyone('mailing-2'));
    await drain();
    expect([...countBy(inbox).values()]).toEqual([2, 2, 2]);
  });

  it('a job for one user mails only that user, without reading the user list', async () => {
    const directory = users(3);
    const { deps, requested } = fanOutHarness(directory);
    deps.recipientsPage = () => Promise.reject(new Error('the list must not be read'));
    expect(await fanOutMailing({ mailingId: 'm', content: form, audience: { kind: 'user', recipient: directory[2]! } }, deps)).toEqual({ requested: 1 });
    expect(requested.map((mail) => mail.to)).toEqual([directory[2]!.email]);
  });

  it('skips a user without an address the mailer takes, so one bad address never holds the page back', async () => {
    const directory = [...users(2), { userId: 'u-demo', userName: 'demo', email: 'demo@localhost' }];
    const { deps, requested } = fanOutHarness(directory);
    expect(await fanOutMailing(everyone(), deps)).toEqual({ requested: 2, skipped: 1 });
    expect(requested.map((mail) => mail.to)).toEqual([directory[0]!.email, directory[1]!.email]);
  });

  it('an empty user list mails nobody and queues nothing', async () => {
    const { deps, jobs, requested } = fanOutHarness([]);
    expect(await fanOutMailing(everyone(), deps)).toEqual({ requested: 0 });
    expect([jobs, requested]).toEqual([[], []]);
  });

  it('a failed publish fails the page (to be redelivered) before the next page is queued', async () => {
    const { deps, jobs } = fanOutHarness(users(MAILING_PAGE_SIZE + 1));
    deps.requestEmails = () => Promise.reject(new Error('PutEvents refused'));
    await expect(fanOutMailing(everyone(), deps)).rejects.toThrow('PutEvents refused');
    expect(jobs).toEqual([]);
  });
});

describe('the mail a user receives', () => {
  const recipient = { userId: 'u-1', userName: 'ada<b>', email: 'ada@example.com' };
  const job = { mailingId: 'm-1', content: { ...form, message: '<script>x</script>\nline two' } };

  it('greets the user, carries the message and the link under its text; HTML is escaped', () => {
    const mail = mailingEmail(job, recipient);
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: form.subject, mailId: recipientMailId('m-1', 'u-1') });
    expect(mail.text).toBe(`Hello ada<b>,\n\n<script>x</script>\nline two\n\nSee the prices: https://example.com/prices\n`);
    expect(mail.html).toContain('<p>Hello ada&lt;b&gt;,</p><p>&lt;script&gt;x&lt;/script&gt;<br>line two</p>');
    expect(mail.html).toContain('<a href="https://example.com/prices">See the prices</a>');
  });

  it('is named by (mailing, user): the same on every delivery, another for another mailing or user', () => {
    expect(mailingEmail(job, recipient).mailId).toBe(mailingEmail(job, recipient).mailId);
    expect(recipientMailId('m-1', 'u-1')).not.toBe(recipientMailId('m-2', 'u-1'));
    expect(recipientMailId('m-1', 'u-1')).not.toBe(recipientMailId('m-1', 'u-2'));
  });
});

describe('the mailer and named mails', () => {
  const record = (eventId: string, detail: EmailRequested): SQSRecord =>
    ({
      messageId: `message-${eventId}`,
      body: JSON.stringify({ version: '0', id: eventId, 'detail-type': 'EmailRequested', source: 'vtu.platform', time: '2026-01-01T00:00:00Z', detail }),
      attributes: { ApproximateReceiveCount: '1' },
    }) as unknown as SQSRecord;

  it('sends a mail the fan-out published twice (two events, one mail id) once; an unnamed mail is named by its event', async () => {
    const deliveries = new FakeDeliveryLog();
    const sent: EmailRequested[] = [];
    const handler = mailerHandler({
      deliveries,
      sender: { send: async (email) => (sent.push(email), {}) },
      newClaimId: () => 'c',
      now: () => new Date(),
      log: silentLogger,
    });
    const mail = mailingEmail({ mailingId: 'm-1', content: form }, { userId: 'u-1', userName: 'ada', email: 'ada@example.com' });
    await handler({ Records: [record('event-1', mail)] });
    await handler({ Records: [record('event-2', mail)] });
    expect(sent).toHaveLength(1);
    expect(deliveries.sent.has(mailDeliveryId(mail.mailId!, mail.to))).toBe(true);
    const { mailId: _unnamed, ...plain } = mail;
    await handler({ Records: [record('event-3', plain)] });
    expect(deliveries.sent.has(mailDeliveryId('event-3', mail.to))).toBe(true);
  });
});
