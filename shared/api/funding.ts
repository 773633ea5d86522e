/** Money in: card payment link (Squad) and reserved bank accounts (Monnify). */
import { z } from 'zod';
import { positiveNairaInKobo } from './common.js';

/** POST /fundWallet/squad/initiate {amount, email}: amount in naira (sent as a number); email defaults to the user's. */
export const initiateSquadPaymentRequest = z.object({
  amount: positiveNairaInKobo,
  email: z
    .string()
    .trim()
    .max(254)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || z.string().email().safeParse(v).success, 'Enter a valid email'),
});
export type InitiateSquadPaymentRequest = z.infer<typeof initiateSquadPaymentRequest>;

export interface InitiateSquadPaymentResponse {
  msg: string;
  /** The provider's checkout page: the button becomes "proceed to pay" and goes here. */
  link: string;
  /** Our payment reference (the provider's transaction_ref). */
  reference: string;
  /** Naira to pay. */
  amount: number;
  /** The 1% charge taken from it on success. */
  charge: number;
  /** What reaches the wallet once the payment is confirmed. */
  amountToCredit: number;
}

export interface ReservedAccountView {
  bankName: string;
  accountNumber: string;
}

/** GET /auth/generateAcc. */
export interface GenerateAccountsResponse {
  msg: string;
  accountNumbers: ReservedAccountView[];
  /** The name the accounts were reserved under (first 10 characters of the user's name). */
  accountName: string;
}
