/**
 * The funding HTTP service: POST /fundWallet/squad/initiate (a card payment link; the wallet is
 * credited later, only by the provider's signed webhook after its verify call) and
 * GET /auth/generateAcc (reserved bank accounts at several banks, kept on the user, idempotent;
 * the user's BVN or NIN is required, as Monnify requires one).
 */
import { ulid } from 'ulid';
import { RESERVED_ACCOUNT_NAME_CHARS } from '../../../shared/constants.js';
import { initiateSquadPaymentRequest, type GenerateAccountsResponse, type InitiateSquadPaymentResponse } from '../../../shared/api/funding.js';
import { MONEY_MSG, MSG } from '../../../shared/messages.js';
import { ENV } from '../../../shared/runtime-env.js';
import { InvalidAmountError, koboToNaira, nairaToKobo } from '../../../shared/money.js';
import { env } from '../../adapters/config.js';
import { dynamoFunding } from '../../adapters/dynamo/funding.js';
import { getUserById, loadPrincipal } from '../../adapters/dynamo/users.js';
import { domainLog } from '../../adapters/log.js';
import { cardPaymentsFromEnv, reservedAccountsFromEnv } from '../../adapters/providers/index.js';
import { displayName, type UserProfile } from '../../domain/accounts.js';
import { checkFundingAmount, fundingSplit, newPaymentReference, reservationIdentity } from '../../domain/funding.js';
import type { Logger } from '../../domain/settlement.js';
import type { FundingStore } from '../../ports/money.js';
import type { CardPayments, ReservedAccounts } from '../../ports/payments.js';
import { BadRequestError, DependencyFailedError, UnauthorizedError } from '../../middleware/errors.js';
import { httpService, parseInput, type HttpAnswer, type HttpRequest } from '../../middleware/http.js';

export interface FundingDeps {
  funding: FundingStore;
  cards(): CardPayments;
  accounts(): ReservedAccounts;
  findUser(userId: string): Promise<UserProfile | undefined>;
  appBaseUrl(): string;
  newId(): string;
  now(): Date;
  log: Logger;
}

export function fundingOperations(deps: FundingDeps) {
  async function caller(request: HttpRequest): Promise<UserProfile> {
    const profile = await deps.findUser(request.principal!.userId);
    if (!profile) throw new UnauthorizedError(MSG.sessionExpired);
    return profile;
  }

  async function initiateSquadPayment(request: HttpRequest): Promise<HttpAnswer> {
    const input = parseInput(initiateSquadPaymentRequest, request.body);
    let amountKobo: number;
    try {
      amountKobo = nairaToKobo(input.amount);
    } catch (error) {
      if (error instanceof InvalidAmountError) throw new BadRequestError(MSG.enterValidAmount, { cause: error });
      throw error;
    }
    const check = checkFundingAmount(amountKobo);
    if (!check.ok) {
      throw new BadRequestError(check.reason === 'below_minimum' ? MSG.minimumPayment : check.reason === 'above_maximum' ? MONEY_MSG.maximumPayment : MSG.enterValidAmount);
    }
    const user = await caller(request);
    const now = deps.now();
    const reference = newPaymentReference(deps.newId);
    const email = input.email ?? user.email;
    // The intent first: whatever the provider later reports, the credit goes to this user only.
    await deps.funding.createIntent({
      provider: 'squad',
      reference,
      userId: user.userId,
      userName: user.userName,
      email,
      amountKobo,
      status: 'initiated',
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    const created = await deps.cards().initiate({
      reference,
      amountKobo,
      email,
      callbackUrl: `${deps.appBaseUrl().replace(/\/+$/, '')}/profile`,
      customerName: displayName(user),
    });
    if (created.kind !== 'created') {
      deps.log.error('card payment link not created', { reference, outcome: created.kind, detail: created.detail });
      throw new DependencyFailedError(MONEY_MSG.paymentProviderUnavailable);
    }
    await deps.funding.setIntentLink('squad', reference, created.checkoutUrl, deps.now());
    const split = fundingSplit(amountKobo);
    const body: InitiateSquadPaymentResponse = {
      msg: MONEY_MSG.paymentLinkCreated,
      link: created.checkoutUrl,
      reference,
      amount: koboToNaira(amountKobo),
      charge: koboToNaira(split.chargeKobo),
      amountToCredit: koboToNaira(split.creditKobo),
    };
    return { statusCode: 200, body };
  }

  async function generateReservedAccounts(request: HttpRequest): Promise<HttpAnswer> {
    const user = await caller(request);
    const accountName = displayName(user).slice(0, RESERVED_ACCOUNT_NAME_CHARS);
    if (user.accountNumbers.length > 0) {
      const body: GenerateAccountsResponse = { msg: MONEY_MSG.accountsExist, accountNumbers: user.accountNumbers, accountName };
      return { body };
    }
    // Monnify reserves accounts only under a BVN or NIN: without one, ask for KYC before the provider is called.
    const identity = reservationIdentity(user);
    if (!identity) throw new BadRequestError(MONEY_MSG.kycRequiredForAccounts);
    const reserved = await deps.accounts().reserve({
      // Our user id is the account reference: a transfer into any of these accounts names its owner.
      accountReference: user.userId,
      accountName,
      customerEmail: user.email,
      customerName: displayName(user),
      ...identity,
    });
    if (reserved.kind !== 'reserved') {
      deps.log.error('reserved accounts not created', { userId: user.userId, outcome: reserved.kind, detail: reserved.detail });
      throw new DependencyFailedError(MONEY_MSG.accountsUnavailable);
    }
    const accountNumbers = await deps.funding.saveReservedAccounts(user.userId, reserved.accounts, deps.now());
    const body: GenerateAccountsResponse = { msg: MONEY_MSG.accountsGenerated, accountNumbers, accountName };
    return { body };
  }

  return { initiateSquadPayment, generateReservedAccounts } satisfies Record<string, (request: HttpRequest) => Promise<HttpAnswer>>;
}

export const handler = httpService(
  'funding',
  fundingOperations({
    funding: dynamoFunding,
    cards: cardPaymentsFromEnv,
    accounts: reservedAccountsFromEnv,
    findUser: getUserById,
    appBaseUrl: () => env(ENV.appBaseUrl),
    newId: () => ulid(),
    now: () => new Date(),
    log: domainLog,
  }),
  { loadPrincipal },
);
