/**
 * Funding a wallet with coupons: issuing (an admin's coupon creates money; a coupon vendor's is
 * paid from the vendor's wallet in the write that creates it), redeeming (the owner) and
 * cancelling (the vendor, while nobody redeemed it). An operator's issue or cancel carries its
 * audit entry into the write that makes the change.
 */
import type { UserType } from '../../../shared/constants.js';
import type { Kobo } from '../../../shared/money.js';
import type { TransactionRecord } from '../transactions/transactions.js';
import type { CancelResult, CouponCancelChange, CouponIssueChange, CouponStore, RedeemResult } from './coupons-port.js';
import { inWriteAudit, type AuditChange, type AuditedRequest } from '../back-office/audit.js';
import { couponPaymentDraft, paidCoupon, type CouponPayer } from './coupon-payments.js';
import { checkCouponAmount, generateCouponCode, type Coupon } from './coupons.js';

export interface IssueCouponInput {
  owner: { userId: string; userName: string };
  amountKobo: Kobo;
  issuedBy: string;
  /** The issuer's user name: the other party a redemption shows. */
  issuedByUserName?: string;
  /** A coupon vendor pays for the coupon from their wallet; an admin's coupon (no payer) creates money. */
  payer?: CouponPayer;
  /** The vendor's idempotency key: a retry answers the coupon already paid for. */
  requestId?: string;
  /** The operator's request, whose audit entry goes in the coupon's own write. */
  operatorRequest?: AuditedRequest;
}

const couponFacts = (coupon: Coupon) => ({ code: coupon.code, owner: coupon.ownerUserName, amountKobo: coupon.amountKobo });

/** A new coupon's entry: no coupon before; after, the coupon (and a vendor's balance before and after paying for it). */
export function couponIssueAuditChange({ coupon, payment }: CouponIssueChange): AuditChange {
  if (!payment) return { before: null, after: { coupon: couponFacts(coupon) } };
  return { before: { payerBalanceKobo: payment.balanceBeforeKobo }, after: { coupon: couponFacts(coupon), payerBalanceKobo: payment.balanceAfterKobo } };
}

/** A cancelled coupon's entry: open before, cancelled after, and the vendor's balance before and after the money came back. */
export function couponCancelAuditChange({ coupon, record }: CouponCancelChange): AuditChange {
  return {
    before: { coupon: { ...couponFacts(coupon), state: 'open' }, vendorBalanceKobo: record.balanceBeforeKobo },
    after: { coupon: { ...couponFacts(coupon), state: 'cancelled' }, vendorBalanceKobo: record.balanceAfterKobo },
  };
}

export interface CouponDeps {
  coupons: CouponStore;
  randomBytes(size: number): Uint8Array;
  now(): Date;
  /** An audit entry's id. */
  newId(): string;
}

export type IssueCouponResult =
  /** `payment`: the vendor's debit, when a vendor paid for it. */
  | { kind: 'issued'; coupon: Coupon; payment?: TransactionRecord }
  | { kind: 'invalid_amount' | 'above_maximum' | 'insufficient_balance' | 'exists_with_different_details' };

/** A code collision (≈2⁻⁷⁹ per draw) is retried with a fresh code rather than trusted away. */
const MAX_CODE_DRAWS = 3;

export async function issueCoupon(input: IssueCouponInput, deps: CouponDeps): Promise<IssueCouponResult> {
  const amount = checkCouponAmount(input.amountKobo);
  if (!amount.ok) return { kind: amount.reason };
  // A created coupon is answered 201: its entry says so.
  const audit = input.operatorRequest ? inWriteAudit(input.operatorRequest, deps.now(), deps.newId(), couponIssueAuditChange, 201) : undefined;
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
    if (!input.payer) {
      if (await deps.coupons.create(coupon, audit)) return { kind: 'issued', coupon };
      continue;
    }
    const paid = paidCoupon(coupon, input.payer, input.requestId);
    const written = await deps.coupons.createPaid(paid, couponPaymentDraft(paid, input.payer, deps.now()), audit);
    switch (written.kind) {
      case 'created':
        return { kind: 'issued', coupon: paid, payment: written.record };
      case 'replayed':
        return { kind: 'issued', coupon: written.coupon, payment: written.record };
      case 'insufficient_balance':
      case 'exists_with_different_details':
        return { kind: written.kind };
      case 'code_taken':
        continue;
    }
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

export function cancelCoupon(
  code: string,
  vendor: CouponPayer,
  deps: Pick<CouponDeps, 'coupons' | 'now' | 'newId'>,
  operatorRequest?: AuditedRequest,
): Promise<CancelResult> {
  const now = deps.now();
  const audit = operatorRequest ? inWriteAudit(operatorRequest, now, deps.newId(), couponCancelAuditChange) : undefined;
  return deps.coupons.cancel(code, vendor, now, audit);
}
