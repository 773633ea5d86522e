/**
 * Referral earnings, pure rules. A referrer earns ₦500 (REFERRAL_REWARD_KOBO) into their EARNINGS
 * — not the wallet — when a user they referred becomes a reseller by paying the upgrade fee, once
 * per referred user (the reward's id is derived from the referred user's id). Withdrawing moves
 * the whole earning balance into the wallet in one write (type `earning`).
 */
import { REFERRAL_REWARD_KOBO, REFERRALS_PAGE_SIZE, type UserType } from '../../../shared/constants.js';
import type { UserUpgraded } from '../../../shared/events.js';
import { formatNaira, koboToNaira, type Kobo } from '../../../shared/money.js';
import { derivedId } from '../ids.js';
import type { TransactionDraft } from '../transactions/transactions.js';

export interface Earnings {
  earningBalanceKobo: Kobo;
  totalEarnedKobo: Kobo;
  /** Sum moved to the wallet so far. */
  totalWithdrawnKobo: Kobo;
}

export const NO_EARNINGS: Earnings = { earningBalanceKobo: 0, totalEarnedKobo: 0, totalWithdrawnKobo: 0 };

export interface Referral {
  referredUserId: string;
  userName: string;
  amountEarnedKobo: Kobo;
  createdAt: string;
  rewardedAt?: string;
  rewardId?: string;
}

/** The one reward a referred user can ever bring. */
export function referralRewardIdFor(referredUserId: string): string {
  return derivedId('referral-reward', referredUserId);
}

export type RewardDecision = { kind: 'reward'; referrerUserName: string; amountKobo: Kobo } | { kind: 'none'; reason: 'not_referred' | 'not_a_paid_upgrade' };

/** A paid upgrade from smart earner to reseller rewards the referrer, if any. */
export function decideReferralReward(event: UserUpgraded): RewardDecision {
  if (!event.referredBy) return { kind: 'none', reason: 'not_referred' };
  if (event.fromType !== 'smart earner' || event.toType !== 'reseller') return { kind: 'none', reason: 'not_a_paid_upgrade' };
  return { kind: 'reward', referrerUserName: event.referredBy, amountKobo: REFERRAL_REWARD_KOBO };
}

export interface ReferralPage {
  earningBalance: number;
  totalReferred: number;
  totalEarned: number;
  referralList: { userName: string; amountEarned: number }[];
  totalPages: number;
  page: number;
}

/** One page (1-based) of referrals, newest first, with the earning figures in naira. */
export function referralPage(earnings: Earnings, referrals: readonly Referral[], page: number, pageSize = REFERRALS_PAGE_SIZE): ReferralPage {
  const ordered = [...referrals].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.userName.localeCompare(b.userName));
  const totalPages = Math.max(1, Math.ceil(ordered.length / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), totalPages);
  const start = (current - 1) * pageSize;
  return {
    earningBalance: koboToNaira(earnings.earningBalanceKobo),
    totalReferred: ordered.length,
    totalEarned: koboToNaira(earnings.totalEarnedKobo),
    referralList: ordered.slice(start, start + pageSize).map((r) => ({ userName: r.userName, amountEarned: koboToNaira(r.amountEarnedKobo) })),
    totalPages,
    page: current,
  };
}

/** The wallet side of moving earnings to the wallet. */
export function earningWithdrawalDraft(input: {
  id: string;
  user: { userId: string; userName: string; userType: UserType };
  amountKobo: Kobo;
  now: Date;
}): TransactionDraft {
  const nowIso = input.now.toISOString();
  return {
    id: input.id,
    userId: input.user.userId,
    trans_UserName: input.user.userName,
    userType: input.user.userType,
    trans_Type: 'earning',
    trans_Status: 'success',
    trans_Network: '',
    phone_number: '',
    amountKobo: input.amountKobo,
    volume: formatNaira(input.amountKobo),
    description: `Referral earnings of ${formatNaira(input.amountKobo)} moved to the wallet`,
    requestFingerprint: `earning:${input.user.userId}`,
    createdAt: nowIso,
    updatedAt: nowIso,
    settledAt: nowIso,
  };
}
