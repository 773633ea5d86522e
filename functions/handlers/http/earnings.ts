/**
 * The earnings HTTP service: GET /auth/referral?page= (earning balance, totals, the referred
 * users page by page) and POST /auth/withdrawEarning (the whole earning balance into the wallet,
 * in one write with an `earning` record).
 */
import { ulid } from 'ulid';
import { referralQuery, type ReferralResponse, type WithdrawEarningResponse } from '../../../shared/api/earnings.js';
import { MONEY_MSG } from '../../../shared/messages.js';
import { koboToNaira } from '../../../shared/money.js';
import { dynamoEarnings } from '../../adapters/dynamo/earnings.js';
import { loadPrincipal } from '../../adapters/dynamo/users.js';
import { referralPage } from '../../domain/earnings.js';
import { toTransactionView } from '../../domain/transactions.js';
import type { EarningsStore } from '../../ports/money.js';
import { BadRequestError } from '../../middleware/errors.js';
import { httpService, parseInput, type HttpAnswer, type HttpRequest } from '../../middleware/http.js';

export interface EarningsDeps {
  earnings: EarningsStore;
  newId(): string;
  now(): Date;
}

export function earningsOperations(deps: EarningsDeps) {
  async function referrals(request: HttpRequest): Promise<HttpAnswer> {
    const { page } = parseInput(referralQuery, request.query);
    const userId = request.principal!.userId;
    const [earnings, list] = await Promise.all([deps.earnings.get(userId), deps.earnings.listReferrals(userId)]);
    const body: ReferralResponse = referralPage(earnings, list, page);
    return { body };
  }

  async function withdrawEarning(request: HttpRequest): Promise<HttpAnswer> {
    const principal = request.principal!;
    const result = await deps.earnings.withdraw({ userId: principal.userId, userName: principal.userName, userType: principal.userType }, deps.newId, deps.now);
    if (result.kind === 'nothing_to_withdraw') throw new BadRequestError(MONEY_MSG.noEarnings);
    const body: WithdrawEarningResponse = {
      msg: MONEY_MSG.earningsWithdrawn,
      amount: koboToNaira(result.record.amountKobo),
      balance: koboToNaira(result.record.balanceAfterKobo),
      earningBalance: koboToNaira(result.earnings.earningBalanceKobo),
      receipt: toTransactionView(result.record),
    };
    return { body };
  }

  return { referrals, withdrawEarning } satisfies Record<string, (request: HttpRequest) => Promise<HttpAnswer>>;
}

export const handler = httpService('earnings', earningsOperations({ earnings: dynamoEarnings, newId: () => ulid(), now: () => new Date() }), { loadPrincipal });
