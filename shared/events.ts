/** Events on the platform's EventBridge bus: names and payload schemas, shared by producers, rules and consumers. */
import { z } from 'zod';
import type { TransactionView } from './api/transactions.js';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, USER_TYPES } from './constants.js';

export const EVENT_SOURCE = 'vtu.platform';

export const EVENT_TYPES = {
  /** A transaction reached a final status (success, failed, refunded). */
  transactionSettled: 'TransactionSettled',
  /** Somebody should receive an e-mail (password reset, notices). */
  emailRequested: 'EmailRequested',
  /** A user became a reseller (self-upgrade, fee paid): the referrer's reward follows. */
  userUpgraded: 'UserUpgraded',
  /**
   * A user with KYC done and no reserved bank accounts signed in or finished KYC: the consumer
   * makes their accounts (as the original backend did at login and at KYC), at most once.
   */
  reservedAccountsWanted: 'ReservedAccountsWanted',
  /** Somebody asked for a password reset e-mail: looked up and mailed off the request path. */
  passwordResetRequested: 'PasswordResetRequested',
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
  /**
   * The transaction as it settled (the API view): the API user's webhook body, read here rather
   * than from the table, where a later refund may already have changed it. Absent in events
   * published before it was added.
   */
  transaction: z
    .custom<TransactionView>((value) => typeof value === 'object' && value !== null && typeof (value as { trans_Id?: unknown }).trans_Id === 'string')
    .optional(),
  /** False: the owner had no webhook URL when the purchase was placed, so there is no one to tell. Absent: look it up. */
  ownerWebhook: z.boolean().optional(),
});
export type TransactionSettled = z.infer<typeof transactionSettledSchema>;

export const emailRequestedSchema = z.object({
  to: z.string().email(),
  subject: z.string().min(1),
  text: z.string().min(1),
  html: z.string().optional(),
  /**
   * The mail's own id, for a producer that may publish the same mail again (a mailing's fan-out,
   * redelivered): the mailer sends once per (mailId, recipient). Absent: the event's id is the mail's.
   */
  mailId: z.string().min(1).max(200).optional(),
});
export type EmailRequested = z.infer<typeof emailRequestedSchema>;

export const userUpgradedSchema = z.object({
  userId: z.string().min(1),
  userName: z.string().min(1),
  /** User name of the referrer as stored at registration; null when nobody referred this user. */
  referredBy: z.string().nullable(),
  fromType: z.enum(USER_TYPES),
  toType: z.enum(USER_TYPES),
  /** The fee's transaction. */
  transactionId: z.string().min(1),
  upgradedAt: z.string(),
});
export type UserUpgraded = z.infer<typeof userUpgradedSchema>;

export const reservedAccountsWantedSchema = z.object({
  userId: z.string().min(1),
  /** What asked: a sign-in or a verified KYC (logged, not acted on differently). */
  cause: z.enum(['login', 'kyc']),
});
export type ReservedAccountsWanted = z.infer<typeof reservedAccountsWantedSchema>;
/**
 * A password reset request as the API received it: the address typed (known or not, the request
 * answers alike) and the client's address, for the throttle per address and per client.
 */
export const passwordResetRequestedSchema = z.object({
  email: z.string().min(1).max(320),
  clientAddress: z.string().max(100),
  requestedAt: z.string(),
});
export type PasswordResetRequested = z.infer<typeof passwordResetRequestedSchema>;

export const EVENT_SCHEMAS = {
  [EVENT_TYPES.transactionSettled]: transactionSettledSchema,
  [EVENT_TYPES.emailRequested]: emailRequestedSchema,
  [EVENT_TYPES.userUpgraded]: userUpgradedSchema,
  [EVENT_TYPES.reservedAccountsWanted]: reservedAccountsWantedSchema,
  [EVENT_TYPES.passwordResetRequested]: passwordResetRequestedSchema,
} as const;

/**
 * SQS message that asks the fulfilment consumer to deliver a purchase; with `recheck`, to re-query
 * it at its supplier instead, because that supplier pushed news about it (VTpass transaction-update).
 */
export const fulfilmentMessageSchema = z.object({
  transactionId: z.string().min(1),
  recheck: z.enum(['msorg', 'vtpass']).optional(),
  /** The purchase's type and network, when the one who placed it sends them: the consumer then claims it without reading it first. */
  purchase: z.object({ type: z.string().min(1), network: z.string() }).optional(),
});
export type FulfilmentMessage = z.infer<typeof fulfilmentMessageSchema>;

/** SQS message: a stored, signature-checked provider webhook waiting to be processed. */
export const PAYMENT_PROVIDERS = ['squad', 'monnify', 'paystack'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const providerEventMessageSchema = z.object({ provider: z.enum(PAYMENT_PROVIDERS), eventKey: z.string().min(1).max(200) });
export type ProviderEventMessage = z.infer<typeof providerEventMessageSchema>;

/** SQS message that asks the payout consumer to pay a withdrawal out. */
export const payoutMessageSchema = z.object({ transactionId: z.string().min(1) });
export type PayoutMessage = z.infer<typeof payoutMessageSchema>;

/** One recipient of a mailing, as the user list knows them. */
export const mailRecipientSchema = z.object({ userId: z.string().min(1), userName: z.string(), email: z.string().email() });
export type MailRecipient = z.infer<typeof mailRecipientSchema>;

/**
 * SQS message of the mailing queue: one admin's mail to one user or to everyone. The request sends
 * the first; the consumer mails one page of users and sends the next page's message (`cursor`).
 */
export const mailingMessageSchema = z.object({
  mailingId: z.string().min(1).max(100),
  content: z.object({ subject: z.string().min(1), message: z.string().min(1), url: z.string().url(), linkMessage: z.string().min(1) }),
  audience: z.discriminatedUnion('kind', [z.object({ kind: z.literal('user'), recipient: mailRecipientSchema }), z.object({ kind: z.literal('all') })]),
  /** Where the walk through the users goes on (opaque); absent on the first page. */
  cursor: z.string().min(1).optional(),
});
export type MailingMessage = z.infer<typeof mailingMessageSchema>;
