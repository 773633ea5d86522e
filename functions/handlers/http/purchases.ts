/**
 * HTTP: POST /buy/airtime and POST /buy/data. A locked service or an unavailable plan is refused
 * before any money moves; otherwise debit + `processing` record atomically, then hand off to
 * fulfilment.
 */
import { ulid } from 'ulid';
import { buyAirtimeRequest, buyDataRequest, type PurchaseResponse } from '../../../shared/api/purchases.js';
import { airtimeNetworkName, dataNetworkName } from '../../../shared/constants.js';
import { CATALOGUE_MSG, MSG, serviceLockedMessage } from '../../../shared/messages.js';
import { InvalidAmountError, nairaToKobo, type Kobo } from '../../../shared/money.js';
import { dynamoCatalogue } from '../../adapters/dynamo/catalogue.js';
import { dynamoContacts } from '../../adapters/dynamo/contacts.js';
import { dynamoLedger } from '../../adapters/dynamo/ledger.js';
import { dynamoServiceLocks } from '../../adapters/dynamo/settings.js';
import { loadPrincipal } from '../../adapters/dynamo/users.js';
import { domainLog } from '../../adapters/log.js';
import { sqsFulfilmentQueue } from '../../adapters/sqs.js';
import { placeAirtimePurchase, placeDataPurchase, type DataPurchaseDeps, type DataPurchaseResult, type PurchaseDeps } from '../../domain/purchases.js';
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

/** The answer for every outcome of placing a purchase; `processingMsg` names the product. */
function purchaseAnswer(result: DataPurchaseResult, processingMsg: string): HttpAnswer {
  switch (result.kind) {
    case 'accepted':
    case 'replayed': {
      const body: PurchaseResponse = { msg: processingMsg, receipt: toTransactionView(result.record) };
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
    case 'service_locked':
      throw new BadRequestError(serviceLockedMessage(result.serviceName, result.serviceType));
    case 'plan_unavailable':
      throw new BadRequestError(CATALOGUE_MSG.planUnavailable);
    case 'plan_not_for_network':
      throw new BadRequestError(CATALOGUE_MSG.planNotForNetwork);
    case 'exists_with_different_amount':
    case 'exists_with_different_details':
      throw new ConflictError(MSG.duplicateRequest);
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
    return purchaseAnswer(result, MSG.airtimeProcessing);
  };
}

export function buyDataOperation(deps: DataPurchaseDeps) {
  return async (request: HttpRequest): Promise<HttpAnswer> => {
    const principal = request.principal!;
    const input = parseInput(buyDataRequest, request.body);
    const network = dataNetworkName(input.network);
    if (!network) throw new BadRequestError(MSG.invalidNetwork);
    const result = await placeDataPurchase(
      {
        userId: principal.userId,
        userName: principal.userName,
        userType: principal.userType,
        network,
        phoneNumber: input.mobile_number,
        planId: input.plan,
        requestId: input.request_id,
      },
      deps,
    );
    return purchaseAnswer(result, CATALOGUE_MSG.dataProcessing);
  };
}

const deps: DataPurchaseDeps = {
  ledger: dynamoLedger,
  queue: sqsFulfilmentQueue(),
  now: () => new Date(),
  newId: () => ulid(),
  log: domainLog,
  services: dynamoServiceLocks,
  contacts: dynamoContacts,
  catalogue: dynamoCatalogue,
};

export const handler = httpService('purchases', { buyAirtime: buyAirtimeOperation(deps), buyData: buyDataOperation(deps) }, { loadPrincipal });
