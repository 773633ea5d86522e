/** Transfers between users: GET /auth/validateUser/{userName} (accounts) then POST /auth/transferFund. */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { nairaAmount } from './common.js';
import type { TransactionView } from './transactions.js';

export const transferFundRequest = z.object({
  userName: z.string({ required_error: MSG.enterUsername, invalid_type_error: MSG.enterUsername }).trim().min(1, MSG.enterUsername).max(30, MSG.userNotFound),
  amount: z.union([z.number(), z.string()], { required_error: MSG.enterValidAmount, invalid_type_error: MSG.enterValidAmount }).pipe(nairaAmount),
  /** Optional client idempotency key: the same key never transfers twice. */
  request_id: z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/).optional(),
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
