/**
 * SQS consumer of TransactionSettled events (EventBridge event JSON in each body): POSTs the
 * settled transaction to its owner's webhook URL, signed per Standard Webhooks, and records the
 * attempt in the owner's delivery log (the rules: domain/webhooks). No URL → nothing to deliver
 * (acknowledged). A receiver that answers non-2xx or cannot be reached fails the item, so SQS
 * delivers it again — in the cloud after a growing delay (WEBHOOK_RETRY_BACKOFF), elsewhere after
 * the queue's visibility timeout — and dead-letters it after WEBHOOK_MAX_ATTEMPTS (README
 * "Webhooks to API users"); the webhook-id stays the same on every retry. A malformed event fails
 * too: from the dead-letter queue it can be redriven once a fixed consumer reads it.
 */
import type { SQSRecord } from 'aws-lambda';
import { WEBHOOK_MAX_ATTEMPTS } from '../../shared/api/webhooks.js';
import { EVENT_TYPES } from '../../shared/events.js';
import { ENV } from '../../shared/runtime-env.js';
import { env, ENV_GROUPS, loadEnv } from '../adapters/environment.js';
import { crashAfter } from '../adapters/crash-points.js';
import { getTransaction } from '../adapters/dynamo/transactions/transactions.js';
import { getUserById } from '../adapters/dynamo/accounts/users.js';
import { dynamoWebhookLog } from '../adapters/dynamo/back-office/webhook-deliveries.js';
import { countWebhookDelivery } from '../adapters/metrics.js';
import { platformEventOf } from '../adapters/envelopes.js';
import { domainLog } from '../adapters/log.js';
import { logger } from '../adapters/observability.js';
import { redeliverAfter } from '../adapters/sqs-redelivery.js';
import { postWebhook } from '../adapters/webhook-poster.js';
import { toTransactionView } from '../domain/transactions/transactions.js';
import { deliverSettlementWebhook, webhookRetryDelaySeconds, type SettlementWebhookDeps } from '../domain/notifications/webhooks.js';
import { backgroundFunction, sqsBatchHandler } from '../middleware/background.js';

export class WebhookDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WebhookDeliveryError';
  }
}

export interface WebhookRetryOptions {
  /** Makes a failed message come back after `seconds` (unset: after the queue's visibility timeout). */
  redeliverAfter?: (record: SQSRecord, seconds: number) => Promise<void>;
}

export function webhookHandler(deps: SettlementWebhookDeps, options: WebhookRetryOptions = {}) {
  const backOff = async (record: SQSRecord) => {
    const attempt = Number(record.attributes?.ApproximateReceiveCount ?? '1');
    if (!options.redeliverAfter || attempt >= WEBHOOK_MAX_ATTEMPTS) return;
    try {
      await options.redeliverAfter(record, webhookRetryDelaySeconds(attempt));
    } catch (error) {
      logger.warn("webhook backoff not set; the queue's visibility timeout applies", { messageId: record.messageId, error: error as Error });
    }
  };
  return sqsBatchHandler(async (record) => {
    const result = await deliverSettlementWebhook(platformEventOf(record, EVENT_TYPES.transactionSettled).detail, deps);
    logger.info('webhook', { messageId: record.messageId, result: result.kind });
    countWebhookDelivery(result.kind);
    if (result.kind === 'not_delivered') {
      await backOff(record);
      const { webhookId, httpStatus, error } = result.delivery;
      throw new WebhookDeliveryError(`webhook ${webhookId} not delivered: ${httpStatus === null ? error : `answered ${httpStatus}`}`);
    }
  });
}

loadEnv([...ENV_GROUPS.table, ENV.allowLoopbackWebhooks, ENV.webhookRetryBackoff]);

export const handler = backgroundFunction(
  webhookHandler(
    {
      findUser: getUserById,
      findTransaction: async (id) => {
        const record = await getTransaction(id);
        return record && toTransactionView(record);
      },
      allowLoopbackWebhooks: () => env(ENV.allowLoopbackWebhooks),
      // Crash point (local cloud only): the receiver has the webhook; the attempt is not logged nor the message acknowledged.
      post: crashAfter('mid-webhook-delivery', postWebhook),
      deliveries: dynamoWebhookLog,
      now: () => new Date(),
      log: domainLog,
    },
    env(ENV.webhookRetryBackoff) ? { redeliverAfter } : {},
  ),
);
