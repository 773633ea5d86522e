/**
 * Providers' webhooks as received, one item per provider reference (the de-duplication key):
 * the raw body is kept for audits and for the asynchronous processing. Receiving is ONE
 * UpdateItem that creates the item or counts a repeated delivery, and tells which it was, so the
 * public receiver needs no read permission and writes nothing outside the WEBHOOK# partitions.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PaymentProvider } from '../../../../shared/events.js';
import { db, tableName } from '../client.js';
import { PROVIDER_EVENT_ENTITY, stored } from '../items.js';
import { keys } from '../keys.js';
import type { ProviderEvent, ProviderEventStatus, ProviderEventStore, ReceiveResult } from '../../../domain/money/money-port.js';

/** Kept for audits this long (TTL); replays after that still credit nothing twice (ledger ids). */
const RETENTION_SECONDS = 400 * 24 * 60 * 60;

export async function receiveProviderEvent(input: {
  provider: PaymentProvider;
  eventKey: string;
  eventType: string;
  rawBody: string;
  now: Date;
}): Promise<ReceiveResult> {
  const nowIso = input.now.toISOString();
  const result = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.providerEvent(input.provider, input.eventKey),
      UpdateExpression:
        'SET entity = if_not_exists(entity, :entity), provider = if_not_exists(provider, :provider), eventKey = if_not_exists(eventKey, :key), ' +
        'eventType = if_not_exists(eventType, :type), rawBody = if_not_exists(rawBody, :body), receivedAt = if_not_exists(receivedAt, :now), ' +
        '#status = if_not_exists(#status, :received), lastReceivedAt = :now, expiresAt = if_not_exists(expiresAt, :expires) ADD deliveries :one',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':entity': PROVIDER_EVENT_ENTITY,
        ':provider': input.provider,
        ':key': input.eventKey,
        ':type': input.eventType,
        ':body': input.rawBody,
        ':now': nowIso,
        ':received': 'received',
        ':expires': Math.floor(input.now.getTime() / 1000) + RETENTION_SECONDS,
        ':one': 1,
      },
      ReturnValues: 'ALL_OLD',
    }),
  );
  const old = result.Attributes;
  if (!old || old.entity === undefined) return { kind: 'new' };
  return { kind: 'duplicate', status: stored.providerEventStatus.read(old, keys.providerEvent(input.provider, input.eventKey)).status };
}

export async function getProviderEvent(provider: PaymentProvider, eventKey: string): Promise<ProviderEvent | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.providerEvent(provider, eventKey), ConsistentRead: true }));
  return Item && Item.entity === PROVIDER_EVENT_ENTITY ? stored.providerEvent.read(Item) : undefined;
}

/** Notes how an event ended (processed: money moved or was already moved; ignored: nothing to do). */
export async function finishProviderEvent(
  provider: PaymentProvider,
  eventKey: string,
  status: Exclude<ProviderEventStatus, 'received'>,
  outcome: string,
  now: Date,
): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.providerEvent(provider, eventKey),
      UpdateExpression: 'SET #status = :status, outcome = :outcome, processedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status, ':outcome': outcome.slice(0, 500), ':now': now.toISOString() },
    }),
  );
}

export const dynamoProviderEvents: ProviderEventStore = { receive: receiveProviderEvent, get: getProviderEvent, finish: finishProviderEvent };
