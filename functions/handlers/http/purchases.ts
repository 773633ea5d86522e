/** HTTP: POST /buy/airtime. Debit + `processing` record atomically, then hand off to fulfilment. */
import { ulid } from 'ulid';
import { buyAirtimeRequest, type PurchaseResponse } from '../../../shared/api/purchases.js';
import { airtimeNetworkName } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import { InvalidAmountError, nairaToKobo, type Kobo } from '../../../shared/money.js';
import { dynamoLedger } from '../../adapters/dynamo/ledger.js';
import { loadPrincipal } from '../../adapters/dynamo/users.js';
import { domainLog } from '../../adapters/log.js';
import { sqsFulfilmentQueue } from '../../adapters/sqs.js';
import { placeAirtimePurchase, type PurchaseDeps } from '../../domain/purchases.js';
import { toTransactionView } from '../../domain/transactions.js';
import { BadRequestError, ConflictError } from '../../middleware/errors.js';
import { httpService, parseInput, type HttpAnswer, type HttpRequest } from '../../middleware/http.js';

function amountInKobo(amount: number | string): Kobo {
  try {
    return nairaToKobo(amount);
  } catch (error) {
    if (error instanceof InvalidAmountError) throw new BadRequestError(MSG.enterValidAmount, { cause: error });
    throw error;
  }
}

export function buyAirtimeOperation(deps: PurchaseDeps) {
  return async (request: HttpRequest): Promise<HttpAnswer> => {
    const principal = request.principal!;
    const input = parseInput(buyAirtimeRequest, request.body);
    const network = airtimeNetworkName(input.network);
    if (!network) throw new BadRequestError(MSG.invalidNetwork);
    const result = await placeAirtimePurchase(
      {
        userId: principal.userId,
        userName: principal.userName,
        // The principal is re-read from the table on every request: the tier is current.
        userType: principal.userType,
        network,
        phoneNumber: input.mobile_number,
        faceValueKobo: amountInKobo(input.amount),
        requestId: input.request_id,
      },
      deps,
    );
    switch (result.kind) {
      case 'accepted':
      case 'replayed': {
        const body: PurchaseResponse = { msg: MSG.airtimeProcessing, receipt: toTransactionView(result.record) };
        return { statusCode: 200, body };
      }
      case 'invalid_amount':
        throw new BadRequestError(MSG.enterValidAmount);
      case 'below_minimum':
        throw new BadRequestError(MSG.minimumAirtime);
      case 'above_maximum':
        throw new BadRequestError(MSG.maximumAirtime);
      case 'insufficient_balance':
        throw new BadRequestError(MSG.insufficientBalance);
      case 'exists_with_different_amount':
      case 'exists_with_different_details':
        throw new ConflictError(MSG.duplicateRequest);
    }
  };
}

export const handler = httpService(
  'purchases',
  {
    buyAirtime: buyAirtimeOperation({
      ledger: dynamoLedger,
      queue: sqsFulfilmentQueue(),
      now: () => new Date(),
      newId: () => ulid(),
      log: domainLog,
    }),
  },
  { loadPrincipal },
);
