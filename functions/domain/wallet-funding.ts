/** Funding a wallet with coupons: issuing (admin) and redeeming (the owner). */
import type { UserType } from '../../shared/constants.js';
import type { Kobo } from '../../shared/money.js';
import type { CouponStore, RedeemResult } from '../ports/coupons.js';
import { checkCouponAmount, generateCouponCode, type Coupon } from './coupons.js';

export interface IssueCouponInput {
  owner: { userId: string; userName: string };
  amountKobo: Kobo;
  issuedBy: string;
  /** The issuer's user name: the other party a redemption shows. */
  issuedByUserName?: string;
}

export interface CouponDeps {
  coupons: CouponStore;
  randomBytes(size: number): Uint8Array;
  now(): Date;
}

export type IssueCouponResult = { kind: 'issued'; coupon: Coupon } | { kind: 'invalid_amount' | 'above_maximum' };

/** A code collision (≈2⁻⁷⁹ per draw) is retried with a fresh code rather than trusted away. */
const MAX_CODE_DRAWS = 3;

export async function issueCoupon(input: IssueCouponInput, deps: CouponDeps): Promise<IssueCouponResult> {
  const amount = checkCouponAmount(input.amountKobo);
  if (!amount.ok) return { kind: amount.reason };
  for (let draw = 0; draw < MAX_CODE_DRAWS; draw++) {
    const coupon: Coupon = {
      code: generateCouponCode(deps.randomBytes),
      ownerUserId: input.owner.userId,
      ownerUserName: input.owner.userName,
      amountKobo: input.amountKobo,
      used: false,
      createdAt: deps.now().toISOString(),
      createdBy: input.issuedBy,
      ...(input.issuedByUserName ? { createdByUserName: input.issuedByUserName } : {}),
    };
    if (await deps.coupons.create(coupon)) return { kind: 'issued', coupon };
  }
  throw new Error('could not draw an unused coupon code');
}

export function redeemCoupon(
  code: string,
  redeemer: { userId: string; userName: string; userType: UserType },
  deps: Pick<CouponDeps, 'coupons' | 'now'>,
): Promise<RedeemResult> {
  return deps.coupons.redeem(code, redeemer, deps.now());
}
