/**
 * Providers' webhooks (integrations.md "what a careful receiver does"):
 *
 * Receiving (public HTTP, must answer fast): verify the signature over the RAW body, parse just
 * enough to find the provider's reference, store the event under that reference (a repeat is
 * counted, not stored again), hand it to the queue, answer 200. No money moves here; a wrong or
 * missing signature is refused before anything is stored.
 *
 * Processing (queue consumer): read the stored event, ask the provider's own verify call, and
 * only then credit (card payment, bank transfer) or settle a payout — through the ledger, under
 * ids derived from the provider's reference, so replays and concurrent deliveries move money once.
 * Unknown references, unconfirmed payments and events of no interest end `ignored`.
 */
import { z } from 'zod';
import type { UserType } from '../../../shared/constants.js';
import type { PaymentProvider, ProviderEventMessage } from '../../../shared/events.js';
import type { FundingStore, ProviderEventStore, WithdrawalStore } from './money-port.js';
import type { CardPayments, Payouts, ProviderEventQueue, ReservedAccounts } from './payments-port.js';
import { decideCardCredit, decideReservedAccountCredit, monnifyWebhookSchema, squadWebhookSchema, type ReservedAccount } from './funding.js';
import { fundingDraft } from './funding-credit.js';
import { applyPayoutStatus, type PayoutDeps } from './payouts.js';
import { SIGNATURE_HEADERS, verifyHmacSha512, type SignatureCheck } from './provider-signatures.js';
import type { Logger } from '../logger.js';
import { transactionIdOfPayoutReference } from './withdrawals.js';

// ---------------------------------------------------------------------------------------------
// Receiving

export interface ReceiverDeps {
  /** The key the provider signs with (Squad and Paystack: the secret key; Monnify: the client secret). */
  signingSecret(provider: PaymentProvider): Promise<string>;
  events: ProviderEventStore;
  queue: ProviderEventQueue;
  now(): Date;
}

export type ReceiveOutcome =
  | { kind: 'accepted'; eventKey: string; duplicate: boolean; enqueued: boolean }
  | { kind: 'unauthorized'; check: Exclude<SignatureCheck, 'valid'> }
  | { kind: 'bad_request'; reason: string };

const paystackWebhookSchema = z
  .object({ event: z.string().min(1).max(100), data: z.object({ reference: z.string().trim().min(1).max(100) }).passthrough() })
  .passthrough();

/** The provider's event type and the reference it is de-duplicated by. */
export function eventIdentity(provider: PaymentProvider, body: unknown): { eventType: string; eventKey: string } | undefined {
  switch (provider) {
    case 'squad': {
      const parsed = squadWebhookSchema.safeParse(body);
      return parsed.success ? { eventType: parsed.data.Event ?? 'charge_successful', eventKey: parsed.data.TransactionRef } : undefined;
    }
    case 'monnify': {
      const parsed = monnifyWebhookSchema.safeParse(body);
      return parsed.success
        ? { eventType: parsed.data.eventType, eventKey: `${parsed.data.eventType}:${parsed.data.eventData.transactionReference}` }
        : undefined;
    }
    case 'paystack': {
      const parsed = paystackWebhookSchema.safeParse(body);
      // transfer.success and a later transfer.reversed share a reference: each is its own event.
      return parsed.success ? { eventType: parsed.data.event, eventKey: `${parsed.data.event}:${parsed.data.data.reference}` } : undefined;
    }
  }
}

export async function receiveProviderWebhook(
  provider: PaymentProvider,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
  deps: ReceiverDeps,
): Promise<ReceiveOutcome> {
  const check = verifyHmacSha512(rawBody, headers[SIGNATURE_HEADERS[provider]], await deps.signingSecret(provider));
  if (check !== 'valid') return { kind: 'unauthorized', check };
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { kind: 'bad_request', reason: 'body is not JSON' };
  }
  const identity = eventIdentity(provider, body);
  if (!identity) return { kind: 'bad_request', reason: 'no reference in the event' };
  const stored = await deps.events.receive({ provider, ...identity, rawBody: rawBody.toString('utf8'), now: deps.now() });
  // A repeat of an event still waiting (e.g. the first hand-off failed) is handed off again; the
  // consumer is idempotent. A repeat of a finished event changes nothing.
  const enqueue = stored.kind === 'new' || stored.status === 'received';
  if (enqueue) await deps.queue.enqueue({ provider, eventKey: identity.eventKey });
  return { kind: 'accepted', eventKey: identity.eventKey, duplicate: stored.kind === 'duplicate', enqueued: enqueue };
}

// ---------------------------------------------------------------------------------------------
// Processing

export interface ProcessingDeps {
  events: ProviderEventStore;
  funding: FundingStore;
  withdrawals: WithdrawalStore;
  cards: CardPayments;
  accounts: ReservedAccounts;
  payouts: Payouts;
  findUser(userId: string): Promise<{ userId: string; userName: string; userType: UserType; accountNumbers: ReservedAccount[] } | undefined>;
  now(): Date;
  log: Logger;
}

/** The provider could not confirm yet (no answer, still pending): SQS redelivers the message later. */
export class ProviderRetryLaterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderRetryLaterError';
  }
}

type Finish = { status: 'processed' | 'ignored'; outcome: string };

async function processSquad(body: unknown, deps: ProcessingDeps): Promise<Finish> {
  const event = squadWebhookSchema.parse(body);
  const reference = event.TransactionRef;
  const intent = await deps.funding.getIntent('squad', reference);
  if (!intent) return { status: 'ignored', outcome: 'unknown_reference' };
  const verified = await deps.cards.verify(reference);
  if (verified.kind === 'unavailable') throw new ProviderRetryLaterError(`Squad verify ${reference}: ${verified.detail}`);
  if (verified.kind === 'not_found') return { status: 'ignored', outcome: 'not_found_at_provider' };
  const decision = decideCardCredit(intent, verified.payment);
  if (decision.kind === 'retry') throw new ProviderRetryLaterError(`Squad payment ${reference} is not final yet`);
  if (decision.kind === 'ignore') return { status: 'ignored', outcome: decision.reason };
  const user = await deps.findUser(intent.userId);
  const draft = fundingDraft({
    user: user ?? { userId: intent.userId, userName: intent.userName },
    funding: {
      provider: 'squad',
      reference,
      paidKobo: decision.paidKobo,
      chargeKobo: decision.chargeKobo,
      providerReference: verified.payment.providerReference,
    },
    creditKobo: decision.creditKobo,
    method: 'card',
    paymentLink: intent.checkoutUrl,
    now: deps.now(),
  });
  const credit = await deps.funding.credit(draft, { provider: 'squad', reference });
  if (credit.kind === 'intent_mismatch') return { status: 'ignored', outcome: 'intent_mismatch' };
  if (credit.kind === 'credited') {
    deps.log.info('card payment credited', { reference, transactionId: credit.record.id, creditKobo: decision.creditKobo });
    return { status: 'processed', outcome: `credited ${credit.record.id}` };
  }
  return { status: 'processed', outcome: 'already_credited' };
}

async function processMonnify(body: unknown, deps: ProcessingDeps): Promise<Finish> {
  const event = monnifyWebhookSchema.parse(body);
  if (event.eventType !== 'SUCCESSFUL_TRANSACTION') return { status: 'ignored', outcome: `event ${event.eventType}` };
  const reference = event.eventData.transactionReference;
  const verified = await deps.accounts.verifyTransaction(reference);
  if (verified.kind === 'unavailable') throw new ProviderRetryLaterError(`Monnify verify ${reference}: ${verified.detail}`);
  if (verified.kind === 'not_found') return { status: 'ignored', outcome: 'not_found_at_provider' };
  const owner = verified.transfer.accountReference ? await deps.findUser(verified.transfer.accountReference) : undefined;
  const decision = decideReservedAccountCredit(reference, verified.transfer, owner);
  if (decision.kind === 'retry') throw new ProviderRetryLaterError(`Monnify payment ${reference} is not final yet`);
  if (decision.kind === 'ignore' || !owner) return { status: 'ignored', outcome: decision.kind === 'ignore' ? decision.reason : 'unknown_account' };
  const draft = fundingDraft({
    user: owner,
    funding: {
      provider: 'monnify',
      reference,
      paidKobo: decision.paidKobo,
      chargeKobo: decision.chargeKobo,
      providerReference: event.eventData.paymentReference,
    },
    creditKobo: decision.creditKobo,
    method: 'bank transfer',
    now: deps.now(),
  });
  const credit = await deps.funding.credit(draft);
  if (credit.kind === 'credited') {
    deps.log.info('bank transfer credited', { reference, transactionId: credit.record.id, creditKobo: decision.creditKobo });
    return { status: 'processed', outcome: `credited ${credit.record.id}` };
  }
  return { status: 'processed', outcome: credit.kind };
}

async function processPaystack(body: unknown, deps: ProcessingDeps): Promise<Finish> {
  const event = paystackWebhookSchema.parse(body);
  if (!event.event.startsWith('transfer.')) return { status: 'ignored', outcome: `event ${event.event}` };
  const reference = event.data.reference;
  const transactionId = transactionIdOfPayoutReference(reference);
  const withdrawal = transactionId ? await deps.withdrawals.get(transactionId) : undefined;
  if (!withdrawal) return { status: 'ignored', outcome: 'unknown_reference' };
  // The webhook only says "look": the provider's verify call decides.
  const verified = await deps.payouts.verifyTransfer(reference);
  if (verified.kind === 'unavailable') throw new ProviderRetryLaterError(`Paystack verify ${reference}: ${verified.detail}`);
  if (verified.kind === 'not_found') return { status: 'ignored', outcome: 'not_found_at_provider' };
  const payoutDeps: PayoutDeps = { withdrawals: deps.withdrawals, payouts: deps.payouts, now: deps.now, log: deps.log };
  const action = await applyPayoutStatus(withdrawal, verified.status, verified.transferCode, payoutDeps);
  return { status: 'processed', outcome: `${verified.status}: ${action}` };
}

/** Processes one stored webhook; throws ProviderRetryLaterError when it must be tried again later. */
export async function processProviderEvent(message: ProviderEventMessage, deps: ProcessingDeps): Promise<Finish | { status: 'missing' | 'already_done' }> {
  const event = await deps.events.get(message.provider, message.eventKey);
  if (!event) return { status: 'missing' };
  if (event.status !== 'received') return { status: 'already_done' };
  let body: unknown;
  try {
    body = JSON.parse(event.rawBody);
  } catch {
    const finish: Finish = { status: 'ignored', outcome: 'unreadable body' };
    await deps.events.finish(message.provider, message.eventKey, finish.status, finish.outcome, deps.now());
    return finish;
  }
  const finish =
    message.provider === 'squad'
      ? await processSquad(body, deps)
      : message.provider === 'monnify'
        ? await processMonnify(body, deps)
        : await processPaystack(body, deps);
  await deps.events.finish(message.provider, message.eventKey, finish.status, finish.outcome, deps.now());
  return finish;
}
