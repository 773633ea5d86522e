/**
 * An admin's mail to one user or to every user. The request mails nobody:
 * it checks the named user, names the mailing and queues ONE job, so it answers at once however
 * many users there are. The job's consumer walks the users a page at a time (keyset, never an
 * offset) and asks the mailer for one mail per user, each named by (mailing, user). A page
 * delivered twice, or a retried request with the same request_id, asks for the same mails again
 * and the mailer sends each (mail, recipient) once (mail-delivery.ts).
 */
import { createHash } from 'node:crypto';
import type { SendMailInput } from '../../../shared/api/send-mail.js';
import { emailRequestedSchema, type EmailRequested, type MailingMessage, type MailRecipient } from '../../../shared/events.js';
import { escapeHtml } from '../accounts/accounts.js';

/** Users per job message: one page's mails go on the bus in ten PutEvents calls at most, well within the consumer's timeout. */
export const MAILING_PAGE_SIZE = 50;

export type MailingContent = MailingMessage['content'];

export interface QueueMailingDeps {
  findRecipient(userName: string): Promise<MailRecipient | undefined>;
  countUsers(): Promise<number>;
  enqueueMailing(job: MailingMessage): Promise<void>;
  newMailingId(): string;
}

export type QueueMailingResult = { kind: 'mailing_queued'; mailingId: string; queued: number } | { kind: 'user_not_found' } | { kind: 'no_mail_address' };

/** Whether the mailer takes this address (an account stored with `demo@localhost`, as the local seed once made, has none it takes). */
export function isDeliverable(recipient: MailRecipient): boolean {
  return emailRequestedSchema.shape.to.safeParse(recipient.email).success;
}

/**
 * A retried request (same admin, request_id and content) names the same mailing, so it mails
 * nobody twice; the same key with other content is another mail, not a duplicate to drop.
 */
export function mailingIdOf(input: SendMailInput, by: string, newId: () => string): string {
  if (!input.request_id) return newId();
  const key = [by, input.request_id, input.userAccount ?? '', input.subject, input.message, input.url, input.linkMessage];
  return createHash('sha256').update(JSON.stringify(key)).digest('base64url');
}

export async function queueMailing(input: SendMailInput, by: string, deps: QueueMailingDeps): Promise<QueueMailingResult> {
  const content: MailingContent = { subject: input.subject, message: input.message, url: input.url, linkMessage: input.linkMessage };
  if (input.userAccount) {
    // Validated first: an unknown user queues nothing.
    const recipient = await deps.findRecipient(input.userAccount);
    if (!recipient) return { kind: 'user_not_found' };
    if (!isDeliverable(recipient)) return { kind: 'no_mail_address' };
    const mailingId = mailingIdOf(input, by, deps.newMailingId);
    await deps.enqueueMailing({ mailingId, content, audience: { kind: 'user', recipient } });
    return { kind: 'mailing_queued', mailingId, queued: 1 };
  }
  const mailingId = mailingIdOf(input, by, deps.newMailingId);
  const queued = await deps.countUsers();
  await deps.enqueueMailing({ mailingId, content, audience: { kind: 'all' } });
  return { kind: 'mailing_queued', mailingId, queued };
}

export interface MailingFanOutDeps {
  /** Up to `limit` users after `cursor` (keyset), and the cursor of the next page when there may be one. */
  recipientsPage(cursor: string | undefined, limit: number): Promise<{ recipients: MailRecipient[]; next?: string }>;
  /** Puts EmailRequested on the bus for each mail; throws unless every one was accepted. */
  requestEmails(emails: EmailRequested[]): Promise<void>;
  enqueueMailing(job: MailingMessage): Promise<void>;
}

export interface FanOutOutcome {
  requested: number;
  /** Users of the page without an address the mailer takes: skipped, so they cannot hold the page back for ever. */
  skipped?: number;
  /** The cursor the next page's job starts at, when one was queued. */
  continuedAt?: string;
}

/**
 * Mails one page of the job's users, then queues the next page. Mails first: a failure before the
 * next page is queued retries this page, whose mails the mailer already knows. A page delivered
 * again after its next page was queued starts a second walk from there: more work, no second mail.
 */
export async function fanOutMailing(job: MailingMessage, deps: MailingFanOutDeps): Promise<FanOutOutcome> {
  if (job.audience.kind === 'user') {
    await deps.requestEmails([mailingEmail(job, job.audience.recipient)]);
    return { requested: 1 };
  }
  const page = await deps.recipientsPage(job.cursor, MAILING_PAGE_SIZE);
  const deliverable = page.recipients.filter(isDeliverable);
  const skipped = page.recipients.length - deliverable.length;
  const counts = { requested: deliverable.length, ...(skipped > 0 ? { skipped } : {}) };
  if (deliverable.length > 0) await deps.requestEmails(deliverable.map((recipient) => mailingEmail(job, recipient)));
  if (!page.next) return counts;
  await deps.enqueueMailing({ ...job, cursor: page.next });
  return { ...counts, continuedAt: page.next };
}

/** The mail's id for one recipient: the same on every delivery of the job, whichever page carried it. */
export function recipientMailId(mailingId: string, userId: string): string {
  return `mailing:${mailingId}:${userId}`;
}

/** What the original's "general message" said: a greeting, the message, and the link under its text. */
export function mailingEmail(job: Pick<MailingMessage, 'mailingId' | 'content'>, recipient: MailRecipient): EmailRequested {
  const { subject, message, url, linkMessage } = job.content;
  const text = `Hello ${recipient.userName},\n\n${message}\n\n${linkMessage}: ${url}\n`;
  const paragraphs = message
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const html = `<p>Hello ${escapeHtml(recipient.userName)},</p>${paragraphs}<p><a href="${escapeHtml(url)}">${escapeHtml(linkMessage)}</a></p>`;
  return { to: recipient.email, subject, text, html, mailId: recipientMailId(job.mailingId, recipient.userId) };
}
