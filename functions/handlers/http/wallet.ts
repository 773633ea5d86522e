/** HTTP: coupons. POST /admin/generateCoupon (admin) and POST /fundWallet/coupon (the owner). */
import { randomBytes } from 'node:crypto';
import { fundWithCouponRequest, generateCouponRequest, type FundWithCouponResponse, type GenerateCouponResponse } from '../../../shared/api/wallet.js';
import { MSG } from '../../../shared/messages.js';
import { COUPON_MAX_KOBO } from '../../../shared/constants.js';
import { formatNaira, InvalidAmountError, koboToNaira, nairaToKobo } from '../../../shared/money.js';
import { dynamoCoupons } from '../../adapters/dynamo/coupons.js';
import { getUserByUserName, loadPrincipal } from '../../adapters/dynamo/users.js';
import { toTransactionView } from '../../domain/transactions.js';
import { issueCoupon, redeemCoupon, type CouponDeps } from '../../domain/wallet-funding.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../middleware/errors.js';
import { httpService, parseInput, type HttpAnswer, type HttpRequest } from '../../middleware/http.js';

export interface WalletDeps extends CouponDeps {
  findUserByUserName(userName: string): Promise<{ userId: string; userName: string } | undefined>;
}

export function walletOperations(deps: WalletDeps) {
  return {
    async generateCoupon(request: HttpRequest): Promise<HttpAnswer> {
      const input = parseInput(generateCouponRequest, request.body);
      const owner = await deps.findUserByUserName(input.userAccount);
      if (!owner) throw new NotFoundError(MSG.userNotFound);
      let amountKobo: number;
      try {
        amountKobo = nairaToKobo(input.amount);
      } catch (error) {
        if (error instanceof InvalidAmountError) throw new BadRequestError(MSG.enterValidAmount, { cause: error });
        throw error;
      }
      const result = await issueCoupon({ owner: { userId: owner.userId, userName: owner.userName }, amountKobo, issuedBy: request.principal!.userId }, deps);
      if (result.kind === 'above_maximum') throw new BadRequestError(`A coupon can be at most ${formatNaira(COUPON_MAX_KOBO)}`);
      if (result.kind !== 'issued') throw new BadRequestError(MSG.enterValidAmount);
      const body: GenerateCouponResponse = {
        msg: MSG.couponGenerated,
        coupon: { code: result.coupon.code, owner: result.coupon.ownerUserName, amount: koboToNaira(result.coupon.amountKobo) },
      };
      return { statusCode: 201, body };
    },

    async fundWithCoupon(request: HttpRequest): Promise<HttpAnswer> {
      const principal = request.principal!;
      const input = parseInput(fundWithCouponRequest, request.body);
      // The redeemer is always the caller; a body naming somebody else is refused, never honoured.
      if (input.userName && input.userName.toLowerCase() !== principal.userName.toLowerCase()) throw new ForbiddenError(MSG.couponNotYours);
      const result = await redeemCoupon(input.coupon, { userId: principal.userId, userName: principal.userName, userType: principal.userType }, deps);
      switch (result.kind) {
        case 'redeemed': {
          const body: FundWithCouponResponse = {
            msg: MSG.walletFunded,
            amount: koboToNaira(result.record.amountKobo),
            receipt: toTransactionView(result.record),
          };
          return { statusCode: 200, body };
        }
        case 'not_found':
          throw new NotFoundError(MSG.couponNotFound);
        case 'already_used':
          throw new ConflictError(MSG.couponUsed);
        case 'not_owner':
          throw new ForbiddenError(MSG.couponNotYours);
      }
    },
  };
}

export const handler = httpService(
  'wallet',
  walletOperations({
    coupons: dynamoCoupons,
    randomBytes: (size) => randomBytes(size),
    now: () => new Date(),
    findUserByUserName: getUserByUserName,
  }),
  { loadPrincipal },
);
