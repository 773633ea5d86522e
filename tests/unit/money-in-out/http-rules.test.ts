/**
 * The HTTP operations of money in and out with fake stores and providers: what a person sees for
 * each rule (the spec's messages), and that refusals happen before anything moves.
 */
import { OUTSIDE_PARTY_RETRY_AFTER_SECONDS } from '../../../shared/constants.js';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { UserType } from '../../../shared/constants.js';
import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../../functions/domain/accounts/accounts.js';
import type { AuditEntry } from '../../../functions/domain/back-office/audit.js';
import type { Coupon } from '../../../functions/domain/money/coupons.js';
import type { FundingDeps } from '../../../functions/domain/money/funding-requests.js';
import { signWebhookBody } from '../../../functions/domain/money/provider-signatures.js';
import type { TransferDrafts } from '../../../functions/domain/wallet/transfers.js';
import { HttpError } from '../../../functions/middleware/errors.js';
import type { HttpAnswer, Principal, UserRequest } from '../../../functions/middleware/http.js';
import { generateReservedAccountsOperation, initiateSquadPaymentOperation } from '../../../functions/handlers/http/funding.js';
import {
  adminUpgradeUserOperation,
  updateKycOperation,
  updateUserTypeOperation,
  updateWebhookOperation,
  type ProfileDeps,
} from '../../../functions/handlers/http/profile.js';
import { transferFundOperation } from '../../../functions/handlers/http/transfers.js';
import { cancelCouponOperation, generateCouponOperation } from '../../../functions/handlers/http/wallet.js';
import type { CouponStore } from '../../../functions/domain/money/coupons-port.js';
import type { TransactionDraft } from '../../../functions/domain/transactions/transactions.js';
import { paystackWebhookOperation, rawBodyOf, squadWebhookOperation, vtpassWebhookOperation } from '../../../functions/handlers/http/webhooks.js';
import {
  addBeneficiaryOperation,
  cachedBanks,
  listBankCodesOperation,
  listBeneficiariesOperation,
  reQueryWithdrawalOperation,
  validateBankAccountOperation,
  withdrawOperation,
  type WithdrawalsDeps,
} from '../../../functions/handlers/http/withdrawals.js';
import type { FundingStore, TransferWriteResult, WithdrawalStore } from '../../../functions/domain/money/money-port.js';
import { COUPON_VENDOR_MSG, MONEY_MSG, MSG } from '../../../shared/messages.js';
import { routeByOperation, type Operation } from '../../../shared/routes.js';
import { FakeCards, FakeAccounts, FakePayouts, quietLog } from './fakes.js';

const principal: Principal = { userId: 'U1', userName: 'ada', userType: 'smart earner', isAdmin: false, isAgent: false, isCouponVendor: false };
const profile: UserProfile = {
  ...principal,
  email: 'ada@example.com',
  phoneNumber: '08012345678',
  fullName: 'Ada Okafor Nwankwo',
  bvn: null,
  nin: null,
  referredBy: null,
  webhookUrl: null,
  webhookSecret: 's',
  tokenVersion: 0,
  passwordHash: 'x',
  createdAt: '2024-01-01T00:00:00.000Z',
  lastLogin: null,
  accountNumbers: [],
};

function request(operation: Operation, body: unknown = {}, extra: Partial<UserRequest> = {}): UserRequest {
  return {
    event: {} as APIGatewayProxyEventV2,
    route: routeByOperation(operation),
    headers: {},
    body,
    query: {},
    params: {},
    sourceIp: '127.0.0.1',
    principal,
    ...extra,
  };
}

/** A refusal either answered by an operation's table or thrown by a helper deep in it: the person sees the same. */
async function refusal(promise: Promise<HttpAnswer>): Promise<{ status: number; msg: string }> {
  let answer: HttpAnswer;
  try {
    answer = await promise;
  } catch (error) {
    if (error instanceof HttpError) {
      // An outside party that did not answer: the 503 says when to try again.
      if (error.statusCode === 503) expect(error.retryAfterSeconds).toBe(OUTSIDE_PARTY_RETRY_AFTER_SECONDS);
      return { status: error.statusCode, msg: error.message };
    }
    throw error;
  }
  if (answer.statusCode === 503) expect(answer.retryAfterSeconds).toBe(OUTSIDE_PARTY_RETRY_AFTER_SECONDS);
  if (answer.statusCode !== undefined && answer.statusCode >= 400) return { status: answer.statusCode, msg: (answer.body as { msg: string }).msg };
  throw new Error('expected a refusal');
}

function fundingStore(): FundingStore & { intents: unknown[]; saved: unknown[] } {
  const intents: unknown[] = [];
  const saved: unknown[] = [];
  return {
    intents,
    saved,
    createIntent: async (intent) => void intents.push(intent),
    setIntentLink: async () => undefined,
    getIntent: async () => undefined,
    credit: async () => ({ kind: 'intent_mismatch' }),
    saveReservedAccounts: async (_userId, accounts) => {
      saved.push(accounts);
      return accounts;
    },
  };
}

function funding(over: Partial<FundingDeps> = {}) {
  const store = fundingStore();
  const cards = new FakeCards();
  const deps: FundingDeps = {
    funding: store,
    cards: () => cards,
    accounts: () => new FakeAccounts(),
    findUser: async () => profile,
    appBaseUrl: () => 'https://app.example.com',
    newId: () => '01HZZZZZZZZZZZZZZZZZZZZZZZ',
    now: () => new Date(),
    log: quietLog,
    ...over,
  };
  const ops = { initiateSquadPayment: initiateSquadPaymentOperation(deps), generateReservedAccounts: generateReservedAccountsOperation(deps) };
  return { ops, store, cards };
}

describe('POST /fundWallet/squad/initiate', () => {
  it('answers the checkout link and shows the 1% charge before paying', async () => {
    const { ops, store } = funding();
    const answer = await ops.initiateSquadPayment(request('initiateSquadPayment', { amount: 1000, email: 'ada@example.com' }));
    expect(answer.body).toEqual({
      msg: MONEY_MSG.paymentLinkCreated,
      link: 'https://checkout.test/VTU01HZZZZZZZZZZZZZZZZZZZZZZZ',
      reference: 'VTU01HZZZZZZZZZZZZZZZZZZZZZZZ',
      amount: 1000,
      charge: 10,
      amountToCredit: 990,
    });
    expect(store.intents).toEqual([expect.objectContaining({ userId: 'U1', amountKobo: 1_000_00, status: 'initiated' })]);
  });

  it('₦100.50 is 10,050 kobo: the intent, the provider and the answer all carry exactly that', async () => {
    const { ops, store, cards } = funding();
    const answer = await ops.initiateSquadPayment(request('initiateSquadPayment', { amount: 100.5 }));
    // 1% of 10,050 kobo is 100.5 kobo, rounded half up.
    expect(answer.body).toMatchObject({ amount: 100.5, charge: 1.01, amountToCredit: 99.49 });
    expect(store.intents).toEqual([expect.objectContaining({ amountKobo: 100_50, email: 'ada@example.com' })]);
    expect([...cards.payments.values()]).toEqual([expect.objectContaining({ amountKobo: 100_50 })]);
  });

  it('"enter a valid amount" without an amount; "minimum payment is 100" below ₦100; nothing is asked of the provider', async () => {
    const { ops, store } = funding();
    expect(await refusal(ops.initiateSquadPayment(request('initiateSquadPayment', { email: 'ada@example.com' })))).toEqual({
      status: 400,
      msg: MSG.enterValidAmount,
    });
    expect(await refusal(ops.initiateSquadPayment(request('initiateSquadPayment', { amount: 'abc' })))).toEqual({ status: 400, msg: MSG.enterValidAmount });
    expect(await refusal(ops.initiateSquadPayment(request('initiateSquadPayment', { amount: 99.99 })))).toEqual({ status: 400, msg: MSG.minimumPayment });
    expect(store.intents).toEqual([]);
  });

  it('a provider that does not answer: a 503 with a message saying to try again', async () => {
    const cards = new FakeCards();
    cards.unavailable = true;
    const { ops } = funding({ cards: () => cards });
    expect(await refusal(ops.initiateSquadPayment(request('initiateSquadPayment', { amount: 500 })))).toEqual({
      status: 503,
      msg: MONEY_MSG.paymentProviderUnavailable,
    });
  });
});

describe('GET /auth/generateAcc', () => {
  const verified: UserProfile = { ...profile, nin: '12345678901' };

  it('reserves accounts once, named after the first 10 characters of the user, under their NIN; a second call answers the same ones', async () => {
    const accounts = new FakeAccounts();
    const { ops, store } = funding({ findUser: async () => verified, accounts: () => accounts });
    const first = await ops.generateReservedAccounts(request('generateReservedAccounts'));
    expect(first.body).toMatchObject({ msg: MONEY_MSG.accountsGenerated, accountName: 'Ada Okafor', accountNumbers: [{ bankName: 'Wema bank' }] });
    expect(accounts.reservations).toEqual([expect.objectContaining({ accountReference: 'U1', nin: '12345678901' })]);
    const existing = [{ bankName: 'Wema bank', accountNumber: '5000000001' }];
    const again = funding({ findUser: async () => ({ ...verified, accountNumbers: existing }) });
    expect((await again.ops.generateReservedAccounts(request('generateReservedAccounts'))).body).toEqual({
      msg: MONEY_MSG.accountsExist,
      accountNumbers: existing,
      accountName: 'Ada Okafor',
    });
    expect(store.saved).toHaveLength(1);
  });

  it('without a BVN or NIN: a 400 asking to complete KYC first, and the provider is never called', async () => {
    const accounts = new FakeAccounts();
    const { ops, store } = funding({ accounts: () => accounts });
    expect(await refusal(ops.generateReservedAccounts(request('generateReservedAccounts')))).toEqual({ status: 400, msg: MONEY_MSG.kycRequiredForAccounts });
    expect(accounts.reservations).toEqual([]);
    expect(store.saved).toEqual([]);
  });

  it('with a BVN (and no NIN) the reservation is made under the BVN', async () => {
    const accounts = new FakeAccounts();
    const { ops } = funding({ findUser: async () => ({ ...profile, bvn: '22345678901' }), accounts: () => accounts });
    expect((await ops.generateReservedAccounts(request('generateReservedAccounts'))).body).toMatchObject({ msg: MONEY_MSG.accountsGenerated });
    expect(accounts.reservations).toEqual([expect.objectContaining({ bvn: '22345678901' })]);
    expect(accounts.reservations[0]).not.toHaveProperty('nin');
  });
});

describe('POST /auth/transferFund', () => {
  const ops = (
    transfer = async (_drafts: TransferDrafts): Promise<TransferWriteResult> => ({ kind: 'insufficient_balance', balanceKobo: 0 }),
    transferFromHouse: (drafts: TransferDrafts) => Promise<TransferWriteResult> = async () => {
      throw new Error('not an admin');
    },
  ) => ({
    transferFund: transferFundOperation({
      findUserByUserName: async (name) =>
        ['ada', 'bayo'].includes(name.toLowerCase())
          ? { userId: name.toLowerCase() === 'ada' ? 'U1' : 'U2', userName: name, userType: 'smart earner' }
          : undefined,
      transfer,
      transferFromHouse,
      balanceOf: async () => 40_00,
      newId: () => 'T1',
      now: () => new Date(),
    }),
  });

  it('"Enter a username" without one; unknown users are not found; "You cannot transfer to yourself"', async () => {
    expect(await refusal(ops().transferFund(request('transferFund', { amount: 100 })))).toEqual({ status: 400, msg: MSG.enterUsername });
    expect(await refusal(ops().transferFund(request('transferFund', { userName: '  ', amount: 100 })))).toEqual({ status: 400, msg: MSG.enterUsername });
    expect(await refusal(ops().transferFund(request('transferFund', { userName: 'nobody', amount: 100 })))).toEqual({ status: 404, msg: MSG.userNotFound });
    expect(await refusal(ops().transferFund(request('transferFund', { userName: 'ADA', amount: 100 })))).toEqual({
      status: 400,
      msg: MONEY_MSG.cannotTransferToSelf,
    });
    expect(await refusal(ops().transferFund(request('transferFund', { userName: 'bayo', amount: 0 })))).toEqual({ status: 400, msg: MSG.enterValidAmount });
  });

  it('"Insufficient balance" when the ledger refuses the debit', async () => {
    expect(await refusal(ops().transferFund(request('transferFund', { userName: 'bayo', amount: 100 })))).toEqual({
      status: 400,
      msg: MSG.insufficientBalance,
    });
  });

  it("₦100.50 moves exactly 10,050 kobo from the sender to the receiver; the answer shows the sender's balance after it", async () => {
    const written: TransferDrafts[] = [];
    const transfer = async (drafts: TransferDrafts): Promise<TransferWriteResult> => {
      written.push(drafts);
      const debit = { ...drafts.debit, balanceBeforeKobo: 1_000_00, balanceAfterKobo: 1_000_00 - drafts.debit.amountKobo, walletSeq: 2 };
      return { kind: 'posted', debit, credit: { ...drafts.credit, balanceBeforeKobo: 0, balanceAfterKobo: drafts.credit.amountKobo, walletSeq: 1 } };
    };
    const answer = await ops(transfer).transferFund(request('transferFund', { userName: 'bayo', amount: '100.50' }));
    expect(answer).toMatchObject({
      statusCode: 200,
      body: { msg: MONEY_MSG.transferSuccessful, balance: 899.5, receipt: { trans_amount: 100.5 }, receiver: { userName: 'bayo' } },
    });
    expect(written.map((d) => [d.debit.amountKobo, d.credit.amountKobo])).toEqual([[100_50, 100_50]]);
  });

  it("an admin's transfer is paid by the house account (no balance check) and answers the admin's own, unchanged balance", async () => {
    const written: TransferDrafts[] = [];
    const fromHouse = async (drafts: TransferDrafts): Promise<TransferWriteResult> => {
      written.push(drafts);
      const debit = { ...drafts.debit, balanceBeforeKobo: 0, balanceAfterKobo: -drafts.debit.amountKobo, walletSeq: 1 };
      return { kind: 'posted', debit, credit: { ...drafts.credit, balanceBeforeKobo: 0, balanceAfterKobo: drafts.credit.amountKobo, walletSeq: 1 } };
    };
    const admin = { ...principal, isAdmin: true };
    const answer = await ops(undefined, fromHouse).transferFund(request('transferFund', { userName: 'bayo', amount: 5_000 }, { principal: admin }));
    expect(answer).toMatchObject({ statusCode: 200, body: { msg: MONEY_MSG.transferSuccessful, balance: 40, receiver: { userName: 'bayo' } } });
    expect(written.map((d) => [d.debit.userId, d.credit.userId, d.credit.amountKobo])).toEqual([['HOUSE', 'U2', 5_000_00]]);
  });
});

function withdrawals(over: Partial<WithdrawalsDeps> = {}) {
  const debits: unknown[] = [];
  const store = { listBeneficiaries: async () => [], saveBeneficiary: async () => undefined } as unknown as WithdrawalStore;
  const providers = { payouts: () => new FakePayouts(), now: () => new Date(), log: quietLog };
  const deps: WithdrawalsDeps = {
    ...providers,
    banks: cachedBanks(providers),
    withdrawals: store,
    ledger: { debit: async (draft) => (debits.push(draft), { kind: 'insufficient_balance', balanceKobo: 0 }) },
    newId: () => '01HZZZZZZZZZZZZZZZZZZZZZZZ',
    ...over,
  };
  const ops = {
    listBankCodes: listBankCodesOperation(deps),
    validateBankAccount: validateBankAccountOperation(deps),
    withdraw: withdrawOperation(deps),
    listBeneficiaries: listBeneficiariesOperation(deps),
    addBeneficiary: addBeneficiaryOperation(deps),
    reQueryWithdrawal: reQueryWithdrawalOperation(deps),
  };
  return { ops, debits };
}

describe('withdrawals over HTTP', () => {
  it('validate: the account name comes from the provider, with the bank code', async () => {
    const { ops } = withdrawals();
    expect((await ops.validateBankAccount(request('validateBankAccount', { bankName: 'Access Bank', accountNumber: '0123456789' }))).body).toEqual({
      msg: MONEY_MSG.accountValidated,
      name: 'ADA OKAFOR',
      code: '044',
      bankName: 'Access Bank',
      accountNumber: '0123456789',
    });
  });

  it('validate refuses: no account number ("Enter account number"), 9 digits, no bank, an unknown bank, an unresolvable account', async () => {
    const { ops } = withdrawals();
    expect(await refusal(ops.validateBankAccount(request('validateBankAccount', { bankName: 'Access Bank' })))).toEqual({
      status: 400,
      msg: MSG.enterAccountNumber,
    });
    expect(await refusal(ops.validateBankAccount(request('validateBankAccount', { bankName: 'Access Bank', accountNumber: '' })))).toEqual({
      status: 400,
      msg: MSG.enterAccountNumber,
    });
    expect(await refusal(ops.validateBankAccount(request('validateBankAccount', { bankName: 'Access Bank', accountNumber: '012345678' })))).toEqual({
      status: 400,
      msg: MONEY_MSG.invalidAccountNumber,
    });
    expect(await refusal(ops.validateBankAccount(request('validateBankAccount', { accountNumber: '0123456789' })))).toEqual({
      status: 400,
      msg: MONEY_MSG.selectBank,
    });
    expect(await refusal(ops.validateBankAccount(request('validateBankAccount', { bankName: 'Moon Bank', accountNumber: '0123456789' })))).toEqual({
      status: 400,
      msg: MONEY_MSG.selectBank,
    });
    expect(await refusal(ops.validateBankAccount(request('validateBankAccount', { bankName: 'Access Bank', accountNumber: '0000000000' })))).toEqual({
      status: 400,
      msg: MONEY_MSG.accountNotResolved,
    });
  });

  it('withdraw refuses before any debit: no account number, below ₦100, no account name; "Insufficient balance" from the ledger', async () => {
    const { ops, debits } = withdrawals();
    const body = {
      bankName: 'Access Bank',
      bankCode: '044',
      accountNumber: '0123456789',
      amount: 500,
      bankAccountName: 'ADA OKAFOR',
      accountName: 'ADA OKAFOR',
    };
    expect(await refusal(ops.withdraw(request('withdraw', { ...body, accountNumber: undefined })))).toEqual({ status: 400, msg: MSG.enterAccountNumber });
    expect(await refusal(ops.withdraw(request('withdraw', { ...body, amount: 99 })))).toEqual({ status: 400, msg: MONEY_MSG.minimumWithdrawal });
    expect(await refusal(ops.withdraw(request('withdraw', { ...body, bankAccountName: '', accountName: '' })))).toEqual({
      status: 400,
      msg: MONEY_MSG.enterAccountName,
    });
    expect(debits).toEqual([]);
    expect(await refusal(ops.withdraw(request('withdraw', body)))).toEqual({ status: 400, msg: MSG.insufficientBalance });
    expect(debits).toEqual([
      expect.objectContaining({ amountKobo: 500_00, trans_Type: 'withdrawal', withdrawal: expect.objectContaining({ payoutKobo: 450_00, feeKobo: 50_00 }) }),
    ]);
  });

  it('withdraw ₦100.50: exactly 10,050 kobo debited, ₦50.50 to the account, and the answer says so', async () => {
    const { ops, debits } = withdrawals({
      ledger: {
        debit: async (draft) => (
          debits.push(draft), { kind: 'posted', record: { ...draft, balanceBeforeKobo: 1_000_00, balanceAfterKobo: 1_000_00 - draft.amountKobo, walletSeq: 2 } }
        ),
      },
    });
    const body = { bankName: 'Access Bank', accountNumber: '0123456789', amount: '100.50', bankAccountName: 'ADA OKAFOR' };
    expect(await ops.withdraw(request('withdraw', body))).toMatchObject({
      statusCode: 200,
      body: { msg: MONEY_MSG.withdrawalProcessing, balance: 899.5, amountToReceive: 50.5, fee: 50, receipt: { trans_amount: 100.5 } },
    });
    expect(debits).toEqual([expect.objectContaining({ amountKobo: 100_50, withdrawal: expect.objectContaining({ payoutKobo: 50_50 }) })]);
  });

  it('a bank list the provider cannot give: "bank service unavailable" (503) for the list and for an unknown bank; a repeated request_id reuses one id', async () => {
    const down = new FakePayouts();
    down.listBanks = async () => ({ kind: 'unavailable', detail: 'down' }) as never;
    const { ops, debits } = withdrawals({ payouts: () => down, banks: cachedBanks({ payouts: () => down, now: () => new Date(), log: quietLog }) });
    expect(await refusal(ops.listBankCodes(request('listBankCodes')))).toEqual({ status: 503, msg: MONEY_MSG.bankServiceUnavailable });
    const body = { bankName: 'Access Bank', accountNumber: '0123456789', amount: 500, accountName: 'ADA OKAFOR', request_id: 'req-000001' };
    expect(await refusal(ops.withdraw(request('withdraw', body)))).toEqual({ status: 503, msg: MONEY_MSG.bankServiceUnavailable });
    // Name and code both sent: the withdrawal goes on without the list, under the request's own id.
    await refusal(ops.withdraw(request('withdraw', { ...body, bankCode: '044' })));
    await refusal(ops.withdraw(request('withdraw', { ...body, bankCode: '044' })));
    const ids = (debits as { id: string }[]).map((d) => d.id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });
});

/** A coupon store that records what is created; a vendor's payment succeeds while `vendorBalanceKobo` covers it. */
function couponStore(vendorBalanceKobo = 0) {
  const created: Coupon[] = [];
  const payments: TransactionDraft[] = [];
  /** The audit entries each write was handed, built as the write would build them. */
  const entries: AuditEntry[] = [];
  const store: CouponStore = {
    create: async (coupon, audit) => (created.push(coupon), audit && entries.push(audit({ coupon })), true),
    get: async () => undefined,
    redeem: async () => ({ kind: 'not_found' }),
    createPaid: async (coupon, payment, audit) => {
      if (vendorBalanceKobo < payment.amountKobo) return { kind: 'insufficient_balance', balanceKobo: vendorBalanceKobo };
      created.push(coupon);
      payments.push(payment);
      const record = { ...payment, balanceBeforeKobo: vendorBalanceKobo, balanceAfterKobo: vendorBalanceKobo - payment.amountKobo, walletSeq: 2 };
      if (audit) entries.push(audit({ coupon, payment: record }));
      return { kind: 'created', record };
    },
    cancel: async () => ({ kind: 'already_used' }),
    listOpenPaidBy: async () => [],
  };
  return { store, created, payments, entries };
}

describe('coupons over HTTP', () => {
  it('an admin issues a coupon of ₦100.50: stored as exactly 10,050 kobo, shown as 100.5; a coupon above the maximum is refused with its limit', async () => {
    const { store, created, entries } = couponStore();
    const generateCoupon = generateCouponOperation({
      coupons: store,
      randomBytes: (size) => new Uint8Array(size).fill(7),
      now: () => new Date(),
      newId: () => 'E1',
      findUserByUserName: async (name) => (name === 'ada' ? { userId: 'U1', userName: 'ada' } : undefined),
    });
    const admin = { ...principal, userId: 'A', isAdmin: true };
    const answer = await generateCoupon(request('generateCoupon', { userAccount: 'ada', amount: '100.50' }, { principal: admin }));
    expect(answer).toMatchObject({ statusCode: 201, body: { msg: MSG.couponGenerated, coupon: { owner: 'ada', amount: 100.5 } } });
    expect(created).toEqual([expect.objectContaining({ amountKobo: 100_50, ownerUserId: 'U1', createdBy: 'A' })]);
    // Its audit entry goes in the coupon's own write: no coupon before, the coupon after, answered 201.
    expect(entries).toEqual([
      expect.objectContaining({
        id: 'E1',
        operation: 'generateCoupon',
        actorId: 'A',
        status: 201,
        before: null,
        after: { coupon: { code: created[0]!.code, owner: 'ada', amountKobo: 100_50 } },
      }),
    ]);
    expect(await refusal(generateCoupon(request('generateCoupon', { userAccount: 'ada', amount: 1_000_001 }, { principal: admin })))).toMatchObject({
      status: 400,
      msg: expect.stringMatching(/^A coupon can be at most ₦/),
    });
    expect(await refusal(generateCoupon(request('generateCoupon', { userAccount: 'nobody', amount: 100 }, { principal: admin })))).toEqual({
      status: 404,
      msg: MSG.userNotFound,
    });
    expect(created).toHaveLength(1);
  });

  const vendorCoupons = (balanceKobo: number) => {
    const { store, created, payments, entries } = couponStore(balanceKobo);
    const generateCoupon = generateCouponOperation({
      coupons: store,
      randomBytes: (size) => new Uint8Array(size).fill(9),
      now: () => new Date(),
      newId: () => 'E1',
      findUserByUserName: async (name) => (name === 'bayo' ? { userId: 'U2', userName: 'bayo' } : undefined),
    });
    return { generateCoupon, created, payments, entries };
  };
  const vendor = { ...principal, userId: 'V', userName: 'vend', isCouponVendor: true };

  it("a coupon vendor's coupon is paid from their own wallet: the payment is the coupon's amount, the answer shows the balance left", async () => {
    const { generateCoupon, created, payments, entries } = vendorCoupons(1_000_00);
    const answer = await generateCoupon(request('generateCoupon', { userAccount: 'bayo', amount: 300 }, { principal: vendor }));
    expect(answer).toMatchObject({ statusCode: 201, body: { msg: MSG.couponGenerated, coupon: { owner: 'bayo', amount: 300 }, balance: 700 } });
    expect(created).toEqual([expect.objectContaining({ amountKobo: 300_00, ownerUserId: 'U2', createdBy: 'V', paidByUserId: 'V' })]);
    expect(payments).toEqual([
      expect.objectContaining({ userId: 'V', amountKobo: 300_00, trans_Type: 'wallet', trans_Network: 'coupon', id: created[0]!.paymentTransactionId }),
    ]);
    expect(entries).toEqual([
      expect.objectContaining({
        actorName: 'vend',
        status: 201,
        before: { payerBalanceKobo: 1_000_00 },
        after: expect.objectContaining({ payerBalanceKobo: 700_00 }),
      }),
    ]);
  });

  it('a coupon vendor with too little balance gets "Insufficient balance" and no coupon', async () => {
    const { generateCoupon, created, entries } = vendorCoupons(299_99);
    expect(await refusal(generateCoupon(request('generateCoupon', { userAccount: 'bayo', amount: 300 }, { principal: vendor })))).toEqual({
      status: 400,
      msg: MSG.insufficientBalance,
    });
    expect(created).toEqual([]);
    expect(entries).toEqual([]);
  });

  it('cancelling answers each outcome: a redeemed coupon is "already used"', async () => {
    const { store } = couponStore();
    const cancel = cancelCouponOperation({ coupons: store, now: () => new Date(), newId: () => 'E1' });
    expect(await refusal(cancel(request('cancelCoupon', {}, { principal: vendor, params: { code: 'ABCD' } })))).toEqual({ status: 409, msg: MSG.couponUsed });
    expect(await refusal(cancel(request('cancelCoupon', {}, { principal: vendor, params: { code: 'X'.repeat(65) } })))).toEqual({
      status: 400,
      msg: COUPON_VENDOR_MSG.invalidCode,
    });
  });
});

function profileOps(over: Partial<ProfileDeps> = {}) {
  const calls: string[] = [];
  const deps: ProfileDeps = {
    findUser: async (id) => (id === 'U1' ? profile : id === 'U2' ? { ...profile, userId: 'U2', userName: 'bayo' } : undefined),
    balanceKobo: async () => 0,
    upgrade: async () => (calls.push('upgrade'), { kind: 'insufficient_balance', balanceKobo: 999_99 }),
    setUserType: async () => (calls.push('setUserType'), true),
    requestReservedAccounts: async () => undefined,
    publishUpgraded: async () => void calls.push('publish'),
    markUpgradePublished: async () => undefined,
    identity: () => ({
      verify: async (_m, n) => (calls.push(`verify:${n}`), n.startsWith('000') ? { kind: 'no_match' } : { kind: 'match', fullName: 'ADA OKAFOR' }),
    }),
    saveKyc: async () => (calls.push('saveKyc'), { kind: 'saved' }),
    saveWebhookUrl: async () => ({ webhookSecret: 'whsec_existing' }),
    allowLoopbackWebhooks: () => false,
    // Resolution is the adapter's (tests/unit/money/webhook-addresses.test.ts runs the real one); these rules are about the answers.
    webhookHostAllowed: async () => true,
    newWebhookSecret: () => 'whsec_new',
    newId: () => 'F1',
    now: () => new Date(),
    log: quietLog,
    ...over,
  };
  const ops = {
    updateUserType: updateUserTypeOperation(deps),
    adminUpgradeUser: adminUpgradeUserOperation(deps),
    updateKyc: updateKycOperation(deps),
    updateWebhook: updateWebhookOperation(deps),
  };
  return { ops, calls };
}

describe('profile over HTTP', () => {
  it('self-upgrade below ₦1000: "Insufficient balance" and no event; upgrading someone else or to another type is forbidden', async () => {
    const { ops, calls } = profileOps();
    expect(await refusal(ops.updateUserType(request('updateUserType', { userType: 'reseller' }, { params: { id: 'U1' } })))).toEqual({
      status: 400,
      msg: MSG.insufficientBalance,
    });
    expect(await refusal(ops.updateUserType(request('updateUserType', { userType: 'reseller' }, { params: { id: 'U2' } })))).toEqual({
      status: 403,
      msg: MSG.forbidden,
    });
    expect(await refusal(ops.updateUserType(request('updateUserType', { userType: 'api user' }, { params: { id: 'U1' } })))).toEqual({
      status: 403,
      msg: MONEY_MSG.onlyResellerUpgrade,
    });
    expect(await refusal(ops.updateUserType(request('updateUserType', { userType: 'boss' }, { params: { id: 'U1' } })))).toEqual({
      status: 400,
      msg: MONEY_MSG.invalidUserType,
    });
    expect(calls).toEqual(['upgrade']);
  });

  it('admins set any type without a fee', async () => {
    const { ops, calls } = profileOps();
    const admin = { ...principal, userId: 'A', isAdmin: true };
    const answer = await ops.updateUserType(request('updateUserType', { userType: 'api user' }, { params: { id: 'U2' }, principal: admin }));
    expect(answer.body).toMatchObject({ msg: MONEY_MSG.userTypeUpdated, receipt: null });
    expect(calls).toEqual(['setUserType']);
  });

  it('a user id no user can have (over 64 characters) is not found, and the store is not asked', async () => {
    const looked: string[] = [];
    const { ops } = profileOps({ findUser: async (id) => (looked.push(id), undefined) });
    const admin = { ...principal, userId: 'A', isAdmin: true };
    const id = 'U'.repeat(65);
    expect(await refusal(ops.updateUserType(request('updateUserType', { userType: 'reseller' }, { params: { id } })))).toEqual({
      status: 404,
      msg: MSG.userNotFound,
    });
    expect(
      await refusal(ops.adminUpgradeUser(request('adminUpgradeUser', undefined, { params: { userId: id, userType: 'reseller' }, principal: admin }))),
    ).toEqual({
      status: 404,
      msg: MSG.userNotFound,
    });
    expect(looked).toEqual([]);
  });

  it('GET /admin/upgradeUser/{userId}/{userType}: an admin sets the type, no fee and no event; unknown user 404, invalid type 400', async () => {
    const { ops, calls } = profileOps();
    const admin = { ...principal, userId: 'A', isAdmin: true };
    const upgradeUser = (params: Record<string, string>) => ops.adminUpgradeUser(request('adminUpgradeUser', undefined, { params, principal: admin }));
    expect(routeByOperation('adminUpgradeUser')).toMatchObject({ method: 'GET', path: '/admin/upgradeUser/{userId}/{userType}', access: 'admin' });

    expect((await upgradeUser({ userId: 'U2', userType: 'reseller' })).body).toMatchObject({
      msg: MONEY_MSG.userTypeUpdated,
      user: { _id: 'U2' },
      receipt: null,
    });
    // A still-encoded "smart%20earner" is read as "smart earner"; the same type again changes nothing.
    expect((await upgradeUser({ userId: 'U2', userType: 'api%20user' })).body).toMatchObject({ msg: MONEY_MSG.userTypeUpdated });
    expect((await upgradeUser({ userId: 'U2', userType: 'smart earner' })).body).toMatchObject({ msg: MONEY_MSG.userTypeUpdated });
    expect(calls).toEqual(['setUserType', 'setUserType']);

    expect(await refusal(upgradeUser({ userId: 'nobody', userType: 'reseller' }))).toEqual({ status: 404, msg: MSG.userNotFound });
    expect(await refusal(upgradeUser({ userId: 'U2', userType: 'boss' }))).toEqual({ status: 400, msg: MONEY_MSG.invalidUserType });
    expect(await refusal(upgradeUser({ userId: 'U2', userType: '%E0%A4%A' }))).toEqual({ status: 400, msg: MONEY_MSG.invalidUserType });
    // Defence in depth behind the route's admin-only access: a non-admin principal is refused here too.
    expect(await refusal(ops.adminUpgradeUser(request('adminUpgradeUser', undefined, { params: { userId: 'U2', userType: 'reseller' } })))).toEqual({
      status: 403,
      msg: MSG.forbidden,
    });
    expect(calls).toEqual(['setUserType', 'setUserType']);
  });

  it("an admin's type change hands its audit entry (type before and after) to the write that changes the type; a type changed meanwhile is read again", async () => {
    const entries: unknown[] = [];
    let moved = 1;
    let current: UserType = profile.userType;
    const { ops } = profileOps({
      findUser: async (id) => (id === 'U2' ? { ...profile, userId: 'U2', userName: 'bayo', userType: current } : undefined),
      setUserType: async (_id, type, _now, audited) => {
        if (moved-- > 0) {
          // Another admin's change lands between the read and this write: the write's condition fails.
          current = 'api user';
          return false;
        }
        if (!audited || audited.from !== current) return false;
        entries.push(audited.entry({ before: audited.from, after: type }));
        current = type;
        return true;
      },
    });
    const admin = { ...principal, userId: 'A', isAdmin: true };
    const answer = await ops.adminUpgradeUser(request('adminUpgradeUser', undefined, { params: { userId: 'U2', userType: 'reseller' }, principal: admin }));
    expect(answer.statusCode ?? 200).toBe(200);
    expect(entries).toEqual([
      expect.objectContaining({ operation: 'adminUpgradeUser', before: { userType: 'api user' }, after: { userType: 'reseller' }, status: 200 }),
    ]);
  });

  it('KYC: only one of nin/bvn, 11 digits, checked with the provider; no match or a second set is refused', async () => {
    const { ops, calls } = profileOps();
    expect(await refusal(ops.updateKyc(request('updateKyc', { nin: '12345678901', bvn: '12345678901' })))).toEqual({
      status: 400,
      msg: MONEY_MSG.kycOneMethod,
    });
    expect(await refusal(ops.updateKyc(request('updateKyc', { nin: '123' })))).toEqual({ status: 400, msg: MONEY_MSG.kycInvalidNumber });
    expect(await refusal(ops.updateKyc(request('updateKyc', { nin: '00012345678' })))).toEqual({ status: 400, msg: MONEY_MSG.kycNoMatch });
    expect((await ops.updateKyc(request('updateKyc', { nin: '12345678901' }))).body).toMatchObject({ msg: MONEY_MSG.kycVerified });
    expect(calls).toEqual(['verify:00012345678', 'verify:12345678901', 'saveKyc']);
    const already = profileOps({ findUser: async () => ({ ...profile, bvn: '22222222222' }) });
    expect(await refusal(already.ops.updateKyc(request('updateKyc', { nin: '12345678901' })))).toEqual({ status: 409, msg: MONEY_MSG.kycAlreadySet });
    expect(already.calls).toEqual([]);
  });

  it('webhook URL: https accepted with the signing secret in force; http and loopback refused in the cloud', async () => {
    const { ops } = profileOps();
    expect((await ops.updateWebhook(request('updateWebhook', { webhookUrl: 'https://hooks.example.com/vtu' }))).body).toEqual({
      msg: MONEY_MSG.webhookUpdated,
      webhookUrl: 'https://hooks.example.com/vtu',
      webhookSecret: 'whsec_existing',
    });
    expect(await refusal(ops.updateWebhook(request('updateWebhook', { webhookUrl: 'http://hooks.example.com/vtu' })))).toEqual({
      status: 400,
      msg: MONEY_MSG.invalidWebhookUrl,
    });
    expect(await refusal(ops.updateWebhook(request('updateWebhook', { webhookUrl: 'http://localhost:4000/x' })))).toEqual({
      status: 400,
      msg: MONEY_MSG.invalidWebhookUrl,
    });
    expect(await refusal(ops.updateWebhook(request('updateWebhook', {})))).toEqual({ status: 400, msg: MONEY_MSG.invalidWebhookUrl });
    const local = profileOps({ allowLoopbackWebhooks: () => true });
    expect((await local.ops.updateWebhook(request('updateWebhook', { webhookUrl: 'http://127.0.0.1:4000/x' }))).body).toMatchObject({
      webhookUrl: 'http://127.0.0.1:4000/x',
    });
  });
});

describe('webhook receivers answer each outcome', () => {
  const received: unknown[] = [];
  const deps = {
    signingSecret: async () => 'provider-secret',
    events: { receive: async () => ({ kind: 'new' as const }), get: async () => undefined, finish: async () => undefined },
    queue: { enqueue: async (message: unknown) => void received.push(message) },
    fulfilment: { enqueue: async (id: string) => void received.push(id) },
    now: () => new Date(),
  };
  const webhook = (body: string, headers: Record<string, string> = {}) => ({
    ...request('squadWebhook'),
    event: { body, isBase64Encoded: false } as APIGatewayProxyEventV2,
    headers,
  });

  it('signed and readable: 200 with the receipt; a wrong signature: 401; signed but without a reference: 400', async () => {
    const body = JSON.stringify({ event: 'transfer.success', data: { reference: 'ref-1' } });
    expect(await paystackWebhookOperation(deps)(webhook(body, signWebhookBody('paystack', 'provider-secret', body)))).toEqual({
      statusCode: 200,
      body: { response: 'success', received: true, duplicate: false },
    });
    expect(received).toEqual([{ provider: 'paystack', eventKey: 'transfer.success:ref-1' }]);
    expect(await refusal(squadWebhookOperation(deps)(webhook(body, signWebhookBody('squad', 'another-secret', body))))).toEqual({
      status: 401,
      msg: MONEY_MSG.invalidSignature,
    });
    const empty = JSON.stringify({ event: 'transfer.success', data: {} });
    expect(await refusal(paystackWebhookOperation(deps)(webhook(empty, signWebhookBody('paystack', 'provider-secret', empty))))).toMatchObject({ status: 400 });
    expect(received).toHaveLength(1);
  });

  it('a VTpass push that cannot be read: 400, nothing queued', async () => {
    expect(await refusal(vtpassWebhookOperation(deps)(webhook('not json')))).toMatchObject({ status: 400 });
    expect(received).toHaveLength(1);
  });
});

describe('webhook receivers read the exact bytes signed', () => {
  it('text bodies as sent, base64 bodies decoded', () => {
    const text = '{"a": 1,  "b":2}';
    expect(rawBodyOf({ body: text, isBase64Encoded: false } as APIGatewayProxyEventV2).toString()).toBe(text);
    expect(rawBodyOf({ body: Buffer.from(text).toString('base64'), isBase64Encoded: true } as APIGatewayProxyEventV2).toString()).toBe(text);
    expect(rawBodyOf({ isBase64Encoded: false } as APIGatewayProxyEventV2).length).toBe(0);
  });
});
