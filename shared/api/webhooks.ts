/** Our webhooks to an API user's webhookUrl: the delivery log (GET /auth/webhook/deliveries) and the test delivery (POST /auth/webhook/test). */
import type { TRANSACTION_STATUSES } from '../constants.js';

/**
 * How many times one settlement is delivered at most (the webhook queue's maxReceiveCount): the
 * first attempt and its retries, over about 18 hours, before it goes to the dead-letter queue.
 */
export const WEBHOOK_MAX_ATTEMPTS = 8;

/** What a delivery announced: the transaction's final status, or a test. */
export type WebhookEvent = (typeof TRANSACTION_STATUSES)[number] | 'test';

/** One attempt to deliver a webhook, as the user sees it in their log. */
export interface WebhookDeliveryView {
  /** When the attempt was made (ISO). */
  at: string;
  event: WebhookEvent;
  /** The transaction announced (a test's sample id for a test). */
  transactionId: string;
  /** The `webhook-id` header sent: the same on every retry of one (transaction, status). */
  webhookId: string;
  /** The receiver's HTTP status; null when it could not be reached. */
  httpStatus: number | null;
  /** Why nothing was answered (timeout, refused connection); null when it answered. */
  error: string | null;
  /** A 2xx answer: delivered. Anything else is retried (settlements, not tests). */
  delivered: boolean;
}

/** GET /auth/webhook/deliveries: the latest attempts, newest first. */
export interface WebhookDeliveriesResponse {
  deliveries: WebhookDeliveryView[];
}

/** POST /auth/webhook/test: the attempt just made (also recorded in the log). */
export interface TestWebhookResponse {
  msg: string;
  delivery: WebhookDeliveryView;
}
