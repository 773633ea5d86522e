/**
 * Transaction ids. A transaction's id is its idempotency key, so ids that must not repeat an
 * effect are derived deterministically from what they stand for. A module of its own, importing
 * nothing of the domain, so that any rule module can name its transactions without an import cycle.
 */
import { createHash } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 26 Crockford base-32 characters (130 bits) of SHA-256 over the parts: the shape of a ULID. */
export function derivedId(...parts: string[]): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  let bits = 0n;
  for (const byte of digest.subarray(0, 17)) bits = (bits << 8n) | BigInt(byte);
  let id = '';
  for (let i = 0; i < 26; i++) {
    id = CROCKFORD[Number(bits & 31n)] + id;
    bits >>= 5n;
  }
  return id;
}

/** A client's request_id names one purchase per user: retries map to the same transaction. */
export function transactionIdForRequest(userId: string, requestId: string): string {
  return derivedId('purchase-request', userId, requestId);
}

/** The one refund a purchase can ever have. */
export function refundIdFor(purchaseId: string): string {
  return derivedId('refund', purchaseId);
}

/** The one debit that can ever take a purchase's refund back (the purchase settled as delivered after all). */
export function refundReversalIdFor(purchaseId: string): string {
  return derivedId('refund-reversal', purchaseId);
}

/** A vendor's payment for a coupon: one per code. */
export function couponPaymentIdFor(code: string): string {
  return derivedId('coupon-payment', code.toUpperCase());
}

/** A vendor's payment for a coupon asked with a request_id: one per vendor and key, whatever code is drawn. */
export function couponPaymentIdForRequest(vendorId: string, requestId: string): string {
  return derivedId('coupon-payment-request', vendorId, requestId);
}

/** The vendor's money back for a cancelled coupon: one per code. */
export function couponCancelIdFor(code: string): string {
  return derivedId('coupon-cancel', code.toUpperCase());
}

/** The one wallet credit a coupon can ever make. */
export function couponCreditIdFor(code: string): string {
  return derivedId('coupon', code.toUpperCase());
}

/** Line `index` (0-based) of a bulk purchase: the one record it can ever have, however often the batch is expanded. */
export function bulkLineIdFor(batchId: string, index: number): string {
  return derivedId('bulk-line', batchId, String(index));
}
