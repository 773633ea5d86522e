/**
 * The withdrawals HTTP service: bank codes, account-name resolution, withdrawals (₦50 fee: the
 * wallet is debited the amount, the account receives amount − 50), beneficiaries, and the admin's
 * re-query. A withdrawal is placed by the domain (debit + `processing` record atomically, then the
 * payout queue); its outcome arrives by the provider's signed webhook or a re-query.
 */
import { ulid } from 'ulid';
import { BENEFICIARIES_MAX } from '../../../shared/constants.js';
import {
  addBeneficiaryRequest,
  reQueryWithdrawalRequest,
  validateBankAccountRequest,
  withdrawRequest,
  type AddBeneficiaryResponse,
  type BankCodesResponse,
  type BeneficiaryListResponse,
  type BeneficiaryView,
  type ReQueryWithdrawalResponse,
  type ValidateBankAccountResponse,
  type WithdrawResponse,
} from '../../../shared/api/withdrawals.js';
import { MONEY_MSG, MSG } from '../../../shared/messages.js';
import { koboToNaira } from '../../../shared/money.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/environment.js';
import { dynamoLedger } from '../../adapters/dynamo/wallet/ledger.js';
import { dynamoWithdrawals } from '../../adapters/dynamo/money/withdrawals.js';
import { domainLog } from '../../adapters/log.js';
import { meteredPayouts } from '../../adapters/metered.js';
import { payoutsFromEnv } from '../../adapters/providers/index.js';
import { PayoutRetryLaterError, requeryWithdrawal } from '../../domain/money/payouts.js';
import type { TransactionRecord } from '../../domain/transactions/transactions.js';
import { viewFor, type TransactionReader } from '../../domain/transactions/transaction-views.js';
import { findBank, type Bank, type BankAccount, type WithdrawalAmounts } from '../../domain/money/withdrawals.js';
import { placeWithdrawal, type WithdrawalDeps, type WithdrawalResult } from '../../domain/money/withdrawal-debit.js';
import type { WithdrawalStore } from '../../domain/money/money-port.js';
import type { Payouts } from '../../domain/money/payments-port.js';
import { BadRequestError, DependencyFailedError } from '../../middleware/errors.js';
import { answerWith, httpService, ok, parseInput, refusal, refuse, unavailable, type UserOperation } from '../../middleware/http.js';
import type { Logger } from '../../domain/logger.js';
import { edge } from './edge.js';

export interface WithdrawalsDeps extends WithdrawalDeps {
  log: Logger;
  withdrawals: WithdrawalStore;
  payouts(): Payouts;
  /** The provider's banks (see `cachedBanks`); undefined while the provider is down and nothing is cached. */
  banks(): Promise<Bank[] | undefined>;
}

/** Bank lists change rarely: one provider call per container every few minutes. */
const BANKS_CACHE_MS = 10 * 60 * 1000;

/** The provider's bank list, cached per container and shared by every operation; the last good list outlives an outage. */
export function cachedBanks(deps: Pick<WithdrawalsDeps, 'payouts' | 'now' | 'log'>): () => Promise<Bank[] | undefined> {
  let cache: { banks: Bank[]; at: number } | undefined;
  return async () => {
    const nowMs = deps.now().getTime();
    if (cache && nowMs - cache.at < BANKS_CACHE_MS) return cache.banks;
    const answer = await deps.payouts().listBanks();
    if (answer.kind !== 'banks') {
      deps.log.error('bank list unavailable', { detail: answer.detail });
      return cache?.banks;
    }
    cache = { banks: answer.banks, at: nowMs };
    return answer.banks;
  };
}

async function bankOf(deps: Pick<WithdrawalsDeps, 'banks'>, input: { bankName?: string; bankCode?: string }): Promise<Bank> {
  const list = await deps.banks();
  if (!list) {
    // The provider is down: a screen that sends both name and code may still go on.
    if (input.bankCode && input.bankName) return { name: input.bankName, code: input.bankCode };
    throw new DependencyFailedError(MONEY_MSG.bankServiceUnavailable);
  }
  const bank = findBank(list, input);
  if (!bank) throw new BadRequestError(MONEY_MSG.selectBank);
  return bank;
}

/** The schema guarantees one of the two names: `bankAccountName` is the validated one. */
function bankAccount(bank: Bank, input: { accountNumber: string; bankAccountName?: string; accountName?: string }): BankAccount {
  return { bankName: bank.name, bankCode: bank.code, accountNumber: input.accountNumber, accountName: (input.bankAccountName ?? input.accountName)! };
}

const beneficiaryView = (b: BankAccount): BeneficiaryView => ({
  accountName: b.accountName,
  accountNumber: b.accountNumber,
  bankName: b.bankName,
  bankCode: b.bankCode,
});

async function beneficiaryList(deps: Pick<WithdrawalsDeps, 'withdrawals'>, userId: string): Promise<BeneficiaryView[]> {
  const list = await deps.withdrawals.listBeneficiaries(userId);
  return list.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(beneficiaryView);
}

export function listBankCodesOperation(deps: Pick<WithdrawalsDeps, 'banks'>): UserOperation {
  return async () => {
    const list = await deps.banks();
    if (!list) return unavailable(MONEY_MSG.bankServiceUnavailable);
    const body: BankCodesResponse = list.map((b) => b.name);
    return ok(body);
  };
}

export function validateBankAccountOperation(deps: Pick<WithdrawalsDeps, 'banks' | 'payouts' | 'log'>): UserOperation {
  return async ({ body }) => {
    const input = parseInput(validateBankAccountRequest, body);
    const bank = await bankOf(deps, input);
    const resolved = await deps.payouts().resolveAccount(input.accountNumber, bank.code);
    switch (resolved.kind) {
      case 'resolved': {
        const answer: ValidateBankAccountResponse = {
          msg: MONEY_MSG.accountValidated,
          name: resolved.accountName,
          code: bank.code,
          bankName: bank.name,
          accountNumber: input.accountNumber,
        };
        return ok(answer);
      }
      case 'not_found':
        return refusal(400, MONEY_MSG.accountNotResolved);
      case 'unavailable':
        deps.log.error('account name look-up unavailable', { detail: resolved.detail });
        return unavailable(MONEY_MSG.bankServiceUnavailable);
    }
  };
}

function withdrawalPlaced(reader: TransactionReader, result: { record: TransactionRecord; amounts: WithdrawalAmounts }) {
  const body: WithdrawResponse = {
    msg: MONEY_MSG.withdrawalProcessing,
    receipt: viewFor(reader, result.record),
    balance: koboToNaira(result.record.balanceAfterKobo),
    amountToReceive: koboToNaira(result.amounts.payoutKobo),
    fee: koboToNaira(result.amounts.feeKobo),
  };
  return ok(body);
}

/** Every outcome of placing a withdrawal and its answer; the receipt as the reader may read it. */
const withdrawAnswer = (reader: TransactionReader) =>
  answerWith<WithdrawalResult>({
    accepted: (result) => withdrawalPlaced(reader, result),
    replayed: (result) => withdrawalPlaced(reader, result),
    invalid_amount: refuse(400, MSG.enterValidAmount),
    below_minimum: refuse(400, MONEY_MSG.minimumWithdrawal),
    above_maximum: refuse(400, MONEY_MSG.maximumWithdrawal),
    insufficient_balance: refuse(400, MSG.insufficientBalance),
    exists_with_different_amount: refuse(409, MSG.duplicateRequest),
    exists_with_different_details: refuse(409, MSG.duplicateRequest),
  });

export function withdrawOperation(deps: WithdrawalDeps & Pick<WithdrawalsDeps, 'banks'>): UserOperation {
  return async ({ principal, body }) => {
    const input = parseInput(withdrawRequest, body);
    const result = await placeWithdrawal(
      {
        user: { userId: principal.userId, userName: principal.userName, userType: principal.userType },
        amountKobo: input.amount,
        account: async () => bankAccount(await bankOf(deps, input), input),
        requestId: input.request_id,
      },
      deps,
    );
    return withdrawAnswer(principal)(result);
  };
}

export function listBeneficiariesOperation(deps: Pick<WithdrawalsDeps, 'withdrawals'>): UserOperation {
  return async ({ principal }) => {
    const body: BeneficiaryListResponse = { beneficiaryList: await beneficiaryList(deps, principal.userId) };
    return ok(body);
  };
}

export function addBeneficiaryOperation(deps: Pick<WithdrawalsDeps, 'withdrawals' | 'banks' | 'now'>): UserOperation {
  return async ({ principal, body }) => {
    const input = parseInput(addBeneficiaryRequest, body);
    const bank = await bankOf(deps, input);
    const existing = await deps.withdrawals.listBeneficiaries(principal.userId);
    const known = existing.some((b) => b.bankCode === bank.code && b.accountNumber === input.accountNumber);
    if (!known && existing.length >= BENEFICIARIES_MAX) return refusal(400, MONEY_MSG.tooManyBeneficiaries);
    await deps.withdrawals.saveBeneficiary(principal.userId, bankAccount(bank, input), deps.now());
    const answer: AddBeneficiaryResponse = { msg: MONEY_MSG.beneficiarySaved, beneficiaryList: await beneficiaryList(deps, principal.userId) };
    return ok(answer, 201);
  };
}

export function reQueryWithdrawalOperation(deps: Pick<WithdrawalsDeps, 'withdrawals' | 'payouts' | 'now' | 'log'>): UserOperation {
  return async ({ principal, body }) => {
    const input = parseInput(reQueryWithdrawalRequest, body);
    let outcome: Awaited<ReturnType<typeof requeryWithdrawal>>;
    try {
      outcome = await requeryWithdrawal(input.transactionId, { withdrawals: deps.withdrawals, payouts: deps.payouts(), now: deps.now, log: deps.log });
    } catch (error) {
      if (error instanceof PayoutRetryLaterError) return unavailable(MONEY_MSG.bankServiceUnavailable);
      throw error;
    }
    if (!outcome.withdrawal) return refusal(404, MONEY_MSG.withdrawalNotFound);
    const answer: ReQueryWithdrawalResponse = { msg: MONEY_MSG.withdrawalSettled, action: outcome.action, transaction: viewFor(principal, outcome.withdrawal) };
    return ok(answer);
  };
}

const providers = { payouts: payoutsFromEnv, now: () => new Date(), log: domainLog };
// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session, ...ENV_GROUPS.providers]);

const deps: WithdrawalsDeps = {
  ...providers,
  banks: cachedBanks(providers),
  withdrawals: meteredPayouts(dynamoWithdrawals),
  ledger: dynamoLedger,
  newId: () => ulid(),
};

export const handler = httpService(
  'withdrawals',
  {
    listBankCodes: listBankCodesOperation(deps),
    validateBankAccount: validateBankAccountOperation(deps),
    withdraw: withdrawOperation(deps),
    listBeneficiaries: listBeneficiariesOperation(deps),
    addBeneficiary: addBeneficiaryOperation(deps),
    reQueryWithdrawal: reQueryWithdrawalOperation(deps),
  },
  edge,
);
