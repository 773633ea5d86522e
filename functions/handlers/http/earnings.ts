/**
 * The earnings HTTP service: GET /auth/referral?page= (earning balance, totals, the referred
 * users page by page) and POST /auth/withdrawEarning (the whole earning balance into the wallet,
 * in one write with an `earning` record).
 */
import { ulid } from 'ulid';
import { referralQuery, type ReferralResponse, type WithdrawEarningResponse } from '../../../shared/api/earnings.js';
import { MONEY_MSG } from '../../../shared/messages.js';
import { koboToNaira } from '../../../shared/money.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/environment.js';
import { dynamoEarnings } from '../../adapters/dynamo/money/earnings.js';
import { referralPage } from '../../domain/money/earnings.js';
import { viewFor, type TransactionReader } from '../../domain/transactions/transaction-views.js';
import type { EarningsStore, WithdrawEarningsResult } from '../../domain/money/money-port.js';
import { answerWith, httpService, ok, parseInput, refuse, type UserOperation } from '../../middleware/http.js';
import { edge } from './edge.js';

export interface EarningsDeps {
  earnings: EarningsStore;
  newId(): string;
  now(): Date;
}

/** The outcome and its answer; the receipt as the reader may read it. */
const withdrawalAnswer = (reader: TransactionReader) =>
  answerWith<WithdrawEarningsResult>({
    withdrawn: ({ record, earnings }) => {
      const body: WithdrawEarningResponse = {
        msg: MONEY_MSG.earningsWithdrawn,
        amount: koboToNaira(record.amountKobo),
        balance: koboToNaira(record.balanceAfterKobo),
        earningBalance: koboToNaira(earnings.earningBalanceKobo),
        receipt: viewFor(reader, record),
      };
      return ok(body);
    },
    nothing_to_withdraw: refuse(400, MONEY_MSG.noEarnings),
  });

export const referralsOperation =
  (deps: EarningsDeps): UserOperation =>
  async ({ principal, query }) => {
    const { page } = parseInput(referralQuery, query);
    const [earnings, list] = await Promise.all([deps.earnings.get(principal.userId), deps.earnings.listReferrals(principal.userId)]);
    const body: ReferralResponse = referralPage(earnings, list, page);
    return ok(body);
  };

export const withdrawEarningOperation =
  (deps: EarningsDeps): UserOperation =>
  async ({ principal }) =>
    withdrawalAnswer(principal)(
      await deps.earnings.withdraw({ userId: principal.userId, userName: principal.userName, userType: principal.userType }, deps.newId, deps.now),
    );

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session]);

const deps: EarningsDeps = { earnings: dynamoEarnings, newId: () => ulid(), now: () => new Date() };

export const handler = httpService('earnings', { referrals: referralsOperation(deps), withdrawEarning: withdrawEarningOperation(deps) }, edge);
