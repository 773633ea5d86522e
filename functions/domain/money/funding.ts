/**
 * Money in from payment providers, pure rules: the card-payment amount limits, the 1% charge,
 * our payment references, what a provider's webhook says (parsed, never trusted for amounts), the
 * decision to credit after the provider's own verify call, and the one credit a reference can make.
 *
 * Amounts come from the verify call, never from the webhook body: a webhook only tells us to look.
 */
import { z } from 'zod';
import { FUND_WALLET_CHARGE_BPS, FUND_WALLET_MAX_KOBO, FUND_WALLET_MIN_KOBO } from '../../../shared/constants.js';
import type { PaymentProvider } from '../../../shared/events.js';
import { applyRate, nairaToKobo, type Kobo } from '../../../shared/money.js';
import { derivedId } from '../ids.js';

// ---------------------------------------------------------------------------------------------
// Amounts

export type FundingAmountCheck = { ok: true } | { ok: false; reason: 'invalid_amount' | 'below_minimum' | 'above_maximum' };

export function checkFundingAmount(amountKobo: Kobo): FundingAmountCheck {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) return { ok: false, reason: 'invalid_amount' };
  if (amountKobo < FUND_WALLET_MIN_KOBO) return { ok: false, reason: 'below_minimum' };
  if (amountKobo > FUND_WALLET_MAX_KOBO) return { ok: false, reason: 'above_maximum' };
  return { ok: true };
}

/** The 1% charge on a successful funding, and what reaches the wallet (paid − charge). */
export function fundingSplit(paidKobo: Kobo): { paidKobo: Kobo; chargeKobo: Kobo; creditKobo: Kobo } {
  const chargeKobo = applyRate(paidKobo, FUND_WALLET_CHARGE_BPS);
  return { paidKobo, chargeKobo, creditKobo: paidKobo - chargeKobo };
}

// ---------------------------------------------------------------------------------------------
// References and ids

/** Our reference for a card payment (Squad's transaction_ref): unique, alphanumeric. */
export function newPaymentReference(newId: () => string): string {
  return `VTU${newId()}`;
}

const OUR_REFERENCE = /^VTU[0-9A-HJKMNP-TV-Z]{26}$/;
export function isOurPaymentReference(reference: string): boolean {
  return OUR_REFERENCE.test(reference);
}

/** The one wallet credit a provider's payment reference can ever make. */
export function fundingCreditIdFor(provider: PaymentProvider, reference: string): string {
  return derivedId('provider-funding', provider, reference);
}

// ---------------------------------------------------------------------------------------------
// Card payment (Squad)

/** What we asked the provider for; the credit goes to this user whatever a webhook claims. */
export interface PaymentIntent {
  provider: PaymentProvider;
  reference: string;
  userId: string;
  userName: string;
  email: string;
  amountKobo: Kobo;
  checkoutUrl?: string;
  status: 'initiated' | 'credited';
  transactionId?: string;
  createdAt: string;
  updatedAt: string;
}

export type ProviderPaymentStatus = 'success' | 'failed' | 'abandoned' | 'pending' | 'unknown';

/** Squad's verify call, classified. */
export interface VerifiedPayment {
  status: ProviderPaymentStatus;
  reference: string;
  amountKobo: Kobo;
  currency: string;
  /** The provider's own id of the charge (kept on the record). */
  providerReference?: string;
}

export type CreditDecision =
  | { kind: 'credit'; paidKobo: Kobo; chargeKobo: Kobo; creditKobo: Kobo }
  | { kind: 'ignore'; reason: 'not_successful' | 'wrong_currency' | 'reference_mismatch' | 'invalid_amount' }
  /** Not final yet at the provider: try again later. */
  | { kind: 'retry'; reason: 'pending' };

/** Credit only what the provider confirms as paid, in naira, for this very reference. */
export function decideCardCredit(intent: Pick<PaymentIntent, 'reference'>, verified: VerifiedPayment): CreditDecision {
  if (verified.reference !== intent.reference) return { kind: 'ignore', reason: 'reference_mismatch' };
  if (verified.status === 'pending' || verified.status === 'unknown') return { kind: 'retry', reason: 'pending' };
  if (verified.status !== 'success') return { kind: 'ignore', reason: 'not_successful' };
  if (verified.currency.toUpperCase() !== 'NGN') return { kind: 'ignore', reason: 'wrong_currency' };
  if (!Number.isSafeInteger(verified.amountKobo) || verified.amountKobo <= 0) return { kind: 'ignore', reason: 'invalid_amount' };
  const split = fundingSplit(verified.amountKobo);
  if (split.creditKobo <= 0) return { kind: 'ignore', reason: 'invalid_amount' };
  return { kind: 'credit', ...split };
}

export function squadStatus(value: unknown): ProviderPaymentStatus {
  switch (String(value ?? '').toLowerCase()) {
    case 'success':
    case 'successful':
      return 'success';
    case 'failed':
      return 'failed';
    case 'abandoned':
      return 'abandoned';
    case 'pending':
      return 'pending';
    default:
      return 'unknown';
  }
}

/** Squad's webhook body: `{Event, TransactionRef, Body}`. Only the reference is used; the rest is kept for audits. */
export const squadWebhookSchema = z
  .object({
    Event: z.string().max(100).optional(),
    TransactionRef: z.string().trim().min(1).max(100),
    Body: z.record(z.unknown()).optional(),
  })
  .passthrough();

// ---------------------------------------------------------------------------------------------
// Reserved accounts (Monnify)

export interface ReservedAccount {
  bankName: string;
  accountNumber: string;
}

/** Monnify's SUCCESSFUL_TRANSACTION webhook (only what we look at). */
export const monnifyWebhookSchema = z
  .object({
    eventType: z.string().max(100),
    eventData: z
      .object({
        transactionReference: z.string().trim().min(1).max(100),
        paymentReference: z.string().max(200).optional(),
        product: z
          .object({ type: z.string().max(50).optional(), reference: z.string().max(100).optional() })
          .passthrough()
          .optional(),
      })
      .passthrough(),
  })
  .passthrough();

/** Monnify's transaction-status answer, classified. */
export interface VerifiedTransfer {
  status: ProviderPaymentStatus;
  transactionReference: string;
  amountKobo: Kobo;
  currency: string;
  /** RESERVED_ACCOUNT for transfers into reserved accounts. */
  productType: string;
  /** Our accountReference: the owner's user id. */
  accountReference: string;
  destinationAccountNumber?: string;
}

export function monnifyStatus(value: unknown): ProviderPaymentStatus {
  switch (String(value ?? '').toUpperCase()) {
    case 'PAID':
    case 'OVERPAID':
      return 'success';
    case 'PARTIALLY_PAID':
    case 'PENDING':
      return 'pending';
    case 'FAILED':
    case 'REVERSED':
      return 'failed';
    case 'EXPIRED':
    case 'CANCELLED':
      return 'abandoned';
    default:
      return 'unknown';
  }
}

/** A naira amount from a provider answer (number or string with at most 2 decimals) in kobo; NaN when unusable. */
export function providerNairaToKobo(value: unknown): Kobo {
  if (typeof value !== 'number' && typeof value !== 'string') return Number.NaN;
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  try {
    return nairaToKobo(text);
  } catch {
    return Number.NaN;
  }
}

export type TransferCreditDecision =
  | { kind: 'credit'; userId: string; paidKobo: Kobo; chargeKobo: Kobo; creditKobo: Kobo }
  | { kind: 'ignore'; reason: 'not_successful' | 'not_reserved_account' | 'reference_mismatch' | 'invalid_amount' | 'wrong_currency' | 'unknown_account' }
  | { kind: 'retry'; reason: 'pending' };

/**
 * The identity a reservation is made under: Monnify reserves accounts only for a customer with a
 * BVN or a NIN (the BVN when both are set); without either, no reservation is asked for.
 */
export function reservationIdentity(user: { bvn: string | null; nin: string | null }): { bvn: string } | { nin: string } | undefined {
  if (user.bvn) return { bvn: user.bvn };
  if (user.nin) return { nin: user.nin };
  return undefined;
}

/**
 * Whether a user should be given reserved accounts now (the original backend's rule, at login and
 * at KYC): KYC done, none made yet. The maker re-checks both before it asks the provider.
 */
export function wantsReservedAccounts(user: { bvn?: string | null; nin?: string | null; accountNumbers?: readonly unknown[] | null }): boolean {
  return reservationIdentity({ bvn: user.bvn ?? null, nin: user.nin ?? null }) !== undefined && (user.accountNumbers?.length ?? 0) === 0;
}

/**
 * A transfer into a reserved account credits its owner (accountReference = user id), only as the
 * provider's transaction-status call confirms it, and only into an account the owner holds.
 */
export function decideReservedAccountCredit(
  transactionReference: string,
  verified: VerifiedTransfer,
  owner: { userId: string; accountNumbers: ReservedAccount[] } | undefined,
): TransferCreditDecision {
  if (verified.transactionReference !== transactionReference) return { kind: 'ignore', reason: 'reference_mismatch' };
  if (verified.status === 'pending' || verified.status === 'unknown') return { kind: 'retry', reason: 'pending' };
  if (verified.status !== 'success') return { kind: 'ignore', reason: 'not_successful' };
  if (verified.productType.toUpperCase() !== 'RESERVED_ACCOUNT') return { kind: 'ignore', reason: 'not_reserved_account' };
  if (verified.currency.toUpperCase() !== 'NGN') return { kind: 'ignore', reason: 'wrong_currency' };
  if (!owner || owner.userId !== verified.accountReference) return { kind: 'ignore', reason: 'unknown_account' };
  if (verified.destinationAccountNumber && !owner.accountNumbers.some((a) => a.accountNumber === verified.destinationAccountNumber)) {
    return { kind: 'ignore', reason: 'unknown_account' };
  }
  if (!Number.isSafeInteger(verified.amountKobo) || verified.amountKobo <= 0) return { kind: 'ignore', reason: 'invalid_amount' };
  const split = fundingSplit(verified.amountKobo);
  if (split.creditKobo <= 0) return { kind: 'ignore', reason: 'invalid_amount' };
  return { kind: 'credit', userId: owner.userId, ...split };
}

// ---------------------------------------------------------------------------------------------
// What the credit's transaction record keeps (its draft: funding-credit.ts)

export interface FundingDetails {
  provider: PaymentProvider;
  /** Our reference (card) or the provider's transaction reference (bank transfer). */
  reference: string;
  paidKobo: Kobo;
  chargeKobo: Kobo;
  providerReference?: string;
}
