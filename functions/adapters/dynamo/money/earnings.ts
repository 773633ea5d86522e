/**
 * Referral earnings on DynamoDB. Under the referrer's partition: one REFERRAL item per referred
 * user (written at registration, rewarded once) and one EARNINGS item (balance and totals).
 *  - The reward is ONE TransactWriteItems: the referral item gets `rewardedAt` (condition: not yet
 *    rewarded) and the earnings item is incremented — so a user's upgrade rewards once, however
 *    often the event is delivered.
 *  - Withdrawing is ONE write through the ledger: wallet credit (seq condition) + an `earning`
 *    record + the earnings item emptied (condition: it still holds exactly what was read).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { UserType } from '../../../../shared/constants.js';
import { earningWithdrawalDraft, NO_EARNINGS, type Earnings, type Referral } from '../../../domain/money/earnings.js';
import type { EarningsStore, RewardResult, WithdrawEarningsResult } from '../../../domain/money/money-port.js';
import { db, tableName } from '../client.js';
import { keys, partitionQuery } from '../keys.js';
import { EARNINGS_ENTITY, REFERRAL_ENTITY, stored } from '../items.js';
import { writeWalletChange } from '../wallet/ledger.js';
import { queryPrefix } from '../partition.js';
import { retryOnConflict } from '../retry.js';
import { transactWrite } from '../conditional-writes.js';

export async function getEarnings(userId: string): Promise<Earnings> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.earnings(userId), ConsistentRead: true }));
  return Item ? stored.earnings.read(Item) : NO_EARNINGS;
}

export async function listReferrals(userId: string): Promise<Referral[]> {
  const items = await queryPrefix(partitionQuery.referrals(userId));
  return items.filter((item) => item.entity === REFERRAL_ENTITY).map((item) => stored.referral.read(item));
}

/** The referral item written in the registration transaction (see users.createUser). */
export function newReferralItem(referrerId: string, referred: { userId: string; userName: string }, createdAt: string) {
  return {
    ...keys.referral(referrerId, referred.userId),
    entity: REFERRAL_ENTITY,
    referrerId,
    referredUserId: referred.userId,
    userName: referred.userName,
    amountEarnedKobo: 0,
    createdAt,
  };
}

export async function rewardReferral(input: {
  referrerId: string;
  referred: { userId: string; userName: string };
  amountKobo: number;
  rewardId: string;
  now: Date;
}): Promise<RewardResult> {
  const nowIso = input.now.toISOString();
  const result = await transactWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.referral(input.referrerId, input.referred.userId),
          // Upsert: users registered before referral items existed are rewarded all the same.
          UpdateExpression:
            'SET entity = :entity, referrerId = :referrerId, referredUserId = :referredUserId, userName = :userName, amountEarnedKobo = :amount, ' +
            'rewardedAt = :now, rewardId = :rewardId, createdAt = if_not_exists(createdAt, :now)',
          ConditionExpression: 'attribute_not_exists(rewardedAt)',
          ExpressionAttributeValues: {
            ':entity': REFERRAL_ENTITY,
            ':referrerId': input.referrerId,
            ':referredUserId': input.referred.userId,
            ':userName': input.referred.userName,
            ':amount': input.amountKobo,
            ':now': nowIso,
            ':rewardId': input.rewardId,
          },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: keys.earnings(input.referrerId),
          UpdateExpression:
            'SET entity = :entity, userId = :userId, updatedAt = :now ADD earningBalanceKobo :amount, totalEarnedKobo :amount, rewardCount :one',
          ExpressionAttributeValues: { ':entity': EARNINGS_ENTITY, ':userId': input.referrerId, ':now': nowIso, ':amount': input.amountKobo, ':one': 1 },
        },
      },
    ],
    `referral reward ${input.rewardId}`,
  );
  // Only the referral item is conditional: it failing means this reward was paid before.
  return result.ok ? { kind: 'rewarded' } : { kind: 'already_rewarded' };
}

const MAX_EARNINGS_ATTEMPTS = 10;

/** The earnings item changed between the read and the write (a reward arrived, or another withdrawal won). */
class EarningsMovedError extends Error {
  constructor(userId: string, options?: ErrorOptions) {
    super(`earnings of ${userId} kept changing`, options);
    this.name = 'EarningsMovedError';
  }
}

export async function withdrawEarnings(
  user: { userId: string; userName: string; userType: UserType },
  newId: () => string,
  now: () => Date,
): Promise<WithdrawEarningsResult> {
  return retryOnConflict<WithdrawEarningsResult>(
    async () => {
      const earnings = await getEarnings(user.userId);
      if (earnings.earningBalanceKobo <= 0) return { kind: 'nothing_to_withdraw' };
      const amountKobo = earnings.earningBalanceKobo;
      const at = now();
      const outcome = await writeWalletChange({
        direction: 'credit',
        draft: earningWithdrawalDraft({ id: newId(), user, amountKobo, now: at }),
        extraItems: () => [
          {
            Update: {
              TableName: tableName(),
              Key: keys.earnings(user.userId),
              UpdateExpression: 'SET earningBalanceKobo = :zero, updatedAt = :now ADD totalWithdrawnKobo :amount',
              ConditionExpression: 'earningBalanceKobo = :expected',
              ExpressionAttributeValues: { ':zero': 0, ':now': at.toISOString(), ':amount': amountKobo, ':expected': amountKobo },
            },
          },
        ],
      });
      switch (outcome.kind) {
        case 'written':
          return {
            kind: 'withdrawn',
            record: outcome.record,
            earnings: { ...earnings, earningBalanceKobo: 0, totalWithdrawnKobo: earnings.totalWithdrawnKobo + amountKobo },
          };
        case 'extra_condition_failed':
        case 'record_exists':
          throw new EarningsMovedError(user.userId);
        case 'insufficient_balance':
          throw new Error('a credit cannot be short of balance');
      }
    },
    {
      attempts: MAX_EARNINGS_ATTEMPTS,
      what: `earnings withdrawal of ${user.userId}`,
      alsoRetry: (error) => error instanceof EarningsMovedError,
      giveUp: (cause) => new EarningsMovedError(user.userId, { cause }),
    },
  );
}

export const dynamoEarnings: EarningsStore = { get: getEarnings, listReferrals, reward: rewardReferral, withdraw: withdrawEarnings };
