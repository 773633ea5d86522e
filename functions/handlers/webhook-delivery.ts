/**
 * SQS consumer of TransactionSettled events (EventBridge event JSON in each body): POSTs the
 * transaction to the user's webhook URL, signed per Standard Webhooks. No URL or no secret →
 * nothing to deliver (acknowledged). A failed delivery is reported as an item failure so SQS
 * retries it with backoff and dead-letters it after the queue's max receives. A malformed event
 * fails too: from the dead-letter queue it can be redriven once a fixed consumer reads it (e.g. a
 * producer deployed with a newer event schema than this consumer).
 */
import { EVENT_TYPES } from '../../shared/events.js';
import { ENV_GROUPS, loadEnv } from '../adapters/config.js';
import { getTransaction } from '../adapters/dynamo/transactions.js';
import { getUserById } from '../adapters/dynamo/users.js';
import { platformEventOf, type PlatformEvent } from '../adapters/envelopes.js';
import { logger } from '../adapters/observability.js';
import type { TransactionRecord } from '../domain/transactions.js';
import { toTransactionView } from '../domain/transactions.js';
import { deliverableUrl, webhookHeaders } from '../domain/webhooks.js';
import { backgroundFunction, sqsBatchHandler } from '../middleware/background.js';

export const WEBHOOK_TIMEOUT_MS = 10_000;

export class WebhookDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WebhookDeliveryError';
  }
}

export interface WebhookDeps {
  findUser(userId: string): Promise<{ webhookUrl: string | null; webhookSecret?: string | null } | undefined>;
  findTransaction(id: string): Promise<TransactionRecord | undefined>;
  fetch: typeof fetch;
  now(): Date;
}

export type DeliveryResult = 'delivered' | 'no_webhook' | 'no_secret' | 'no_transaction';

export async function deliverSettledWebhook(event: PlatformEvent<typeof EVENT_TYPES.transactionSettled>, deps: WebhookDeps): Promise<DeliveryResult> {
  const { detail } = event;
  const user = await deps.findUser(detail.userId);
  const url = deliverableUrl(user?.webhookUrl);
  if (!user || !url) return 'no_webhook';
  if (!user.webhookSecret) return 'no_secret';
  const transaction = await deps.findTransaction(detail.transactionId);
  if (!transaction) return 'no_transaction';
  const body = JSON.stringify({ type: 'transaction.settled', timestamp: event.time, data: toTransactionView(transaction) });
  // One id per settled transaction: the same across retries, so receivers can de-duplicate.
  const id = `msg_${transaction.id}`;
  const headers = webhookHeaders({ id, timestampSeconds: Math.floor(deps.now().getTime() / 1000), body, secret: user.webhookSecret });
  let response: Response;
  try {
    response = await deps.fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) });
  } catch (cause) {
    throw new WebhookDeliveryError(`webhook to ${url.host} failed: ${String(cause)}`, { cause });
  }
  await response.body?.cancel();
  if (response.status < 200 || response.status >= 300) throw new WebhookDeliveryError(`webhook to ${url.host} answered ${response.status}`);
  return 'delivered';
}

export function webhookHandler(deps: WebhookDeps) {
  return sqsBatchHandler(async (record) => {
    const result = await deliverSettledWebhook(platformEventOf(record, EVENT_TYPES.transactionSettled), deps);
    logger.info('webhook', { messageId: record.messageId, result });
  });
}

loadEnv(ENV_GROUPS.table);

export const handler = backgroundFunction(
  webhookHandler({
    findUser: getUserById,
    findTransaction: getTransaction,
    fetch: (input, init) => fetch(input, init),
    now: () => new Date(),
  }),
);
