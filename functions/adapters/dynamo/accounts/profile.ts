/**
 * Changes to a user's own profile that must be atomic with something else:
 *  - self-upgrade: ONE write through the ledger — the ₦1000 debit (seq + balance conditions), an
 *    `upgrade` record, and userType smart earner → reseller (condition: still a smart earner), so
 *    a user pays once however many requests race; the same write puts the user in the upgrade
 *    outbox (sparse index), which markUpgradePublished empties once UserUpgraded is on the bus;
 *  - KYC: the NIN/BVN on the profile (condition: neither set) and a claim item keyed by the
 *    number's digest (condition: unclaimed), in one transaction;
 *  - the webhook URL, giving the user a signing secret when they have none.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UserType, VerificationMethod } from '../../../../shared/constants.js';
import type { AuditedTypeChange } from '../../../domain/back-office/audit.js';
import type { KycResult, UnpublishedUpgrade, UpgradeResult } from '../../../domain/accounts/profile.js';
import type { UpgradeOutbox } from '../../../domain/purchases/sweeper.js';
import type { TransactionDraft } from '../../../domain/transactions/transactions.js';
import { auditPutsFor } from '../back-office/audit.js';
import { batchGetItems } from '../batch-get.js';
import { db, tableName } from '../client.js';
import { GSI, INDEX, keys, listingQuery, upgradeOutboxListing } from '../keys.js';
import { isConditionFailure } from '../conditions.js';
import { stored } from '../items.js';
import { writeWalletChange } from '../wallet/ledger.js';
import { conditionalUpdate, transactWrite } from '../conditional-writes.js';

const OUTBOX_NAMES = { '#outboxPk': GSI.byOpenSinceKeys.partitionKey, '#outboxSk': GSI.byOpenSinceKeys.sortKey };
const outboxValues = (listing: ReturnType<typeof upgradeOutboxListing>) => ({
  ':outboxPk': listing[GSI.byOpenSinceKeys.partitionKey],
  ':outboxSk': listing[GSI.byOpenSinceKeys.sortKey],
});

export async function upgradeToReseller(draft: TransactionDraft, now: Date): Promise<UpgradeResult> {
  const outcome = await writeWalletChange({
    direction: 'debit',
    draft,
    extraItems: (record) => [
      {
        Update: {
          TableName: tableName(),
          Key: keys.userProfile(draft.userId),
          // The outbox entry (sparse index attributes) goes in with the upgrade: until markUpgradePublished
          // removes it, the sweeper re-publishes UserUpgraded.
          UpdateExpression: 'SET userType = :reseller, upgradedAt = :now, upgradeTransactionId = :transactionId, #outboxPk = :outboxPk, #outboxSk = :outboxSk',
          ConditionExpression: 'attribute_exists(pk) AND userType = :smartEarner',
          ExpressionAttributeNames: OUTBOX_NAMES,
          ExpressionAttributeValues: {
            ':reseller': 'reseller',
            ':smartEarner': 'smart earner',
            ':now': now.toISOString(),
            ':transactionId': record.id,
            ...outboxValues(upgradeOutboxListing(now.toISOString(), draft.userId)),
          },
        },
      },
    ],
  });
  switch (outcome.kind) {
    case 'written':
      return { kind: 'upgraded', record: outcome.record };
    case 'insufficient_balance':
      return { kind: 'insufficient_balance', balanceKobo: outcome.balanceKobo };
    case 'extra_condition_failed':
    case 'record_exists':
      return { kind: 'not_a_smart_earner' };
  }
}

/** Notes that UserUpgraded reached the bus and takes the user out of the outbox. */
export async function markUpgradePublished(userId: string, now: Date): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.userProfile(userId),
      UpdateExpression: 'SET upgradePublishedAt = :now REMOVE #outboxPk, #outboxSk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: OUTBOX_NAMES,
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}

/** Upgrades whose UserUpgraded is still unpublished, oldest first, upgraded at or before `upgradedBefore`. */
export async function listUnpublishedUpgrades(limit: number, upgradedBefore: Date): Promise<UnpublishedUpgrade[]> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: INDEX.byOpenSinceKeys,
      KeyConditionExpression: '#outboxPk = :outboxPk AND #outboxSk <= :to',
      ExpressionAttributeNames: OUTBOX_NAMES,
      ExpressionAttributeValues: { ':outboxPk': listingQuery.upgradeOutboxPartition, ':to': listingQuery.sortTo(upgradedBefore.toISOString()) },
      ScanIndexForward: true,
      Limit: limit,
    }),
  );
  // The index keeps keys only: the profiles are read themselves, those still unpublished kept (in index order).
  const profiles = await batchGetItems(
    (page.Items ?? []).map((item) => ({ pk: item.pk, sk: item.sk })),
    { consistent: true },
  );
  return profiles
    .filter((item) => item[GSI.byOpenSinceKeys.partitionKey] === listingQuery.upgradeOutboxPartition)
    .map((item) => stored.upgradeOutbox.read(item));
}

export const dynamoUpgradeOutbox: UpgradeOutbox = { listUnpublished: listUnpublishedUpgrades, markPublished: markUpgradePublished };

/**
 * An admin sets any user type (no fee, no reward). False when the user does not exist — or, with an
 * audit entry, when the type is no longer the one the entry names as "before" (the caller re-reads).
 * The entry is put in the same write, so a type change without its entry cannot exist.
 */
export async function setUserType(userId: string, userType: UserType, now: Date, audited?: AuditedTypeChange): Promise<boolean> {
  const update = {
    TableName: tableName(),
    Key: keys.userProfile(userId),
    UpdateExpression: 'SET userType = :type, userTypeChangedAt = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':type': userType, ':now': now.toISOString() } as Record<string, unknown>,
  };
  if (!audited) return conditionalUpdate(update);
  const seen = {
    ...update,
    ConditionExpression: 'attribute_exists(pk) AND userType = :from',
    ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':from': audited.from },
  };
  const result = await transactWrite([{ Update: seen }, ...auditPutsFor(audited.entry, { before: audited.from, after: userType })], `type change of ${userId}`);
  return result.ok;
}

export async function saveKyc(input: {
  userId: string;
  method: VerificationMethod;
  number: string;
  digest: string;
  verifiedName: string;
  now: Date;
}): Promise<KycResult> {
  const nowIso = input.now.toISOString();
  const result = await transactWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.userProfile(input.userId),
          UpdateExpression: 'SET #method = :number, kycMethod = :method, kycVerifiedAt = :now, kycVerifiedName = :name',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(nin) OR attribute_type(nin, :null)) AND (attribute_not_exists(bvn) OR attribute_type(bvn, :null))',
          ExpressionAttributeNames: { '#method': input.method },
          ExpressionAttributeValues: { ':number': input.number, ':method': input.method, ':now': nowIso, ':name': input.verifiedName, ':null': 'NULL' },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.kycClaim(input.method, input.digest), entity: 'KycClaim', userId: input.userId, method: input.method, createdAt: nowIso },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    `KYC of ${input.userId}`,
  );
  if (result.ok) return { kind: 'saved' };
  return result.failed.includes(0) ? { kind: 'already_set' } : { kind: 'number_in_use' };
}

/** Sets the webhook URL; keeps the existing signing secret or stores `newSecret`. Answers the secret in force. */
export async function saveWebhookUrl(userId: string, webhookUrl: string, newSecret: string, now: Date): Promise<{ webhookSecret: string } | undefined> {
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.userProfile(userId),
        UpdateExpression: 'SET webhookUrl = :url, webhookUpdatedAt = :now, webhookSecret = if_not_exists(webhookSecret, :secret)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':url': webhookUrl, ':now': now.toISOString(), ':secret': newSecret },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return { webhookSecret: stored.webhookSecret.read(result.Attributes ?? {}, keys.userProfile(userId)).webhookSecret ?? newSecret };
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
