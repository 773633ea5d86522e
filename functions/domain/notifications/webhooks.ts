/**
 * Our webhooks to API users.
 *
 * The body is the transaction itself, as its owner's GET /transaction rows show it — what the
 * original backend POSTed, so a receiver written for it keeps working. The signature follows
 * Standard Webhooks: HMAC-SHA256 over `${id}.${timestamp}.${body}` with the user's secret, sent as
 * `webhook-signature: v1,<base64>` beside `webhook-id` and `webhook-timestamp`.
 *
 * Every attempt (settlement or test) is recorded in the user's delivery log, a ring of the last
 * WEBHOOK_LOG_SIZE attempts that also expires WEBHOOK_LOG_TTL_DAYS after its last write.
 */
import { createHmac } from 'node:crypto';
import type { TransactionView } from '../../../shared/api/transactions.js';
import type { WebhookDeliveryView, WebhookEvent } from '../../../shared/api/webhooks.js';
import type { TransactionSettled } from '../../../shared/events.js';
import { checkWebhookUrl } from '../accounts/profile.js';
import type { Logger } from '../logger.js';
import { ownerAsCustomer, shownTo } from '../transactions/transaction-views.js';

/** A settlement's delivery: SQS retries it, so one slow receiver only delays its own message. */
export const SETTLEMENT_TIMEOUT_MS = 10_000;
/** The test delivery answers an HTTP request: a receiver that hangs must not hold it. */
export const TEST_TIMEOUT_MS = 5_000;
/**
 * First retry after a minute, each next one 4× later, never more than 6 hours (SQS keeps a message
 * invisible 12 h at most): 1 min, 4 min, 16 min, 64 min, ~4.3 h, 6 h, 6 h — about 18 hours in all.
 */
const FIRST_RETRY_SECONDS = 60;
const LONGEST_RETRY_SECONDS = 6 * 60 * 60;
export const WEBHOOK_LOG_SIZE = 20;
export const WEBHOOK_LOG_TTL_DAYS = 30;

/** Seconds to wait before the next delivery after the `attempt`-th (1-based) failed. */
export function webhookRetryDelaySeconds(attempt: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 4 ** Math.max(0, attempt - 1), LONGEST_RETRY_SECONDS);
}

// ---------------------------------------------------------------------------------------------
// Signing

/** The key bytes of a secret: base64 after an optional `whsec_` prefix (Standard Webhooks). */
export function webhookKey(secret: string): Buffer {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  return Buffer.from(encoded, 'base64');
}

export function signWebhook(input: { id: string; timestampSeconds: number; body: string; secret: string }): string {
  const mac = createHmac('sha256', webhookKey(input.secret)).update(`${input.id}.${input.timestampSeconds}.${input.body}`).digest('base64');
  return `v1,${mac}`;
}

export function webhookHeaders(input: { id: string; timestampSeconds: number; body: string; secret: string }): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestampSeconds),
    'webhook-signature': signWebhook(input),
  };
}

// ---------------------------------------------------------------------------------------------
// Messages

/**
 * One id per (transaction, status): the same on every retry, so receivers can de-duplicate, yet a
 * delivered purchase later refunded is a second message they must not drop.
 */
export function webhookMessageId(transactionId: string, event: WebhookEvent): string {
  return `msg_${transactionId}_${event}`;
}

/** The transaction as its owner reads it as a customer (transaction-views.ts): the platform's margin is not theirs to see. */
export function webhookBody(view: TransactionView): TransactionView {
  return shownTo(ownerAsCustomer(view), view);
}

/** What a test delivery sends: a transaction view that names itself a test (no money moved). */
export function testTransactionView(owner: { userId: string; userName: string }, id: string, now: Date): TransactionView & { isTest: true } {
  const at = now.toISOString();
  return {
    _id: id,
    trans_Id: id,
    trans_By: owner.userId,
    trans_Date: at,
    trans_Network: 'MTN',
    trans_Status: 'success',
    trans_Type: 'airtime',
    trans_amount: 100,
    trans_profit: 0,
    trans_UserName: owner.userName,
    phone_number: '08011111111',
    balance_Before: 0,
    balance_After: 0,
    createdAt: at,
    updatedAt: at,
    paymentLink: null,
    apiResponse: 'Test webhook: no transaction was made',
    apiResponseId: null,
    trans_volume: '₦100.00',
    description: 'Test webhook: no transaction was made',
    relatedTransactionId: null,
    isTest: true,
  };
}

// ---------------------------------------------------------------------------------------------
// Sending and the delivery log

export type WebhookAnswer = { kind: 'answered'; status: number } | { kind: 'unreachable'; reason: string };

/** POSTs without following redirects (a redirect could lead inside our network); never throws. */
export type WebhookPoster = (url: string, request: { headers: Record<string, string>; body: string }, timeoutMs: number) => Promise<WebhookAnswer>;

export interface WebhookLog {
  record(userId: string, delivery: WebhookDeliveryView, now: Date): Promise<void>;
  /** The live entries, newest first. */
  recent(userId: string, now: Date): Promise<WebhookDeliveryView[]>;
}

/** The ring slot of the `sequence`-th attempt (1-based): the log never holds more than WEBHOOK_LOG_SIZE. */
export function webhookLogSlot(sequence: number): number {
  return (((sequence - 1) % WEBHOOK_LOG_SIZE) + WEBHOOK_LOG_SIZE) % WEBHOOK_LOG_SIZE;
}

/** Epoch seconds (the table's TTL attribute) when a log entry written `now` expires. */
export function webhookLogExpiry(now: Date): number {
  return Math.floor(now.getTime() / 1000) + WEBHOOK_LOG_TTL_DAYS * 24 * 60 * 60;
}

/** The entries still alive at `now`, newest first, at most WEBHOOK_LOG_SIZE. */
export function latestDeliveries(entries: readonly (WebhookDeliveryView & { expiresAt: number })[], now: Date): WebhookDeliveryView[] {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return entries
    .filter((entry) => entry.expiresAt > nowSeconds)
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, WEBHOOK_LOG_SIZE)
    .map(({ expiresAt: _expiresAt, ...delivery }) => delivery);
}

export interface WebhookTarget {
  userId: string;
  url: string;
  secret: string;
}

export interface WebhookOwner {
  userId: string;
  userName: string;
  webhookUrl: string | null;
  webhookSecret?: string | null;
}

export type WebhookTargetResult = { kind: 'target'; target: WebhookTarget } | { kind: 'no_webhook_url' } | { kind: 'invalid_webhook_url' };

/**
 * Where a user's webhooks go. The URL is checked again at send time by the rule it was saved
 * under (https and a public host; loopback only where allowed, i.e. the local cloud), so a URL
 * stored before a rule was tightened is not called.
 */
export function webhookTargetOf(user: WebhookOwner | undefined, allowLoopback: boolean): WebhookTargetResult {
  if (!user?.webhookUrl || !user.webhookSecret) return { kind: 'no_webhook_url' };
  const check = checkWebhookUrl(user.webhookUrl, allowLoopback);
  if (!check.ok) return { kind: 'invalid_webhook_url' };
  return { kind: 'target', target: { userId: user.userId, url: check.url, secret: user.webhookSecret } };
}

export interface WebhookSendDeps {
  post: WebhookPoster;
  deliveries: Pick<WebhookLog, 'record'>;
  now(): Date;
  log: Logger;
}

/** Signs and POSTs one message, then records the attempt; a failed log write never undoes a delivery. */
export async function sendWebhook(
  target: WebhookTarget,
  message: { id: string; event: WebhookEvent; transactionId: string; body: string },
  timeoutMs: number,
  deps: WebhookSendDeps,
): Promise<WebhookDeliveryView> {
  const now = deps.now();
  const headers = webhookHeaders({ id: message.id, timestampSeconds: Math.floor(now.getTime() / 1000), body: message.body, secret: target.secret });
  const answer = await deps.post(target.url, { headers, body: message.body }, timeoutMs);
  const delivery: WebhookDeliveryView = {
    at: now.toISOString(),
    event: message.event,
    transactionId: message.transactionId,
    webhookId: message.id,
    httpStatus: answer.kind === 'answered' ? answer.status : null,
    error: answer.kind === 'unreachable' ? answer.reason : null,
    delivered: answer.kind === 'answered' && answer.status >= 200 && answer.status < 300,
  };
  try {
    await deps.deliveries.record(target.userId, delivery, now);
  } catch (error) {
    deps.log.warn('webhook delivery not recorded in the log', { userId: target.userId, webhookId: message.id, error: String(error) });
  }
  return delivery;
}

// ---------------------------------------------------------------------------------------------
// Use cases

export interface SettlementWebhookDeps extends WebhookSendDeps {
  findUser(userId: string): Promise<WebhookOwner | undefined>;
  /** Events published before they carried the view: the record as it is now. */
  findTransaction(id: string): Promise<TransactionView | undefined>;
  allowLoopbackWebhooks(): boolean;
}

export type SettlementWebhookResult =
  | { kind: 'delivered'; delivery: WebhookDeliveryView }
  /** Retried by the queue: the receiver answered non-2xx or could not be reached. */
  | { kind: 'not_delivered'; delivery: WebhookDeliveryView }
  | { kind: 'no_webhook_url' }
  | { kind: 'invalid_webhook_url' }
  | { kind: 'no_transaction' };

/** A settled transaction to its owner's webhook URL: the transaction as it settled (the event's view). */
export async function deliverSettlementWebhook(settled: TransactionSettled, deps: SettlementWebhookDeps): Promise<SettlementWebhookResult> {
  // Known from the purchase itself: its owner had no URL, so no profile read is needed to skip it.
  if (settled.ownerWebhook === false) return { kind: 'no_webhook_url' };
  const destination = webhookTargetOf(await deps.findUser(settled.userId), deps.allowLoopbackWebhooks());
  if (destination.kind !== 'target') return destination;
  const view = settled.transaction ?? (await deps.findTransaction(settled.transactionId));
  if (!view) return { kind: 'no_transaction' };
  const message = {
    id: webhookMessageId(settled.transactionId, settled.status),
    event: settled.status,
    transactionId: settled.transactionId,
    body: JSON.stringify(webhookBody(view)),
  };
  const delivery = await sendWebhook(destination.target, message, SETTLEMENT_TIMEOUT_MS, deps);
  return { kind: delivery.delivered ? 'delivered' : 'not_delivered', delivery };
}

export interface TestWebhookDeps extends WebhookSendDeps {
  findUser(userId: string): Promise<WebhookOwner | undefined>;
  allowLoopbackWebhooks(): boolean;
  newId(): string;
}

export type TestWebhookResult =
  | { kind: 'test_sent'; delivery: WebhookDeliveryView }
  | { kind: 'no_webhook_url' }
  | { kind: 'invalid_webhook_url' }
  | { kind: 'user_not_found' };

/** POST /auth/webhook/test: a signed sample delivery now, recorded like any other; never retried. */
export async function sendTestWebhook(userId: string, deps: TestWebhookDeps): Promise<TestWebhookResult> {
  const user = await deps.findUser(userId);
  if (!user) return { kind: 'user_not_found' };
  const destination = webhookTargetOf(user, deps.allowLoopbackWebhooks());
  if (destination.kind !== 'target') return destination;
  const id = `test_${deps.newId()}`;
  const body = JSON.stringify(testTransactionView(user, id, deps.now()));
  const delivery = await sendWebhook(destination.target, { id: webhookMessageId(id, 'test'), event: 'test', transactionId: id, body }, TEST_TIMEOUT_MS, deps);
  return { kind: 'test_sent', delivery };
}
