/**
 * The funding HTTP service: POST /fundWallet/squad/initiate (a card payment link; the wallet is
 * credited later, only by the provider's signed webhook after its verify call) and
 * GET /auth/generateAcc (reserved bank accounts at several banks, kept on the user, idempotent;
 * the user's BVN or NIN is required, as Monnify requires one). The domain does both.
 */
import { ulid } from 'ulid';
import { initiateSquadPaymentRequest, type GenerateAccountsResponse, type InitiateSquadPaymentResponse } from '../../../shared/api/funding.js';
import { MONEY_MSG, MSG } from '../../../shared/messages.js';
import { ENV } from '../../../shared/runtime-env.js';
import { koboToNaira } from '../../../shared/money.js';
import { env, ENV_GROUPS, loadEnv } from '../../adapters/environment.js';
import { dynamoFunding } from '../../adapters/dynamo/money/funding.js';
import { getUserById } from '../../adapters/dynamo/accounts/users.js';
import { domainLog } from '../../adapters/log.js';
import { cardPaymentsFromEnv, reservedAccountsFromEnv } from '../../adapters/providers/index.js';
import {
  reserveAccounts,
  startCardPayment,
  type CardPaymentResult,
  type FundingDeps,
  type ReservedAccountsResult,
} from '../../domain/money/funding-requests.js';
import { answerWith, httpService, ok, parseInput, refuse, unavailable, type UserOperation } from '../../middleware/http.js';
import { edge } from './edge.js';

/** Every outcome of asking for a card payment link and its answer. */
const cardPaymentAnswer = answerWith<CardPaymentResult>({
  link_created: ({ reference, checkoutUrl, split }) => {
    const body: InitiateSquadPaymentResponse = {
      msg: MONEY_MSG.paymentLinkCreated,
      link: checkoutUrl,
      reference,
      amount: koboToNaira(split.paidKobo),
      charge: koboToNaira(split.chargeKobo),
      amountToCredit: koboToNaira(split.creditKobo),
    };
    return ok(body);
  },
  invalid_amount: refuse(400, MSG.enterValidAmount),
  below_minimum: refuse(400, MSG.minimumPayment),
  above_maximum: refuse(400, MONEY_MSG.maximumPayment),
  user_not_found: refuse(401, MSG.sessionExpired),
  provider_unavailable: () => unavailable(MONEY_MSG.paymentProviderUnavailable),
});

export function initiateSquadPaymentOperation(deps: FundingDeps): UserOperation {
  return async ({ principal, body }) => {
    const input = parseInput(initiateSquadPaymentRequest, body);
    const result = await startCardPayment({ userId: principal.userId, amountKobo: input.amount, email: input.email }, deps);
    return cardPaymentAnswer(result);
  };
}

const accountsAnswer = (msg: string) => (result: { accountNumbers: GenerateAccountsResponse['accountNumbers']; accountName: string }) => {
  const body: GenerateAccountsResponse = { msg, accountNumbers: result.accountNumbers, accountName: result.accountName };
  return ok(body);
};

/** Every outcome of asking for reserved accounts and its answer. */
const reservedAccountsAnswer = answerWith<ReservedAccountsResult>({
  existing: accountsAnswer(MONEY_MSG.accountsExist),
  reserved: accountsAnswer(MONEY_MSG.accountsGenerated),
  kyc_required: refuse(400, MONEY_MSG.kycRequiredForAccounts),
  user_not_found: refuse(401, MSG.sessionExpired),
  provider_unavailable: () => unavailable(MONEY_MSG.accountsUnavailable),
});

export function generateReservedAccountsOperation(deps: FundingDeps): UserOperation {
  return async ({ principal }) => reservedAccountsAnswer(await reserveAccounts(principal.userId, deps));
}

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session, ...ENV_GROUPS.providers]);

const deps: FundingDeps = {
  funding: dynamoFunding,
  cards: cardPaymentsFromEnv,
  accounts: reservedAccountsFromEnv,
  findUser: getUserById,
  appBaseUrl: () => env(ENV.appBaseUrl),
  newId: () => ulid(),
  now: () => new Date(),
  log: domainLog,
};

export const handler = httpService(
  'funding',
  {
    initiateSquadPayment: initiateSquadPaymentOperation(deps),
    generateReservedAccounts: generateReservedAccountsOperation(deps),
  },
  edge,
);
