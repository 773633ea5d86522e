/**
 * Consumer of the table's DynamoDB stream (the transaction outbox, domain/transaction-outbox.ts):
 * each change of a transaction record, with its image before and after, becomes the hand-off to
 * fulfilment or to payouts, the refresh of the buyer's contacts and the TransactionSettled event (with
 * whether its owner has a webhook URL: the bus sends only those to the webhook queue). The event
 * source mapping's filter passes only transaction records (the counters under the same prefix stay out); anything else is skipped.
 */
import type { Context, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { EVENT_TYPES } from '../../shared/events.js';
import { ENV } from '../../shared/runtime-env.js';
import { ENV_GROUPS, loadEnv } from '../adapters/environment.js';
import { crashBefore } from '../adapters/crash-points.js';
import { dynamoContacts } from '../adapters/dynamo/accounts/contacts.js';
import { dynamoSavedDecoders } from '../adapters/dynamo/purchases/saved-decoders.js';
import { getUserById } from '../adapters/dynamo/accounts/users.js';
import { transactionOfImage } from '../adapters/dynamo/transactions/stream-images.js';
import { publishEvent } from '../adapters/events.js';
import { domainLog } from '../adapters/log.js';
import { sqsFulfilmentQueue, sqsPayoutQueue } from '../adapters/queues.js';
import { outboxActions, perBatchOwnerWebhooks, runOutboxActions, type OutboxDeps } from '../domain/transactions/transaction-outbox.js';
import { backgroundFunction, streamBatchHandler } from '../middleware/background.js';

export { transactionOfImage };

export function transactionStreamHandler(deps: OutboxDeps) {
  return (event: DynamoDBStreamEvent, context?: Context) => {
    // Owners' webhook flags are looked up once per user per batch.
    const batchDeps: OutboxDeps = { ...deps, owners: perBatchOwnerWebhooks(deps.owners) };
    return streamBatchHandler(async (record: DynamoDBRecord) => {
      const after = transactionOfImage(record.dynamodb?.NewImage);
      if (!after) return;
      const before = transactionOfImage(record.dynamodb?.OldImage);
      await runOutboxActions(outboxActions(before, after), batchDeps);
    })(event, context);
  };
}

loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.bus, ENV.fulfilmentQueueUrl, ENV.payoutQueueUrl]);

const fulfilmentQueue = sqsFulfilmentQueue();

export const handler = backgroundFunction(
  transactionStreamHandler({
    // Crash points (local cloud only): a debited purchase not yet handed over; a settled one not yet announced.
    queue: { enqueue: crashBefore('after-debit-before-handover', (id, options) => fulfilmentQueue.enqueue(id, options)) },
    payouts: sqsPayoutQueue(),
    events: { transactionSettled: crashBefore('after-settle-before-publish', (detail) => publishEvent(EVENT_TYPES.transactionSettled, detail)) },
    contacts: dynamoContacts,
    decoders: dynamoSavedDecoders,
    // The principal's rule (adapters/dynamo/users.ts): a webhook URL is set.
    owners: { hasWebhook: async (userId) => Boolean((await getUserById(userId))?.webhookUrl) },
    log: domainLog,
  }),
);
