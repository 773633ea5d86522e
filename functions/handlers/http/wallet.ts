/**
 * HTTP: coupons. POST /admin/generateCoupon (an admin's coupon creates money; a coupon vendor's is
 * paid from the vendor's wallet in the same write), POST /fundWallet/coupon (the owner), and a
 * vendor's unredeemed coupons: GET /admin/coupons and POST /admin/coupon/{code}/cancel.
 */
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import {
  couponCodeParams,
  fundWithCouponRequest,
  generateCouponRequest,
  type CancelCouponResponse,
  type FundWithCouponResponse,
  type GenerateCouponResponse,
  type VendorCouponsResponse,
} from '../../../shared/api/wallet.js';
import { COUPON_VENDOR_MSG, couponCancelledMessage, MSG } from '../../../shared/messages.js';
import { COUPON_MAX_KOBO } from '../../../shared/constants.js';
import { formatNaira, koboToNaira } from '../../../shared/money.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/environment.js';
import { dynamoCoupons } from '../../adapters/dynamo/money/coupons.js';
import { getUserByUserName } from '../../adapters/dynamo/accounts/users.js';
import { viewFor, type TransactionReader } from '../../domain/transactions/transaction-views.js';
import type { Coupon } from '../../domain/money/coupons.js';
import { cancelCoupon, issueCoupon, redeemCoupon, type CouponDeps, type IssueCouponResult } from '../../domain/money/wallet-funding.js';
import type { CancelResult, RedeemResult } from '../../domain/money/coupons-port.js';
import { auditedRequestOf } from '../../middleware/audit.js';
import { answerWith, httpService, ok, parseInput, refusal, refuse, type UserOperation } from '../../middleware/http.js';
import { edge } from './edge.js';

export interface WalletDeps extends CouponDeps {
  findUserByUserName(userName: string): Promise<{ userId: string; userName: string } | undefined>;
}

const couponView = (coupon: Coupon) => ({ code: coupon.code, owner: coupon.ownerUserName, amount: koboToNaira(coupon.amountKobo) });

/** Every outcome of issuing a coupon and its answer. */
const issueAnswer = answerWith<IssueCouponResult>({
  issued: ({ coupon, payment }) => {
    const body: GenerateCouponResponse = {
      msg: MSG.couponGenerated,
      couponCode: coupon.code,
      coupon: couponView(coupon),
      ...(payment ? { balance: koboToNaira(payment.balanceAfterKobo) } : {}),
    };
    return ok(body, 201);
  },
  invalid_amount: refuse(400, MSG.enterValidAmount),
  above_maximum: refuse(400, `A coupon can be at most ${formatNaira(COUPON_MAX_KOBO)}`),
  insufficient_balance: refuse(400, MSG.insufficientBalance),
  exists_with_different_details: refuse(409, MSG.duplicateRequest),
});

export function generateCouponOperation(deps: WalletDeps): UserOperation {
  return async (request) => {
    const { principal } = request;
    const input = parseInput(generateCouponRequest, request.body);
    const owner = await deps.findUserByUserName(input.userAccount);
    if (!owner) return refusal(404, MSG.userNotFound);
    // An admin's coupon keeps creating money; only a vendor who is not an admin pays for theirs.
    const payer = principal.isAdmin ? undefined : { userId: principal.userId, userName: principal.userName, userType: principal.userType };
    const result = await issueCoupon(
      {
        owner: { userId: owner.userId, userName: owner.userName },
        amountKobo: input.amount,
        issuedBy: principal.userId,
        issuedByUserName: principal.userName,
        payer,
        requestId: input.request_id,
        operatorRequest: auditedRequestOf(request),
      },
      deps,
    );
    return issueAnswer(result);
  };
}

/** Every outcome of redeeming a coupon and its answer; the receipt as the reader may read it. */
const redeemAnswer = (reader: TransactionReader) =>
  answerWith<RedeemResult>({
    redeemed: ({ record }) => {
      const body: FundWithCouponResponse = { msg: MSG.walletFunded, amount: koboToNaira(record.amountKobo), receipt: viewFor(reader, record) };
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
    return redeemAnswer(principal)(result);
  };
}

/** Every outcome of cancelling a vendor's coupon and its answer. */
const cancelAnswer = answerWith<CancelResult>({
  cancelled: ({ coupon, record }) => {
    const body: CancelCouponResponse = {
      msg: couponCancelledMessage(coupon.code, formatNaira(coupon.amountKobo)),
      balance: koboToNaira(record.balanceAfterKobo),
      coupon: couponView(coupon),
    };
    return ok(body);
  },
  not_found: refuse(404, MSG.couponNotFound),
  not_yours: refuse(403, COUPON_VENDOR_MSG.notYourCoupon),
  already_used: refuse(409, MSG.couponUsed),
  already_cancelled: refuse(409, COUPON_VENDOR_MSG.alreadyCancelled),
});

export function cancelCouponOperation(deps: Pick<CouponDeps, 'coupons' | 'now' | 'newId'>): UserOperation {
  return async (request) => {
    const { principal } = request;
    const { code } = parseInput(couponCodeParams, request.params);
    const vendor = { userId: principal.userId, userName: principal.userName, userType: principal.userType };
    return cancelAnswer(await cancelCoupon(code, vendor, deps, auditedRequestOf(request)));
  };
}

export function listVendorCouponsOperation(deps: Pick<CouponDeps, 'coupons'>): UserOperation {
  return async ({ principal }) => {
    const coupons = await deps.coupons.listOpenPaidBy(principal.userId);
    const body: VendorCouponsResponse = { coupons: coupons.map((coupon) => ({ ...couponView(coupon), createdAt: coupon.createdAt })) };
    return ok(body);
  };
}

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session]);

const deps: WalletDeps = {
  coupons: dynamoCoupons,
  randomBytes: (size) => randomBytes(size),
  now: () => new Date(),
  newId: () => ulid(),
  findUserByUserName: getUserByUserName,
};

export const handler = httpService(
  'wallet',
  {
    generateCoupon: generateCouponOperation(deps),
    fundWithCoupon: fundWithCouponOperation(deps),
    listVendorCoupons: listVendorCouponsOperation(deps),
    cancelCoupon: cancelCouponOperation(deps),
  },
  edge,
);
