/**
 * The wallet's funding forms, card and coupon, as the API reads them
 * (shared/api/funding.ts, shared/api/wallet.ts).
 */
import { z } from 'zod';
import { initiateSquadPaymentRequest } from '@shared/api/funding.js';
import { fundWithCouponRequest } from '@shared/api/wallet.js';
import { FUND_WALLET_MIN_KOBO } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';
import type { Kobo } from '@shared/money.js';
import { koboToApiNaira } from '@/lib/money.js';

/** A card payment of at least ₦100. */
export const cardPaymentForm = z.object({ amount: initiateSquadPaymentRequest.shape.amount.pipe(z.number().min(FUND_WALLET_MIN_KOBO, MSG.minimumPayment)) });
export type CardPaymentFormValues = z.input<typeof cardPaymentForm>;

/** POST /fundWallet/squad/initiate's body: the amount as a naira number. */
export type CardPaymentBody = z.input<typeof initiateSquadPaymentRequest> & { amount: number };

export function cardPaymentBody(amountKobo: Kobo, email: string | undefined): CardPaymentBody {
  return { amount: koboToApiNaira(amountKobo), email };
}

export const couponForm = fundWithCouponRequest.pick({ coupon: true });
export type CouponFormValues = z.input<typeof couponForm>;
