/**
 * The transfers HTTP service: POST /auth/transferFund {userName, amount}. The receiver is named by
 * user name (validated first with GET /auth/validateUser/{userName}); the domain places the
 * transfer: the debit, the credit and both `transfer` records are one atomic write. A user's
 * transfer never overdraws; an admin's comes from the house account with no balance
 * check, and the answer's balance is then the admin's own, unchanged.
 */
import { ulid } from 'ulid';
import { transferFundRequest, type TransferFundResponse } from '../../../shared/api/transfers.js';
import { MONEY_MSG, MSG } from '../../../shared/messages.js';
import { koboToNaira } from '../../../shared/money.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/environment.js';
import { readWallet } from '../../adapters/dynamo/wallet/ledger.js';
import { transferBetweenWallets, transferFromHouse } from '../../adapters/dynamo/wallet/transfers.js';
import { getUserByUserName } from '../../adapters/dynamo/accounts/users.js';
import { viewFor, type TransactionReader } from '../../domain/transactions/transaction-views.js';
import { placeTransfer, type TransferDeps, type TransferResult } from '../../domain/wallet/transfers.js';
import { auditedRequestOf, isOperatorCall } from '../../middleware/audit.js';
import { answerWith, httpService, ok, parseInput, refuse, type UserOperation } from '../../middleware/http.js';
import { edge } from './edge.js';

function transferred(reader: TransactionReader, result: Extract<TransferResult, { debit: unknown }>) {
  const body: TransferFundResponse = {
    msg: MONEY_MSG.transferSuccessful,
    receipt: viewFor(reader, result.debit),
    balance: koboToNaira(result.senderBalanceKobo),
    receiver: { userName: result.receiver.userName },
  };
  return ok(body);
}

/** Every outcome of placing a transfer and its answer; the receipt as the reader may read it. */
const transferAnswer = (reader: TransactionReader) =>
  answerWith<TransferResult>({
    posted: (result) => transferred(reader, result),
    replayed: (result) => transferred(reader, result),
    receiver_not_found: refuse(404, MSG.userNotFound),
    self_transfer: refuse(400, MONEY_MSG.cannotTransferToSelf),
    invalid_amount: refuse(400, MSG.enterValidAmount),
    above_maximum: refuse(400, MONEY_MSG.maximumTransfer),
    insufficient_balance: refuse(400, MSG.insufficientBalance),
    exists_with_different_details: refuse(409, MSG.duplicateRequest),
  });

export function transferFundOperation(deps: TransferDeps): UserOperation {
  return async (request) => {
    const { principal } = request;
    const input = parseInput(transferFundRequest, request.body);
    const result = await placeTransfer(
      {
        sender: { userId: principal.userId, userName: principal.userName, userType: principal.userType },
        senderIsAdmin: principal.isAdmin,
        receiverUserName: input.userName,
        amountKobo: input.amount,
        requestId: input.request_id,
        // An admin's or agent's transfer is an operator action: its entry goes in the transfer's own write.
        ...(isOperatorCall(request) ? { operatorRequest: auditedRequestOf(request) } : {}),
      },
      deps,
    );
    return transferAnswer(principal)(result);
  };
}

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session]);

const deps: TransferDeps = {
  findUserByUserName: getUserByUserName,
  transfer: transferBetweenWallets,
  transferFromHouse,
  balanceOf: async (userId) => (await readWallet(userId)).balanceKobo,
  newId: () => ulid(),
  now: () => new Date(),
};

export const handler = httpService('transfers', { transferFund: transferFundOperation(deps) }, edge);
