/**
 * The referral reward, delivered through the bus: a UserUpgraded event (rule → queue → consumer)
 * gives the referrer ₦500 of earnings, once per referred user however often it is delivered.
 */
import type { UserUpgraded } from '../../../shared/events.js';
import type { EarningsStore } from './money-port.js';
import { decideReferralReward, referralRewardIdFor } from './earnings.js';
import type { Logger } from '../logger.js';

export interface RewardDeps {
  earnings: Pick<EarningsStore, 'reward'>;
  findUserByUserName(userName: string): Promise<{ userId: string; userName: string } | undefined>;
  now(): Date;
  log: Logger;
}

export type RewardOutcome = 'rewarded' | 'already_rewarded' | 'not_referred' | 'not_a_paid_upgrade' | 'referrer_unknown' | 'self_referral';

export async function rewardReferrer(event: UserUpgraded, deps: RewardDeps): Promise<RewardOutcome> {
  const decision = decideReferralReward(event);
  if (decision.kind === 'none') return decision.reason;
  const referrer = await deps.findUserByUserName(decision.referrerUserName);
  if (!referrer) {
    deps.log.warn('referrer no longer exists; no reward', { userId: event.userId, referredBy: event.referredBy });
    return 'referrer_unknown';
  }
  if (referrer.userId === event.userId) return 'self_referral';
  const result = await deps.earnings.reward({
    referrerId: referrer.userId,
    referred: { userId: event.userId, userName: event.userName },
    amountKobo: decision.amountKobo,
    rewardId: referralRewardIdFor(event.userId),
    now: deps.now(),
  });
  if (result.kind === 'rewarded')
    deps.log.info('referral rewarded', { referrerId: referrer.userId, referredUserId: event.userId, amountKobo: decision.amountKobo });
  return result.kind;
}
