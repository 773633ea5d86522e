/** HTTP: coupons. POST /admin/generateCoupon (admin) and POST /fundWallet/coupon (the owner). */
import { randomBytes } from 'node:crypto';
import { fundWithCouponRequest, generateCouponRequest, type FundWithCouponResponse, type GenerateCouponResponse } from '../../../shared/api/wallet.js';
import { MSG } from '../../../shared/messages.js';
import { COUPON_MAX_KOBO } from '../../../shared/constants.js';
import { formatNaira, koboToNaira } from '../../../shared/money.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/config.js';
import { dynamoCoupons } from '../../adapters/dynamo/coupons.js';
import { getUserByUserName } from '../../adapters/dynamo/users.js';
import { toTransactionView } from '../../domain/transactions.js';
import { issueCoupon, redeemCoupon, type CouponDeps, type IssueCouponResult } from '../../domain/wallet-funding.js';
import type { RedeemResult } from '../../ports/coupons.js';
import { answerWith, httpService, ok, parseInput, refusal, refuse, type UserOperation } from '../../middleware/http.js';
import { edge } from './edge.js';

export interface WalletDeps extends CouponDeps {
  findUserByUserName(userName: string): Promise<{ userId: string; userName: string } | undefined>;
}

/** Every outcome of issuing a coupon and its answer. */
const issueAnswer = answerWith<IssueCouponResult>({
  issued: ({ coupon }) => {
    const body: GenerateCouponResponse = {
      msg: MSG.couponGenerated,
      couponCode: coupon.code,
      coupon: { code: coupon.code, owner: coupon.ownerUserName, amount: koboToNaira(coupon.amountKobo) },
    };
    return ok(body, 201);
  },
  invalid_amount: refuse(400, MSG.enterValidAmount),
  above_maximum: refuse(400, `A coupon can be at most ${formatNaira(COUPON_MAX_KOBO)}`),
});

export function generateCouponOperation(deps: WalletDeps): UserOperation {
  return async ({ principal, body }) => {
    const input = parseInput(generateCouponRequest, body);
    const owner = await deps.findUserByUserName(input.userAccount);
    if (!owner) return refusal(404, MSG.userNotFound);
    const result = await issueCoupon({ owner: { userId: owner.userId, userName: owner.userName }, amountKobo: input.amount, issuedBy: principal.userId, issuedByUserName: principal.userName }, deps);
    return issueAnswer(result);
  };
}

/** Every outcome of redeeming a coupon and its answer. */
const redeemAnswer = answerWith<RedeemResult>({
  redeemed: ({ record }) => {
    const body: FundWithCouponResponse = { msg: MSG.walletFunded, amount: koboToNaira(record.amountKobo), receipt: toTransactionView(record) };
    return ok(body);
  },
  not_found: refuse(404, MSG.couponNotFound),
  already_used: refuse(409, MSG.couponUsed),
  not_owner: refuse(403, MSG.couponNotYours),
});

export function fundWithCouponOperation(deps: Pick<CouponDeps, 'coupons' | 'now'>): UserOperation {
  return async ({ principal, body }) => {
    const input = parseInput(fundWithCouponRequest, body);
    // The redeemer is always the caller; a body naming somebody else is refused, never honoured.
    if (input.userName && input.userName.toLowerCase() !== principal.userName.toLowerCase()) return refusal(403, MSG.couponNotYours);
    const result = await redeemCoupon(input.coupon, { userId: principal.userId, userName: principal.userName, userType: principal.userType }, deps);
    return redeemAnswer(result);
  };
}

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session]);

const deps: WalletDeps = {
  coupons: dynamoCoupons,
  randomBytes: (size) => randomBytes(size),
  now: () => new Date(),
  findUserByUserName: getUserByUserName,
};

export const handler = httpService(
  'wallet',
  {
    generateCoupon: generateCouponOperation(deps),
    fundWithCoupon: fundWithCouponOperation(deps),
  },
  edge,
);
