/**
 * The withdrawals HTTP service: bank codes, account-name resolution, withdrawals (₦50 fee: the
 * wallet is debited the amount, the account receives amount − 50), beneficiaries, and the admin's
 * re-query. A withdrawal is debited (`processing`) atomically with its record, then handed to the
 * payout queue; its outcome arrives by the provider's signed webhook or a re-query.
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
import { EVENT_TYPES } from '../../../shared/events.js';
import { MONEY_MSG, MSG } from '../../../shared/messages.js';
import { InvalidAmountError, koboToNaira, nairaToKobo } from '../../../shared/money.js';
import { dynamoLedger } from '../../adapters/dynamo/ledger.js';
import { loadPrincipal } from '../../adapters/dynamo/users.js';
import { dynamoWithdrawals } from '../../adapters/dynamo/withdrawals.js';
import { publishEvent } from '../../adapters/events.js';
import { domainLog } from '../../adapters/log.js';
import { payoutsFromEnv } from '../../adapters/providers/index.js';
import { sqsPayoutQueue } from '../../adapters/queues.js';
import { derivedId } from '../../domain/ids.js';
import { PayoutRetryLaterError, requeryWithdrawal } from '../../domain/payouts.js';
import type { Logger } from '../../domain/settlement.js';
import { toTransactionView } from '../../domain/transactions.js';
import { withdrawalDraft } from '../../domain/withdrawal-debit.js';
import { findBank, withdrawalAmounts, type Bank, type BankAccount } from '../../domain/withdrawals.js';
import type { Ledger } from '../../ports/ledger.js';
import type { SettlementPublisher } from '../../ports/messaging.js';
import type { WithdrawalStore } from '../../ports/money.js';
import type { PayoutQueue, Payouts } from '../../ports/payments.js';
import { BadRequestError, ConflictError, DependencyFailedError, NotFoundError } from '../../middleware/errors.js';
import { httpService, parseInput, type HttpAnswer, type HttpRequest } from '../../middleware/http.js';

export interface WithdrawalsDeps {
  withdrawals: WithdrawalStore;
  ledger: Pick<Ledger, 'debit'>;
  payouts(): Payouts;
  queue: PayoutQueue;
  events?: SettlementPublisher;
  newId(): string;
  now(): Date;
  log: Logger;
}

/** Bank lists change rarely: one provider call per container every few minutes. */
const BANKS_CACHE_MS = 10 * 60 * 1000;

export function withdrawalsOperations(deps: WithdrawalsDeps) {
  let banksCache: { banks: Bank[]; at: number } | undefined;

  async function banks(): Promise<Bank[] | undefined> {
    const nowMs = deps.now().getTime();
    if (banksCache && nowMs - banksCache.at < BANKS_CACHE_MS) return banksCache.banks;
    const answer = await deps.payouts().listBanks();
    if (answer.kind !== 'banks') {
      deps.log.error('bank list unavailable', { detail: answer.detail });
      return banksCache?.banks;
    }
    banksCache = { banks: answer.banks, at: nowMs };
    return answer.banks;
  }

  async function bankOf(input: { bankName?: string; bankCode?: string }): Promise<Bank> {
    const list = await banks();
    if (!list) {
      // The provider is down: a screen that sends both name and code may still go on.
      if (input.bankCode && input.bankName) return { name: input.bankName, code: input.bankCode };
      throw new DependencyFailedError(MONEY_MSG.bankServiceUnavailable);
    }
    const bank = findBank(list, input);
    if (!bank) throw new BadRequestError(MONEY_MSG.selectBank);
    return bank;
  }

  const beneficiaryView = (b: BankAccount): BeneficiaryView => ({ accountName: b.accountName, accountNumber: b.accountNumber, bankName: b.bankName, bankCode: b.bankCode });

  async function beneficiaryList(userId: string): Promise<BeneficiaryView[]> {
    const list = await deps.withdrawals.listBeneficiaries(userId);
    return list.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(beneficiaryView);
  }

  async function listBankCodes(): Promise<HttpAnswer> {
    const list = await banks();
    if (!list) throw new DependencyFailedError(MONEY_MSG.bankServiceUnavailable);
    const body: BankCodesResponse = { bankCodes: list.map((b) => ({ name: b.name, code: b.code })) };
    return { body };
  }

  async function validateBankAccount(request: HttpRequest): Promise<HttpAnswer> {
    const input = parseInput(validateBankAccountRequest, request.body);
    const bank = await bankOf(input);
    const resolved = await deps.payouts().resolveAccount(input.accountNumber, bank.code);
    if (resolved.kind === 'not_found') throw new BadRequestError(MONEY_MSG.accountNotResolved);
    if (resolved.kind === 'unavailable') {
      deps.log.error('account name look-up unavailable', { detail: resolved.detail });
      throw new DependencyFailedError(MONEY_MSG.bankServiceUnavailable);
    }
    const body: ValidateBankAccountResponse = {
      msg: MONEY_MSG.accountValidated,
      name: resolved.accountName,
      code: bank.code,
      bankName: bank.name,
      accountNumber: input.accountNumber,
    };
    return { body };
  }

  async function withdraw(request: HttpRequest): Promise<HttpAnswer> {
    const principal = request.principal!;
    const input = parseInput(withdrawRequest, request.body);
    let amountKobo: number;
    try {
      amountKobo = nairaToKobo(input.amount);
    } catch (error) {
      if (error instanceof InvalidAmountError) throw new BadRequestError(MSG.enterValidAmount, { cause: error });
      throw error;
    }
    const amounts = withdrawalAmounts(amountKobo);
    if (!amounts.ok) {
      throw new BadRequestError(
        amounts.reason === 'below_minimum' ? MONEY_MSG.minimumWithdrawal : amounts.reason === 'above_maximum' ? MONEY_MSG.maximumWithdrawal : MSG.enterValidAmount,
      );
    }
    const bank = await bankOf(input);
    const account: BankAccount = {
      bankName: bank.name,
      bankCode: bank.code,
      accountNumber: input.accountNumber,
      accountName: (input.bankAccountName ?? input.accountName)!,
    };
    const id = input.request_id ? derivedId('withdrawal-request', principal.userId, input.request_id) : deps.newId();
    const draft = withdrawalDraft({
      id,
      user: { userId: principal.userId, userName: principal.userName, userType: principal.userType },
      account,
      amounts,
      requestFingerprint: `withdrawal:${account.bankCode}:${account.accountNumber}`,
      now: deps.now(),
    });
    const result = await deps.ledger.debit(draft);
    switch (result.kind) {
      case 'posted':
        try {
          await deps.queue.enqueue(result.record.id);
        } catch (error) {
          // The debit stands and the withdrawal stays `processing`; an admin re-query submits it.
          deps.log.error('withdrawal not handed to the payout queue', { transactionId: result.record.id, error: String(error) });
        }
      // falls through
      case 'replayed': {
        const body: WithdrawResponse = {
          msg: MONEY_MSG.withdrawalProcessing,
          receipt: toTransactionView(result.record),
          balance: koboToNaira(result.record.balanceAfterKobo),
          amountToReceive: koboToNaira(amounts.payoutKobo),
          fee: koboToNaira(amounts.feeKobo),
        };
        return { body };
      }
      case 'insufficient_balance':
        throw new BadRequestError(MSG.insufficientBalance);
      case 'exists_with_different_amount':
      case 'exists_with_different_details':
        throw new ConflictError(MSG.duplicateRequest);
    }
  }

  async function listBeneficiaries(request: HttpRequest): Promise<HttpAnswer> {
    const body: BeneficiaryListResponse = { beneficiaryList: await beneficiaryList(request.principal!.userId) };
    return { body };
  }

  async function addBeneficiary(request: HttpRequest): Promise<HttpAnswer> {
    const userId = request.principal!.userId;
    const input = parseInput(addBeneficiaryRequest, request.body);
    const bank = await bankOf(input);
    const existing = await deps.withdrawals.listBeneficiaries(userId);
    const known = existing.some((b) => b.bankCode === bank.code && b.accountNumber === input.accountNumber);
    if (!known && existing.length >= BENEFICIARIES_MAX) throw new BadRequestError(MONEY_MSG.tooManyBeneficiaries);
    await deps.withdrawals.saveBeneficiary(
      userId,
      { bankName: bank.name, bankCode: bank.code, accountNumber: input.accountNumber, accountName: (input.bankAccountName ?? input.accountName)! },
      deps.now(),
    );
    const body: AddBeneficiaryResponse = { msg: MONEY_MSG.beneficiarySaved, beneficiaryList: await beneficiaryList(userId) };
    return { statusCode: 201, body };
  }

  async function reQueryWithdrawal(request: HttpRequest): Promise<HttpAnswer> {
    const input = parseInput(reQueryWithdrawalRequest, request.body);
    let outcome: Awaited<ReturnType<typeof requeryWithdrawal>>;
    try {
      outcome = await requeryWithdrawal(input.transactionId, { withdrawals: deps.withdrawals, payouts: deps.payouts(), events: deps.events, now: deps.now, log: deps.log });
    } catch (error) {
      if (error instanceof PayoutRetryLaterError) throw new DependencyFailedError(MONEY_MSG.bankServiceUnavailable);
      throw error;
    }
    if (!outcome.withdrawal) throw new NotFoundError(MONEY_MSG.withdrawalNotFound);
    const body: ReQueryWithdrawalResponse = { msg: MONEY_MSG.withdrawalSettled, action: outcome.action, transaction: toTransactionView(outcome.withdrawal) };
    return { body };
  }

  return {
    listBankCodes,
    validateBankAccount,
    withdraw,
    listBeneficiaries,
    addBeneficiary,
    reQueryWithdrawal,
  } satisfies Record<string, (request: HttpRequest) => Promise<HttpAnswer>>;
}

export const handler = httpService(
  'withdrawals',
  withdrawalsOperations({
    withdrawals: dynamoWithdrawals,
    ledger: dynamoLedger,
    payouts: payoutsFromEnv,
    queue: sqsPayoutQueue(),
    events: { transactionSettled: (detail) => publishEvent(EVENT_TYPES.transactionSettled, detail) },
    newId: () => ulid(),
    now: () => new Date(),
    log: domainLog,
  }),
  { loadPrincipal },
);
