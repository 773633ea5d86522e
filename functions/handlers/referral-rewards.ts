/**
 * SQS consumer of UserUpgraded events (EventBridge event JSON in each body): the referrer's ₦500
 * reward into their earnings, exactly once per referred user. Faults fail the message for a retry;
 * so does a malformed event: the dead-letter queue keeps it, since it may stand for a reward owed.
 */
import { EVENT_TYPES } from '../../shared/events.js';
import { ENV_GROUPS, loadEnv } from '../adapters/environment.js';
import { dynamoEarnings } from '../adapters/dynamo/money/earnings.js';
import { getUserByUserName } from '../adapters/dynamo/accounts/users.js';
import { platformEventOf } from '../adapters/envelopes.js';
import { domainLog } from '../adapters/log.js';
import { logger } from '../adapters/observability.js';
import { rewardReferrer, type RewardDeps } from '../domain/money/referral-rewards.js';
import { backgroundFunction, sqsBatchHandler } from '../middleware/background.js';

export function referralRewardsHandler(deps: RewardDeps) {
  return sqsBatchHandler(async (record) => {
    const { detail } = platformEventOf(record, EVENT_TYPES.userUpgraded);
    const outcome = await rewardReferrer(detail, deps);
    logger.info('referral reward', { userId: detail.userId, outcome });
  });
}

loadEnv(ENV_GROUPS.table);

export const handler = backgroundFunction(
  referralRewardsHandler({ earnings: dynamoEarnings, findUserByUserName: getUserByUserName, now: () => new Date(), log: domainLog }),
);
