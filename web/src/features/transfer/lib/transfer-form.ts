/**
 * The transfer's two steps: the receiver's user name, then the amount, as the
 * API reads them (shared/api/transfers.ts). A non-admin cannot send more than the balance; admins
 * are not checked.
 */
import { z } from 'zod';
import { transferFundRequest } from '@shared/api/transfers.js';
import { MONEY_MSG, MSG } from '@shared/messages.js';
import type { Kobo } from '@shared/money.js';
import { koboToApiNaira } from '@/lib/money.js';

export const receiverForm = transferFundRequest.pick({ userName: true });
export type ReceiverFormValues = z.input<typeof receiverForm>;

/** The receiver step for a signed-in sender: their own name is refused here, as the server refuses it. */
export function receiverFormFor(ownUserName: string | undefined) {
  const own = ownUserName?.trim().toLowerCase();
  return receiverForm.refine((v) => !own || v.userName.toLowerCase() !== own, { message: MONEY_MSG.cannotTransferToSelf, path: ['userName'] });
}

/** The amount, at most `limitKobo` when there is a limit (the sender's balance). */
export function transferAmountForm(limitKobo: Kobo | null) {
  const amount = transferFundRequest.shape.amount;
  return z.object({ amount: limitKobo === null ? amount : amount.pipe(z.number().max(limitKobo, MSG.insufficientBalance)) });
}
export type TransferAmountFormValues = z.input<ReturnType<typeof transferAmountForm>>;

/** POST /auth/transferFund's body. */
export type TransferFundBody = z.input<typeof transferFundRequest> & { amount: number; request_id: string };

/** What is sent: the amount back in naira, as the API takes it. */
export function transferFundBody(userName: string, amountKobo: Kobo, requestId: string): TransferFundBody {
  return { userName, amount: koboToApiNaira(amountKobo), request_id: requestId };
}
