/**
 * SQS consumer of UserUpgraded events (EventBridge event JSON in each body): the referrer's ₦500
 * reward into their earnings, exactly once per referred user. Faults fail the message for a retry.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { userUpgradedSchema } from '../../shared/events.js';
import { dynamoEarnings } from '../adapters/dynamo/earnings.js';
import { getUserByUserName } from '../adapters/dynamo/users.js';
import { domainLog } from '../adapters/log.js';
import { logger } from '../adapters/observability.js';
import { rewardReferrer, type RewardDeps } from '../domain/referral-rewards.js';
import { processSqsBatch } from './sqs-batch.js';

export function referralRewardsHandler(deps: RewardDeps) {
  return (event: SQSEvent): Promise<SQSBatchResponse> =>
    processSqsBatch(event, async (record) => {
      const detail = userUpgradedSchema.parse((JSON.parse(record.body) as { detail?: unknown }).detail);
      const outcome = await rewardReferrer(detail, deps);
      logger.info('referral reward', { userId: detail.userId, outcome });
    });
}

export const handler = referralRewardsHandler({ earnings: dynamoEarnings, findUserByUserName: getUserByUserName, now: () => new Date(), log: domainLog });
