/** Ports of e-mail: the provider that sends it, and the log that makes each mail go out once. */
import type { EmailRequested } from '../../../shared/events.js';

export interface MailSender {
  /** Hands one e-mail to the provider. Throws when it was not accepted. */
  send(email: EmailRequested): Promise<{ providerMessageId?: string }>;
}

/** `claimed`: this delivery may send; `sent`: a delivery sent it already; `sending`: another delivery holds a live claim. */
export type MailClaim = 'claimed' | 'sent' | 'sending';

/** One entry per (mail, recipient), keyed by its delivery id. */
export interface MailDeliveryLog {
  /** Claims the right to send until `leaseUntil`, unless the mail was sent or another claim is still live. */
  claim(deliveryId: string, claim: { claimId: string; leaseUntil: Date; now: Date }): Promise<MailClaim>;
  markSent(deliveryId: string, sent: { providerMessageId?: string; now: Date }): Promise<void>;
  /** Gives up this claim (nothing was sent), so the next delivery need not wait for the lease. */
  release(deliveryId: string, claimId: string): Promise<void>;
}
