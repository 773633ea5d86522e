/**
 * The mailer's delivery log: one item per (mail, recipient) in its own MAIL# partition. Claiming is
 * ONE conditional UpdateItem whose failed condition returns the item, so the mailer needs no read
 * permission and writes nothing outside MAIL#.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MailClaim, MailDeliveryLog } from '../../../domain/notifications/mail-port.js';
import { db, tableName } from '../client.js';
import { keys } from '../keys.js';
import { isConditionFailure } from '../conditions.js';

const ENTITY = 'MailDelivery';
/** Kept (TTL) longer than any redelivery can come: SQS keeps a message 14 days at most, EventBridge retries for 24 hours. */
const RETENTION_SECONDS = 15 * 24 * 60 * 60;

async function claim(deliveryId: string, input: { claimId: string; leaseUntil: Date; now: Date }): Promise<MailClaim> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.mailDelivery(deliveryId),
        UpdateExpression:
          'SET entity = :entity, #status = :sending, claimId = :claim, leaseUntil = :leaseUntil, expiresAt = if_not_exists(expiresAt, :expires) ADD attempts :one',
        ConditionExpression: 'attribute_not_exists(pk) OR (#status = :sending AND leaseUntil <= :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':entity': ENTITY,
          ':sending': 'sending',
          ':claim': input.claimId,
          ':leaseUntil': input.leaseUntil.getTime(),
          ':now': input.now.getTime(),
          ':expires': Math.floor(input.now.getTime() / 1000) + RETENTION_SECONDS,
          ':one': 1,
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return 'claimed';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const old = (error as { Item?: Record<string, { S?: string }> }).Item;
    return old?.status?.S === 'sent' ? 'sent' : 'sending';
  }
}

async function markSent(deliveryId: string, sent: { providerMessageId?: string; now: Date }): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.mailDelivery(deliveryId),
      UpdateExpression: 'SET #status = :sent, sentAt = :now, providerMessageId = :providerMessageId REMOVE claimId, leaseUntil',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':sent': 'sent', ':now': sent.now.toISOString(), ':providerMessageId': sent.providerMessageId ?? null },
    }),
  );
}

async function release(deliveryId: string, claimId: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.mailDelivery(deliveryId),
        UpdateExpression: 'SET leaseUntil = :expired',
        ConditionExpression: '#status = :sending AND claimId = :claim',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':expired': 0, ':sending': 'sending', ':claim': claimId },
      }),
    );
  } catch (error) {
    // Another delivery claimed it meanwhile (our lease ran out): the claim is no longer ours to give up.
    if (!isConditionFailure(error)) throw error;
  }
}

export const dynamoMailDeliveries: MailDeliveryLog = { claim, markSent, release };
