/** Transfers between users: GET /auth/validateUser/{userName} (accounts) then POST /auth/transferFund. */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { positiveNairaInKobo, requestId } from './common.js';
import type { TransactionView } from './transactions.js';

export const transferFundRequest = z.object({
  userName: z.string({ required_error: MSG.enterUsername, invalid_type_error: MSG.enterUsername }).trim().min(1, MSG.enterUsername).max(30, MSG.userNotFound),
  amount: positiveNairaInKobo,
  /** Optional client idempotency key: the same key never transfers twice. */
  request_id: requestId,
});
export type TransferFundRequest = z.infer<typeof transferFundRequest>;

export interface TransferFundResponse {
  msg: string;
  /** The sender's `transfer` record. */
  receipt: TransactionView;
  /** The sender's balance after the transfer (naira). */
  balance: number;
  receiver: { userName: string };
}
