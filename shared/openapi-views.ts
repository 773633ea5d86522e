/**
 * The answers of the API as zod, for the OpenAPI document only: the handlers build these views as
 * TypeScript interfaces (shared/api), so each schema here is typed against its interface — a field
 * added to or dropped from a view without its schema here fails the type check.
 */
import type { CurrentSession, UserView } from './api/accounts.js';
import type { PriceRow } from './api/catalogue.js';
import type { ErrorBody } from './api/common.js';
import type { PurchaseResponse } from './api/purchases.js';
import type { TransactionListResponse, TransactionView } from './api/transactions.js';
import { SALES_VOLUME_UNITS } from './api/transactions.js';
import { NETWORK_NAMES, PLAN_TYPES, TRANSACTION_STATUSES, TRANSACTION_TYPES, USER_TYPES } from './constants.js';
import { z } from './openapi-zod.js';

const naira = (description: string) => z.number().describe(`${description} (naira)`);

export const errorBodySchema: z.ZodType<ErrorBody> = z.object({ msg: z.string().describe('What went wrong, in words to show the person') }).openapi('Error');

export const transactionViewSchema: z.ZodType<TransactionView> = z
  .object({
    _id: z.string(),
    trans_Id: z.string().describe('Same as _id'),
    trans_By: z.string().describe('The id of the user whose wallet it moved'),
    trans_Date: z.string().describe('Same as createdAt (ISO 8601)'),
    trans_Network: z.string().describe('The item: "MTN SME 1GB", "transfer", "coupon", else the network, disco or bank'),
    trans_Status: z.enum(TRANSACTION_STATUSES).describe('processing and pending are not final; success, failed and refunded are'),
    trans_Type: z.enum(TRANSACTION_TYPES),
    trans_amount: naira('What the wallet was charged or credited'),
    trans_profit: naira('The platform profit: shown to the platform’s operators only; always 0 for you'),
    trans_UserName: z.string(),
    phone_number: z.string().describe("The number served; for transfers and coupons the other party's user name"),
    balance_Before: naira('Wallet balance before'),
    balance_After: naira('Wallet balance after'),
    createdAt: z.string(),
    updatedAt: z.string(),
    paymentLink: z.string().nullable(),
    apiResponse: z.string().nullable().describe("The supplier's answer, when there is one"),
    apiResponseId: z.string().nullable(),
    trans_volume: z.string().describe('Face value delivered: airtime amount, plan name, units'),
    description: z.string(),
    relatedTransactionId: z.string().nullable().describe('For a refund: the purchase it reverses'),
    refundReason: z.string().optional().describe("A refunded transaction: why, in words, with the supplier's or bank's own words when given"),
    isWithdrawal: z.literal(true).optional(),
    batchId: z
      .string()
      .optional()
      .describe('A bulk purchase’s line: its batch (GET /buy/bulk/{id}); the batch’s one debit paid it, so balance_Before = balance_After'),
    token: z.string().optional().describe('Electricity: the token, once delivered'),
    units: z.string().optional(),
    customerName: z.string().optional(),
    customerAddress: z.string().optional(),
    meterType: z.string().optional(),
    cableName: z.string().optional().describe('Cable TV: GOTV, DSTV, STARTIMES or SHOWMAX'),
    bouquet: z.string().optional(),
    smartCardNo: z.string().optional(),
    subscriptionType: z.enum(['renew', 'change']).optional(),
    dueDate: z.string().optional().describe('Cable TV: the due date this payment gives (YYYY-MM-DD)'),
    exam: z.string().optional(),
    quantity: z.number().int().optional(),
    profileId: z.string().optional().describe('JAMB: the candidate profile id'),
    pins: z
      .array(z.object({ pin: z.string(), serial: z.string().nullable() }))
      .optional()
      .describe('Exam PINs (and serials), once delivered: in full to you, the buyer'),
  })
  .openapi('Transaction');

export const purchaseResponseSchema: z.ZodType<PurchaseResponse> = z
  .object({
    msg: z.string(),
    receipt: transactionViewSchema,
  })
  .openapi('PurchaseResponse');

export const priceRowSchema: z.ZodType<PriceRow> = z
  .object({
    _id: z.string(),
    id: z.number().int().describe('The plan id to send as `plan` on POST /buy/data'),
    plan_network: z.enum(NETWORK_NAMES),
    plan_type: z.enum(PLAN_TYPES),
    plan: z.string().describe('e.g. "1GB"'),
    plan_amount: naira("The caller's price (the public price when not logged in)"),
    my_price: naira('The smart earner price'),
    resellerPrice: naira('The reseller price'),
    apiPrice: naira('The api user price'),
    month_validate: z.string().describe('"<number> <unit> validity", e.g. "30 days validity"'),
    isAvailable: z.boolean(),
  })
  .openapi('PriceRow');

const userViewSchema: z.ZodType<UserView> = z
  .object({
    _id: z.string(),
    userName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    fullName: z.string(),
    balance: naira('Wallet balance'),
    userType: z.enum(USER_TYPES).describe('api user pays apiPrice for data and the api-user rate for airtime'),
    bvn: z.string().nullable(),
    nin: z.string().nullable(),
    referredBy: z.string().nullable(),
    webhookUrl: z.string().nullable(),
    createdAt: z.string(),
    lastLogin: z.string().nullable(),
    accountNumbers: z.array(z.object({ bankName: z.string(), accountNumber: z.string() })),
    isAdmin: z.boolean(),
    isAgent: z.boolean(),
    isCouponVendor: z.boolean(),
  })
  .openapi('User');

export const currentSessionSchema: z.ZodType<CurrentSession> = z
  .object({
    user: userViewSchema,
    subscriptionPlans: z.record(z.array(z.unknown())).describe('Price rows by network, as on GET /prices'),
    transactions: z.array(transactionViewSchema).describe('The latest transactions'),
    isAdmin: z.boolean(),
    isAgent: z.boolean(),
    isCouponVendor: z.boolean(),
  })
  .openapi('CurrentSession');

export const transactionListSchema: z.ZodType<TransactionListResponse> = z
  .object({
    transactions: z.array(transactionViewSchema),
    totalPages: z.number().int(),
    noOfTransaction: z.number().int(),
    totalSales: z.number().describe('Data volume sold (GB)'),
    totalSalesNaira: naira('Successful purchases'),
    totalProfit: z.number(),
    stat: z.array(z.object({ network: z.string(), type: z.string(), total_volume_sold: z.number(), unit: z.enum(SALES_VOLUME_UNITS), profit: z.number() })),
    totalDebit: z.number(),
    totalCredit: z.number(),
    countsUpdating: z
      .boolean()
      .optional()
      .describe('Present while the count, the figures and a filtered page may still trail the newest change (summed off the request path, within 2 s)'),
  })
  .openapi('TransactionList');
