import { describe, expect, it } from 'vitest';
import { sendEmailCommand } from '../../../functions/adapters/ses.js';
import { MAIL_CLAIM_LEASE_MS, MailBeingSentError, mailDeliveryId, sendMailOnce, type MailDeps } from '../../../functions/domain/notifications/mail-delivery.js';
import { silentLogger } from '../../../functions/domain/logger.js';
import type { MailClaim, MailDeliveryLog, MailSender } from '../../../functions/domain/notifications/mail-port.js';
import type { EmailRequested } from '../../../shared/events.js';

/** The delivery log's rules, in memory. */
class FakeDeliveryLog implements MailDeliveryLog {
  readonly entries = new Map<string, { status: 'sending' | 'sent'; claimId: string; leaseUntil: number }>();
  failMarks = false;
  async claim(deliveryId: string, claim: { claimId: string; leaseUntil: Date; now: Date }): Promise<MailClaim> {
    const entry = this.entries.get(deliveryId);
    if (entry?.status === 'sent') return 'sent';
    if (entry && entry.leaseUntil > claim.now.getTime()) return 'sending';
    this.entries.set(deliveryId, { status: 'sending', claimId: claim.claimId, leaseUntil: claim.leaseUntil.getTime() });
    return 'claimed';
  }
  async markSent(deliveryId: string) {
    if (this.failMarks) throw new Error('DynamoDB unavailable');
    this.entries.get(deliveryId)!.status = 'sent';
  }
  async release(deliveryId: string, claimId: string) {
    const entry = this.entries.get(deliveryId);
    if (entry?.status === 'sending' && entry.claimId === claimId) entry.leaseUntil = 0;
  }
}

class FakeSender implements MailSender {
  readonly sent: EmailRequested[] = [];
  refuse = false;
  async send(email: EmailRequested) {
    if (this.refuse) throw new Error('MessageRejected');
    this.sent.push(email);
    return { providerMessageId: `ses-${this.sent.length}` };
  }
}

function harness() {
  let clock = Date.parse('2024-05-01T10:00:00Z');
  let claims = 0;
  const deps = {
    deliveries: new FakeDeliveryLog(),
    sender: new FakeSender(),
    newClaimId: () => `claim-${++claims}`,
    now: () => new Date(clock),
    log: silentLogger,
  } satisfies MailDeps;
  return { deps, sent: deps.sender.sent, advance: (ms: number) => (clock += ms) };
}

const reset: EmailRequested = { to: 'ada@example.com', subject: 'Reset', text: 'Your link' };

describe('mail is sent once per (mail, recipient)', () => {
  it('a redelivered mail is not sent again', async () => {
    const { deps, sent } = harness();
    expect(await sendMailOnce({ mailId: 'event-1', email: reset }, deps)).toBe('sent');
    expect(await sendMailOnce({ mailId: 'event-1', email: reset }, deps)).toBe('already_sent');
    expect(sent).toHaveLength(1);
  });

  it('another mail, or the same mail to another recipient, is sent', async () => {
    const { deps, sent } = harness();
    await sendMailOnce({ mailId: 'event-1', email: reset }, deps);
    await sendMailOnce({ mailId: 'event-2', email: reset }, deps);
    await sendMailOnce({ mailId: 'event-1', email: { ...reset, to: 'bola@example.com' } }, deps);
    expect(sent).toHaveLength(3);
  });

  it('the delivery id does not depend on how the address is spelled, and does not spell it out', () => {
    expect(mailDeliveryId('event-1', 'Ada@Example.com ')).toBe(mailDeliveryId('event-1', 'ada@example.com'));
    expect(mailDeliveryId('event-1', 'ada@example.com')).not.toContain('ada');
  });

  it('while another delivery holds a live claim, this one fails (to be retried) and sends nothing', async () => {
    const { deps, sent, advance } = harness();
    await deps.deliveries.claim(mailDeliveryId('event-1', reset.to), {
      claimId: 'other',
      now: deps.now(),
      leaseUntil: new Date(deps.now().getTime() + MAIL_CLAIM_LEASE_MS),
    });
    await expect(sendMailOnce({ mailId: 'event-1', email: reset }, deps)).rejects.toBeInstanceOf(MailBeingSentError);
    expect(sent).toHaveLength(0);
    // The other delivery crashed: once its lease ran out, the retry sends.
    advance(MAIL_CLAIM_LEASE_MS);
    expect(await sendMailOnce({ mailId: 'event-1', email: reset }, deps)).toBe('sent');
    expect(sent).toHaveLength(1);
  });

  it('a refused send fails and gives its claim up, so the retry sends at once', async () => {
    const { deps, sent } = harness();
    deps.sender.refuse = true;
    await expect(sendMailOnce({ mailId: 'event-1', email: reset }, deps)).rejects.toThrow('MessageRejected');
    deps.sender.refuse = false;
    expect(await sendMailOnce({ mailId: 'event-1', email: reset }, deps)).toBe('sent');
    expect(sent).toHaveLength(1);
  });

  it('a mail sent but not marked is still acknowledged: failing it would be what sends it twice', async () => {
    const { deps, sent } = harness();
    deps.deliveries.failMarks = true;
    expect(await sendMailOnce({ mailId: 'event-1', email: reset }, deps)).toBe('sent');
    // Its claim keeps other deliveries off for the lease.
    await expect(sendMailOnce({ mailId: 'event-1', email: reset }, deps)).rejects.toBeInstanceOf(MailBeingSentError);
    expect(sent).toHaveLength(1);
  });
});

describe('SES request', () => {
  it('sends text always and HTML only when given, from the configured sender', () => {
    const withHtml = sendEmailCommand({ to: 'a@b.co', subject: 'S', text: 'T', html: '<p>T</p>' }, 'from@x.co').input;
    expect(withHtml.FromEmailAddress).toBe('from@x.co');
    expect(withHtml.Destination?.ToAddresses).toEqual(['a@b.co']);
    expect(withHtml.Content?.Simple?.Body?.Html?.Data).toBe('<p>T</p>');
    const textOnly = sendEmailCommand({ to: 'a@b.co', subject: 'S', text: 'T' }, 'from@x.co').input;
    expect(textOnly.Content?.Simple?.Body?.Html).toBeUndefined();
  });
});
