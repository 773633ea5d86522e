/** Events on the platform's EventBridge bus: names and payload schemas, shared by producers, rules and consumers. */
import { z } from 'zod';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from './constants.js';

export const EVENT_SOURCE = 'vtu.platform';

export const EVENT_TYPES = {
  /** A transaction reached a final status (success, failed, refunded). */
  transactionSettled: 'TransactionSettled',
  /** Somebody should receive an e-mail (password reset, notices). */
  emailRequested: 'EmailRequested',
} as const;
export type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];

export const transactionSettledSchema = z.object({
  transactionId: z.string(),
  userId: z.string(),
  userName: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  amountKobo: z.number().int(),
  settledAt: z.string(),
});
export type TransactionSettled = z.infer<typeof transactionSettledSchema>;

export const emailRequestedSchema = z.object({
  to: z.string().email(),
  subject: z.string().min(1),
  text: z.string().min(1),
  html: z.string().optional(),
});
export type EmailRequested = z.infer<typeof emailRequestedSchema>;

export const EVENT_SCHEMAS = {
  [EVENT_TYPES.transactionSettled]: transactionSettledSchema,
  [EVENT_TYPES.emailRequested]: emailRequestedSchema,
} as const;

/** SQS message that asks the fulfilment consumer to deliver a purchase. */
export const fulfilmentMessageSchema = z.object({ transactionId: z.string().min(1) });
export type FulfilmentMessage = z.infer<typeof fulfilmentMessageSchema>;
