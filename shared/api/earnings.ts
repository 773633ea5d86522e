/** Referral earnings: GET /auth/referral?page= and POST /auth/withdrawEarning. */
import { z } from 'zod';
import type { TransactionView } from './transactions.js';

export const referralQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1) });

export interface ReferralResponse {
  /** Naira waiting to be moved to the wallet. */
  earningBalance: number;
  /** How many users registered with this user's referral link. */
  totalReferred: number;
  /** Naira earned so far (moved or not). */
  totalEarned: number;
  /** One page, newest first ("No referral yet" when empty). */
  referralList: { userName: string; amountEarned: number }[];
  totalPages: number;
  page: number;
}

export interface WithdrawEarningResponse {
  msg: string;
  /** Naira moved to the wallet. */
  amount: number;
  /** Wallet balance after (naira). */
  balance: number;
  earningBalance: number;
  receipt: TransactionView;
}
