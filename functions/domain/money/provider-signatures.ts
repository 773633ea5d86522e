/**
 * Signatures of the payment providers' webhooks (integrations.md): every one of them is an
 * HMAC-SHA512 over the RAW request body, hex-encoded, in a header —
 *   Squad    `x-squad-encrypted-body` (secret key; clients compare the digest upper-cased),
 *   Monnify  `monnify-signature`      (client secret),
 *   Paystack `x-paystack-signature`   (secret key).
 * Hex is compared case-insensitively and in constant time; a missing header, a missing secret or
 * anything that is not a 128-character hex digest is never valid.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentProvider } from '../../../shared/events.js';

export const SIGNATURE_HEADERS: Record<PaymentProvider, string> = {
  squad: 'x-squad-encrypted-body',
  monnify: 'monnify-signature',
  paystack: 'x-paystack-signature',
};

export type SignatureCheck = 'valid' | 'missing' | 'invalid';

const SHA512_HEX = /^[0-9a-fA-F]{128}$/;

/** HMAC-SHA512 of the raw body, lower-case hex (what Monnify and Paystack send; Squad upper-cases it). */
export function hmacSha512Hex(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

/** Checks a hex HMAC-SHA512 signature header against the raw body. */
export function verifyHmacSha512(rawBody: Buffer | string, header: string | undefined, secret: string | undefined): SignatureCheck {
  if (header === undefined || header.trim() === '') return 'missing';
  const given = header.trim();
  // A misconfigured (empty) secret must never turn into "anyone can sign".
  if (!secret || !SHA512_HEX.test(given)) return 'invalid';
  const expected = Buffer.from(hmacSha512Hex(secret, rawBody).toUpperCase(), 'ascii');
  const actual = Buffer.from(given.toUpperCase(), 'ascii');
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? 'valid' : 'invalid';
}

/** The signature header as a provider would send it (simulators, tests). */
export function signWebhookBody(provider: PaymentProvider, secret: string, rawBody: Buffer | string): Record<string, string> {
  const hex = hmacSha512Hex(secret, rawBody);
  return { [SIGNATURE_HEADERS[provider]]: provider === 'squad' ? hex.toUpperCase() : hex };
}
