/**
 * Each e-mail goes out once per (mail, recipient), although its message may arrive more than once:
 * SQS redelivers what a failed or timed-out invocation left, EventBridge may deliver an event twice,
 * and SES takes no idempotency key. So a delivery first claims the mail in the delivery log (a
 * conditional write with a lease), sends, then marks it sent; a later delivery finds it sent and
 * sends nothing. Left open: a crash between SES's acceptance and the mark, after which the
 * redelivery (once the lease ran out) sends again — at least once, never lost.
 */
import { createHash } from 'node:crypto';
import type { EmailRequested } from '../../../shared/events.js';
import type { MailDeliveryLog, MailSender } from './mail-port.js';
import type { Logger } from '../logger.js';

/**
 * How long a claim keeps other deliveries off: longer than the mailer's 30 s timeout, so a live
 * attempt is never doubled; shorter than the e-mail queue's 180 s visibility timeout, so the
 * redelivery after a crash finds the claim expired.
 */
export const MAIL_CLAIM_LEASE_MS = 120_000;

export interface MailDeps {
  deliveries: MailDeliveryLog;
  sender: MailSender;
  newClaimId(): string;
  now(): Date;
  log: Logger;
}

export type MailOutcome = 'sent' | 'already_sent';

/** Another delivery of the same mail is sending it now: retried later, this one finds it sent (or the claim expired). */
export class MailBeingSentError extends Error {
  constructor(readonly deliveryId: string) {
    super(`mail delivery ${deliveryId} is claimed by another delivery`);
    this.name = 'MailBeingSentError';
  }
}

/** The delivery id of one mail to one recipient; the address is hashed, so it is not spelled out in a key. */
export function mailDeliveryId(mailId: string, recipient: string): string {
  return createHash('sha256').update(`${mailId}\n${recipient.trim().toLowerCase()}`).digest('base64url');
}

export async function sendMailOnce(mail: { mailId: string; email: EmailRequested }, deps: MailDeps): Promise<MailOutcome> {
  const deliveryId = mailDeliveryId(mail.mailId, mail.email.to);
  const claimId = deps.newClaimId();
  const now = deps.now();
  const claim = await deps.deliveries.claim(deliveryId, { claimId, now, leaseUntil: new Date(now.getTime() + MAIL_CLAIM_LEASE_MS) });
  if (claim === 'sent') return 'already_sent';
  if (claim === 'sending') throw new MailBeingSentError(deliveryId);
  let sent: { providerMessageId?: string };
  try {
    sent = await deps.sender.send(mail.email);
  } catch (error) {
    await deps.deliveries
      .release(deliveryId, claimId)
      .catch((releaseError: unknown) =>
        deps.log.warn('mail claim not released; the next delivery waits for its lease', { deliveryId, error: String(releaseError) }),
      );
    throw error;
  }
  try {
    await deps.deliveries.markSent(deliveryId, { providerMessageId: sent.providerMessageId, now: deps.now() });
  } catch (error) {
    // The e-mail is out: failing the message now is what would send it twice. The claim's lease
    // keeps any other delivery off meanwhile.
    deps.log.error('e-mail sent but not marked sent', { deliveryId, error: String(error) });
  }
  return 'sent';
}
