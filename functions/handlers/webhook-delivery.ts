/**
 * SQS consumer of TransactionSettled events (EventBridge event JSON in each body): POSTs the
 * settled transaction to its owner's webhook URL, signed per Standard Webhooks, and records the
 * attempt in the owner's delivery log (the rules: domain/webhooks). No URL → nothing to deliver
 * (acknowledged). A receiver that answers non-2xx or cannot be reached fails the item, so SQS
 * delivers it again after the queue's visibility timeout and dead-letters it after its max
 * receives (README "Webhooks"); the webhook-id stays the same on every retry. A malformed event
 * fails too: from the dead-letter queue it can be redriven once a fixed consumer reads it.
 */
import { EVENT_TYPES } from '../../shared/events.js';
import { ENV } from '../../shared/runtime-env.js';
import { env, ENV_GROUPS, loadEnv } from '../adapters/config.js';
import { getTransaction } from '../adapters/dynamo/transactions.js';
import { getUserById } from '../adapters/dynamo/users.js';
import { dynamoWebhookLog } from '../adapters/dynamo/webhook-deliveries.js';
import { platformEventOf } from '../adapters/envelopes.js';
import { domainLog } from '../adapters/log.js';
import { logger } from '../adapters/observability.js';
import { postWebhook } from '../adapters/webhook-poster.js';
import { toTransactionView } from '../domain/transactions.js';
import { deliverSettlementWebhook, type SettlementWebhookDeps } from '../domain/webhooks.js';
import { backgroundFunction, sqsBatchHandler } from '../middleware/background.js';

export class WebhookDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WebhookDeliveryError';
  }
}

export function webhookHandler(deps: SettlementWebhookDeps) {
  return sqsBatchHandler(async (record) => {
    const result = await deliverSettlementWebhook(platformEventOf(record, EVENT_TYPES.transactionSettled).detail, deps);
    logger.info('webhook', { messageId: record.messageId, result: result.kind });
    if (result.kind === 'not_delivered') {
      const { webhookId, httpStatus, error } = result.delivery;
      throw new WebhookDeliveryError(`webhook ${webhookId} not delivered: ${httpStatus === null ? error : `answered ${httpStatus}`}`);
    }
  });
}

loadEnv([...ENV_GROUPS.table, ENV.allowLoopbackWebhooks]);

export const handler = backgroundFunction(
  webhookHandler({
    findUser: getUserById,
    findTransaction: async (id) => {
      const record = await getTransaction(id);
      return record && toTransactionView(record);
    },
    allowLoopbackWebhooks: () => env(ENV.allowLoopbackWebhooks),
    post: postWebhook,
    deliveries: dynamoWebhookLog,
    now: () => new Date(),
    log: domainLog,
  }),
);
