/**
 * Money in from providers on DynamoDB: payment intents (what we asked Squad for, looked up by our
 * reference), the reserved accounts kept on the user, and the provider credit — ONE
 * TransactWriteItems through the ledger (wallet seq condition + a `wallet` record whose id is
 * derived from the provider's reference + the intent marked credited), so a reference credits once.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PaymentProvider } from '../../../../shared/events.js';
import type { PaymentIntent, ReservedAccount } from '../../../domain/money/funding.js';
import type { TransactionDraft } from '../../../domain/transactions/transactions.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { PAYMENT_INTENT_ENTITY, stored } from '../items.js';
import { keys } from '../keys.js';
import { writeWalletChange } from '../wallet/ledger.js';
import { getTransaction } from '../transactions/transactions.js';
import type { FundingCreditResult, FundingStore } from '../../../domain/money/money-port.js';

export async function createPaymentIntent(intent: PaymentIntent): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.paymentIntent(intent.provider, intent.reference), entity: PAYMENT_INTENT_ENTITY, ...intent },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function setPaymentIntentLink(provider: PaymentProvider, reference: string, checkoutUrl: string, now: Date): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.paymentIntent(provider, reference),
      UpdateExpression: 'SET checkoutUrl = :url, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':url': checkoutUrl, ':now': now.toISOString() },
    }),
  );
}

export async function getPaymentIntent(provider: PaymentProvider, reference: string): Promise<PaymentIntent | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.paymentIntent(provider, reference), ConsistentRead: true }));
  return Item && Item.entity === PAYMENT_INTENT_ENTITY ? stored.paymentIntent.read(Item) : undefined;
}

/**
 * Credits a provider payment once: the record's id is derived from the provider's reference, and
 * for a card payment the intent flips to `credited` in the same write (only for its own user).
 */
export async function creditProviderFunding(draft: TransactionDraft, intent?: { provider: PaymentProvider; reference: string }): Promise<FundingCreditResult> {
  const outcome = await writeWalletChange({
    direction: 'credit',
    draft,
    extraItems: intent
      ? (record) => [
          {
            Update: {
              TableName: tableName(),
              Key: keys.paymentIntent(intent.provider, intent.reference),
              UpdateExpression: 'SET #status = :credited, transactionId = :transactionId, updatedAt = :now',
              ConditionExpression: 'attribute_exists(pk) AND userId = :userId',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':credited': 'credited', ':transactionId': record.id, ':now': draft.createdAt, ':userId': draft.userId },
            },
          },
        ]
      : undefined,
  });
  switch (outcome.kind) {
    case 'written':
      return { kind: 'credited', record: outcome.record };
    case 'record_exists':
      return { kind: 'already_credited', record: await getTransaction(draft.id) };
    case 'extra_condition_failed':
      return { kind: 'intent_mismatch' };
    case 'insufficient_balance':
      throw new Error('a credit cannot be short of balance');
  }
}

/**
 * Keeps the reserved accounts on the user, once: a second (or concurrent) generation leaves the
 * first set in place and answers it.
 */
export async function saveReservedAccounts(userId: string, accounts: ReservedAccount[], now: Date): Promise<ReservedAccount[]> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.userProfile(userId),
        UpdateExpression: 'SET accountNumbers = :accounts, accountsReservedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(accountNumbers) OR size(accountNumbers) = :zero)',
        ExpressionAttributeValues: { ':accounts': accounts, ':now': now.toISOString(), ':zero': 0 },
      }),
    );
    return accounts;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const Key = keys.userProfile(userId);
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key, ProjectionExpression: 'accountNumbers', ConsistentRead: true }));
    return Item ? stored.reservedAccounts.read(Item, Key).accountNumbers : [];
  }
}

export const dynamoFunding: FundingStore = {
  createIntent: createPaymentIntent,
  setIntentLink: setPaymentIntentLink,
  getIntent: getPaymentIntent,
  credit: creditProviderFunding,
  saveReservedAccounts,
};
