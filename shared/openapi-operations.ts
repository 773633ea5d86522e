/**
 * What the API document says about each route API users may call: its request schema (the same
 * shared zod schema the handler parses with), its answer, and an example for the key routes. Keyed
 * by the route table's user and public operations, so a new route without its entry here does not
 * compile (and the document's test fails).
 */
import type { AnyZodObject, ZodTypeAny } from 'zod';
import { changePasswordRequest, loginRequest, registerRequest, requestPasswordResetRequest, resetPasswordRequest } from './api/accounts.js';
import { apiKeyChangeRequest } from './api/api-keys.js';
import { filterPricesRequest } from './api/catalogue.js';
import { requestId, userNameSchema } from './api/common.js';
import { addContactRequest, updateContactRequest } from './api/contacts.js';
import { referralQuery } from './api/earnings.js';
import { initiateSquadPaymentRequest } from './api/funding.js';
import { acknowledgeNotificationRequest } from './api/notification.js';
import { updateKycRequest, updateUserTypeRequest, updateWebhookRequest } from './api/profile.js';
import { buyCableRequest, buyExamRequest, validateCableRequest, validateExamRequest } from './api/bills.js';
import { buyServiceRequest, validateServiceRequest } from './api/configured-services.js';
import { buyEpinRequest } from './api/epins.js';
import { buyAirtimeRequest, buyDataRequest, buyElectricityRequest, validateMeterRequest } from './api/purchases.js';
import { listTransactionsQuery, transactionParams, type TransactionView } from './api/transactions.js';
import { transferFundRequest } from './api/transfers.js';
import { fundWithCouponRequest } from './api/wallet.js';
import { addBeneficiaryRequest, validateBankAccountRequest, withdrawRequest } from './api/withdrawals.js';
import { BULK_MSG, CATALOGUE_MSG, ELECTRICITY_MSG, MSG } from './messages.js';
import { BULK_PRODUCTS, bulkAirtimeLine, bulkDataLine, bulkParams, type BulkBatchView } from './api/bulk.js';
import { BULK_MAX_LINES } from './constants.js';
import { currentSessionSchema, priceRowSchema, purchaseResponseSchema, transactionListSchema, transactionViewSchema } from './openapi-views.js';
import { z } from './openapi-zod.js';
import type { ROUTES } from './routes.js';

/** Routes an API user can call: the back office (admin, adminOrAgent) is for operators and stays out. */
export type DocumentedRoute = Extract<(typeof ROUTES)[number], { access: 'user' | 'public' }>;
export type DocumentedOperation = DocumentedRoute['operation'];

export const TAGS = {
  account: 'Account',
  prices: 'Prices',
  purchases: 'Purchases',
  transactions: 'Transactions',
  wallet: 'Wallet and transfers',
  withdrawals: 'Withdrawals',
  contacts: 'Contacts',
  profile: 'Profile, API key and webhook',
  providers: 'Payment provider callbacks',
  docs: 'This document',
} as const;

export interface OperationDoc {
  readonly tag: (typeof TAGS)[keyof typeof TAGS];
  readonly summary: string;
  readonly description?: string;
  readonly body?: ZodTypeAny;
  readonly query?: AnyZodObject;
  /** Path parameters, as a schema of the route's `{name}` placeholders. */
  readonly params?: AnyZodObject;
  /** What a 2xx answer carries, when there is no schema for it: field names, in words. */
  readonly returns?: string;
  readonly answer?: { readonly schema: ZodTypeAny; readonly example?: unknown };
  /** 201 instead of 200. */
  readonly created?: true;
  /** Refusals beyond the ones every route has (400; and 401, 429 on user routes). */
  readonly refusals?: readonly (403 | 404 | 409 | 429)[];
  /** The body of the curl example and the documented example request. */
  readonly example?: Record<string, unknown>;
  readonly exampleQuery?: Record<string, string>;
  readonly exampleParams?: Record<string, string>;
}

export const IDEMPOTENCY_TEXT =
  'Your own id for this request (8–64 letters, digits, _ or -). Sending the same request_id again never charges twice: ' +
  'the first transaction is answered again; the same request_id with different details is refused with 409.';

/** The shared schema with its request_id described for API users (what the handler parses is unchanged). */
function idempotent<T extends AnyZodObject>(schema: T) {
  return schema.extend({ request_id: requestId.describe(IDEMPOTENCY_TEXT) });
}

/** A purchase as its receipt shows it right after it is placed. */
export const EXAMPLE_TRANSACTION: TransactionView = {
  _id: '01JD7Q4M2X8V3K9T6R5N1B0C2A',
  trans_Id: '01JD7Q4M2X8V3K9T6R5N1B0C2A',
  trans_By: '01JD0A1B2C3D4E5F6G7H8J9K0M',
  trans_Date: '2026-11-25T09:30:00.000Z',
  trans_Network: 'MTN SME 1GB',
  trans_Status: 'processing',
  trans_Type: 'data',
  trans_amount: 250,
  trans_profit: 0,
  trans_UserName: 'ada_reseller',
  phone_number: '08031234567',
  balance_Before: 5000,
  balance_After: 4750,
  createdAt: '2026-11-25T09:30:00.000Z',
  updatedAt: '2026-11-25T09:30:00.000Z',
  paymentLink: null,
  apiResponse: null,
  apiResponseId: null,
  trans_volume: '1GB',
  description: 'MTN SME 1GB to 08031234567',
  relatedTransactionId: null,
};

const EXAMPLE_PRICE_ROW = {
  _id: '1',
  id: 1,
  plan_network: 'MTN',
  plan_type: 'MTN',
  plan: '1GB',
  plan_amount: 250,
  my_price: 260,
  resellerPrice: 255,
  apiPrice: 250,
  month_validate: '30 days validity',
  isAvailable: true,
};

const priceList = { schema: z.array(priceRowSchema), example: [EXAMPLE_PRICE_ROW] };
// zod-to-openapi 7 cannot read .catch(): the page schema states its type itself.
const referralPage = z.object({ page: referralQuery.shape.page.openapi({ type: 'integer', minimum: 1, default: 1 }) });
const userName = z.object({ userName: userNameSchema.describe('A user name') });
const contactId = z.object({ id: z.string().max(64).describe("The contact's id") });

/** A bulk purchase's body as documented: its lines as the single purchase takes them. */
const bulkBody = (line: AnyZodObject) =>
  z.object({
    request_id: requestId.unwrap().describe(IDEMPOTENCY_TEXT),
    lines: z.array(line).min(1).max(BULK_MAX_LINES).describe(`1 to ${BULK_MAX_LINES} lines`),
  });

const EXAMPLE_AIRTIME_LINE = { network: 1, mobile_number: '08031234567', amount: 100 };

const bulkBatchSchema = z.object({
  id: z.string(),
  product: z.enum(BULK_PRODUCTS),
  status: z.enum(['processing', 'done']).describe('`done` once every line is delivered or refunded'),
  lineCount: z.number().int(),
  total: z.number().describe('The one debit, naira'),
  delivered: z.number().int(),
  refunded: z.number().int(),
  open: z.number().int(),
  refundedAmount: z.number().describe('Money back so far, naira'),
  createdAt: z.string(),
  lines: z.array(transactionViewSchema).describe('Each line’s own purchase record, in the order sent'),
});
const bulkPurchaseResponseSchema = z.object({ msg: z.string(), batch: bulkBatchSchema });

const EXAMPLE_BATCH: BulkBatchView = {
  id: '01JD7Q9Z4B2C6D8E0F1G3H5J7K',
  product: 'airtime',
  status: 'processing',
  lineCount: 1,
  total: 99,
  delivered: 0,
  refunded: 0,
  open: 1,
  refundedAmount: 0,
  createdAt: '2026-11-25T09:30:00.000Z',
  lines: [
    {
      ...EXAMPLE_TRANSACTION,
      _id: '01JD7QA0C3D5E7F9G1H2J4K6M8',
      trans_Id: '01JD7QA0C3D5E7F9G1H2J4K6M8',
      trans_Network: 'MTN',
      trans_Type: 'airtime',
      trans_amount: 99,
      trans_profit: 0,
      balance_Before: 4901,
      balance_After: 4901,
      trans_volume: '₦100.00',
      description: 'MTN airtime of ₦100.00 to 08031234567',
      batchId: '01JD7Q9Z4B2C6D8E0F1G3H5J7K',
    },
  ],
};

export const OPERATION_DOCS: Record<DocumentedOperation, OperationDoc> = {
  register: {
    tag: TAGS.account,
    summary: 'Register',
    body: registerRequest,
    created: true,
    refusals: [409],
    returns: 'The session, as login answers it: token, user, subscriptionPlans, transactions, isAdmin, isAgent, isCouponVendor',
  },
  login: {
    tag: TAGS.account,
    summary: 'Log in (a session token for x-auth-token)',
    body: loginRequest,
    refusals: [429],
    returns:
      'token (for x-auth-token), user (its lastLogin: this sign-in), subscriptionPlans, transactions, isAdmin, isAgent, isCouponVendor, deviceToken, previousLogin (the sign-in before this one; null at the first)',
  },
  logout: { tag: TAGS.account, summary: 'Log out: this session’s token stops working at once (sign in with a session, not an API key)', returns: 'msg' },
  refreshToken: {
    tag: TAGS.account,
    summary:
      'Renew the session token sent in x-auth-token (still valid, or expired a few minutes ago): a new short-lived token of the same session, until the session ends. The token sent stops working at once and is renewed only once',
    returns: 'token',
  },
  isTokenValid: { tag: TAGS.account, summary: 'Check a session token sent in x-auth-token', returns: 'valid, user' },
  currentUser: {
    tag: TAGS.account,
    summary: 'Balance and account (the current user)',
    description: 'The wallet balance is `user.balance`, in naira.',
    answer: { schema: currentSessionSchema },
  },
  changePassword: {
    tag: TAGS.account,
    summary: 'Change password: every token issued before stops working, the one sent included; go on with the token of the answer',
    body: changePasswordRequest,
    returns: `msg ("${MSG.passwordChanged}"), token (send it in x-auth-token from now on)`,
  },
  requestPasswordReset: {
    tag: TAGS.account,
    summary: 'Ask for a password reset e-mail',
    body: requestPasswordResetRequest,
    returns: `msg ("${MSG.resetLinkSent}")`,
  },
  resetPassword: { tag: TAGS.account, summary: 'Set a new password from a reset link', body: resetPasswordRequest, returns: 'msg' },
  validateUser: {
    tag: TAGS.wallet,
    summary: 'Check a user name before a transfer (your own name is refused: "You cannot transfer to yourself")',
    params: userName,
    exampleParams: { userName: 'ada_reseller' },
    refusals: [404],
    returns: 'msg (full name, else user name), userName, fullName',
  },
  fundWithCoupon: {
    tag: TAGS.wallet,
    summary: 'Fund the wallet with a coupon',
    body: fundWithCouponRequest,
    refusals: [403, 404, 409],
    returns: 'msg, amount (naira), receipt.balance_After',
  },
  buyAirtime: {
    tag: TAGS.purchases,
    summary: 'Buy airtime',
    description: 'network: 1 MTN, 2 GLO, 3 AIRTEL, 4 9MOBILE. amount in naira. Charged at your user type’s airtime rate.',
    body: idempotent(buyAirtimeRequest),
    refusals: [409],
    example: { network: 1, mobile_number: '08031234567', amount: 500, request_id: 'order-10023' },
    answer: {
      schema: purchaseResponseSchema,
      example: {
        msg: MSG.airtimeProcessing,
        receipt: { ...EXAMPLE_TRANSACTION, trans_Network: 'MTN', trans_Type: 'airtime', trans_volume: '500', trans_amount: 495 },
      },
    },
  },
  listTransactions: {
    tag: TAGS.transactions,
    summary: 'Transactions and their status',
    description:
      'Your transactions, newest first, 20 a page, with filters. To follow a purchase, read `trans_Status` of its receipt here ' +
      '(filter by phoneNumber and type) or wait for the webhook: processing and pending are not final; success, failed and refunded are.',
    query: listTransactionsQuery,
    exampleQuery: { type: 'data', phoneNumber: '08031234567' },
    answer: { schema: transactionListSchema },
  },
  getTransaction: {
    tag: TAGS.transactions,
    summary: 'One transaction',
    description: 'One of your transactions by its id (the receipt’s `_id`): the cheap way to follow a purchase until `trans_Status` is final.',
    params: transactionParams,
    exampleParams: { id: '01JD7Q4M2X8V3K9T6R5N1B0C2A' },
    refusals: [404],
    answer: { schema: z.object({ transaction: transactionViewSchema }) },
  },
  buyData: {
    tag: TAGS.purchases,
    summary: 'Buy data',
    description: 'network: 1 MTN, 2 GLO, 3 AIRTEL, 6 9MOBILE. plan: a price-list row’s `id`. Charged at your user type’s price (api user: apiPrice).',
    body: idempotent(buyDataRequest),
    refusals: [409],
    example: { network: 1, mobile_number: '08031234567', plan: 1, request_id: 'order-10024' },
    answer: { schema: purchaseResponseSchema, example: { msg: CATALOGUE_MSG.dataProcessing, receipt: EXAMPLE_TRANSACTION } },
  },
  buyAirtimeBulk: {
    tag: TAGS.purchases,
    summary: 'Buy airtime for many numbers at once',
    description:
      `Up to ${BULK_MAX_LINES} lines, each as POST /buy/airtime takes it, and one request_id. Every line is checked first: one bad line refuses the whole request (400) and \`lines\` names each ` +
      'bad one ({line, msg}, counted from 1); nothing is charged. Otherwise your wallet is debited ONCE for the total and each line becomes its own purchase (`batchId` links it), ' +
      'delivered, refunded (only that line’s charge) and announced to your webhook on its own. Follow it with GET /buy/bulk/{id}.',
    body: bulkBody(bulkAirtimeLine),
    refusals: [409],
    example: { request_id: 'bulk-2026-11-25-a', lines: [EXAMPLE_AIRTIME_LINE, { network: 2, mobile_number: '08051234567', amount: 200 }] },
    answer: { schema: bulkPurchaseResponseSchema, example: { msg: BULK_MSG.airtimeProcessing, batch: EXAMPLE_BATCH } },
  },
  buyDataBulk: {
    tag: TAGS.purchases,
    summary: 'Buy data for many numbers at once',
    description: `Up to ${BULK_MAX_LINES} lines, each as POST /buy/data takes it (plan: a price-list row’s \`id\`), and one request_id; the same rules as bulk airtime.`,
    body: bulkBody(bulkDataLine),
    refusals: [409],
    example: {
      request_id: 'bulk-2026-11-25-b',
      lines: [
        { network: 1, mobile_number: '08031234567', plan: 1 },
        { network: 1, mobile_number: '08061234567', plan: 1 },
      ],
    },
    answer: { schema: bulkPurchaseResponseSchema, example: { msg: BULK_MSG.dataProcessing, batch: { ...EXAMPLE_BATCH, product: 'data' } } },
  },
  getBulkPurchase: {
    tag: TAGS.purchases,
    summary: 'One bulk purchase, line by line',
    description:
      'Your batch by the id the bulk purchase answered: its total, how many lines were delivered, refunded or are still open, and each line’s record. Another user’s batch is not found (404).',
    params: bulkParams,
    exampleParams: { id: EXAMPLE_BATCH.id },
    refusals: [404],
    answer: { schema: z.object({ batch: bulkBatchSchema }), example: { batch: EXAMPLE_BATCH } },
  },
  validateMeter: {
    tag: TAGS.purchases,
    summary: 'Validate a meter before buying electricity',
    description: 'meterId is the company: Ikeja 18, Ibadan 19, Eko 20, Port Harcourt 21, Kaduna 22, Kano 23, Jos 24, Abuja 25, Enugu 26, Yola 28, Benin 29.',
    body: validateMeterRequest,
    example: { meterNumber: '45031234567', meterId: 18, meterType: 'prepaid' },
    returns: 'msg, name (the customer), address, meterNumber, meterId, meterType, company, minAmount (naira); an invalid meter: 400 {msg, name}',
  },
  buyElectricity: {
    tag: TAGS.purchases,
    summary: 'Buy electricity',
    description: 'amount is the token value in naira; a ₦50 fee comes on top. The token is on the receipt (`token`) once delivered.',
    body: idempotent(buyElectricityRequest),
    refusals: [409],
    example: { amount: 2000, meterId: 18, meterNumber: '45031234567', meterType: 'prepaid', request_id: 'order-10025' },
    answer: {
      schema: purchaseResponseSchema,
      example: {
        msg: ELECTRICITY_MSG.electricityProcessing,
        receipt: {
          ...EXAMPLE_TRANSACTION,
          trans_Network: 'Ikeja',
          trans_Type: 'electricity',
          trans_amount: 2050,
          trans_volume: '2000',
          phone_number: '45031234567',
        },
      },
    },
  },
  validateCableTv: {
    tag: TAGS.purchases,
    summary: 'Verify a cable TV smartcard / IUC number',
    description:
      'cableName: 1 GOTV, 2 DSTV, 3 STARTIMES, 4 SHOWMAX (or the name). Showmax takes the phone number. Answers the customer, the current bouquet ' +
      '(and its `currentBouquetCode` in CABLETV when we sell it), the due date and whether a renewal is offered.',
    body: validateCableRequest,
    example: { cableName: 'DSTV', smartCardNo: '1212121212' },
    returns: 'msg, name, smartCardNo, cableName, currentBouquet, currentBouquetCode, dueDate, renewalAmount, canRenew; an invalid number: 400 {msg, name}',
  },
  buyCableTv: {
    tag: TAGS.purchases,
    summary: 'Pay a cable TV subscription',
    description:
      'plan: a bouquet `planId` from the session’s CABLETV group (or GET /billProducts `code`). subscription_type: renew (default for DStv and GOtv; ' +
      'must be the current bouquet) or change. StarTimes and Showmax always buy the named bouquet. The smartcard is verified before any money moves; ' +
      'the receipt carries customerName, bouquet and dueDate (the due date this payment gives). ' +
      IDEMPOTENCY_TEXT,
    body: buyCableRequest,
    refusals: [409],
    example: { cableName: 'DSTV', smartCardNo: '1212121212', plan: 'dstv:dstv-padi', subscription_type: 'renew', request_id: 'order-10026' },
    answer: { schema: purchaseResponseSchema },
  },
  validateExam: {
    tag: TAGS.purchases,
    summary: 'Verify a JAMB profile id',
    description: 'exam: jamb-utme or jamb-de; profileId: the candidate’s 10-digit profile id. Answers the candidate’s name.',
    body: validateExamRequest,
    example: { exam: 'jamb-utme', profileId: '1212121212' },
    returns: 'msg, name, profileId, exam; an invalid profile id: 400 {msg, name}',
  },
  buyExam: {
    tag: TAGS.purchases,
    summary: 'Buy exam PINs (WAEC result checker, WAEC registration, JAMB)',
    description:
      'exam: waec, waec-registration (quantity 1–10), jamb-utme or jamb-de (quantity 1, profileId required and verified first). ' +
      'The PINs and serials are on the receipt (`pins`) once delivered. ' +
      IDEMPOTENCY_TEXT,
    body: buyExamRequest,
    refusals: [409],
    example: { exam: 'waec', quantity: 2, request_id: 'order-10027' },
    answer: { schema: purchaseResponseSchema },
  },
  buyEpin: {
    tag: TAGS.purchases,
    summary: 'Buy recharge card PINs (e-PINs) to print',
    description:
      'network: MTN, GLO, AIRTEL or 9MOBILE (or 1–4); denomination: 100, 200, 500 or 1000 (naira); quantity: 1–100; business_name: printed on every card. ' +
      'Priced per card at your tier (GET /billProducts, family epin). The receipt (GET /transaction/{id}) carries the PINs and serials (`pins`) and ' +
      '`epin` {ordered, delivered}; fewer delivered than ordered charges only those and refunds the rest in the same settlement. Listings and ' +
      'webhooks carry the count, never the PINs. ' +
      IDEMPOTENCY_TEXT,
    body: buyEpinRequest,
    refusals: [409],
    example: { network: 'MTN', denomination: 100, quantity: 24, business_name: 'Ade Phones Ikeja', request_id: 'order-10028' },
    answer: { schema: purchaseResponseSchema },
  },
  validateService: {
    tag: TAGS.purchases,
    summary: 'Verify the customer of a configured service (Smile …)',
    description:
      'serviceID: a service from GET /services whose `verify` is true; customer: what its `customerInput` names (phone, smartcard, email or account id). ' +
      'Answers the customer’s name as the provider holds it; nothing is charged. POST /buy/service checks again before charging.',
    body: validateServiceRequest,
    example: { serviceID: 'smile-direct', customer: '1212121212' },
    returns: 'msg, name, serviceID, customer; an invalid customer: 400 {msg, name}',
  },
  buyService: {
    tag: TAGS.purchases,
    summary: 'Buy from any configured service (Smile, Spectranet …): one route, serviceID in the body',
    description:
      'serviceID and variation_code: from GET /services; customer: what the service’s `customerInput` names; amount (naira): only for a plan ' +
      'with `minAmount`/`maxAmount` (a free amount, e.g. Smile airtime), charged at your share of it. A verified service checks the customer first. ' +
      'PINs the provider gives (e.g. Spectranet) are on the receipt (`pins`) once delivered. ' +
      IDEMPOTENCY_TEXT,
    body: idempotent(buyServiceRequest),
    refusals: [409],
    example: { serviceID: 'spectranet', variation_code: 'vt-1000', customer: '08011111111', request_id: 'order-10029' },
    answer: { schema: purchaseResponseSchema },
  },
  listServices: {
    tag: TAGS.prices,
    summary: 'Configured services on sale (Smile, Spectranet …) with every tier’s price',
    returns:
      'services: [{serviceID, name, customerInput (phone | smartcard | email | account), verify, plans: [{variation_code, name, fixedPrice, my_price, resellerPrice, apiPrice ' +
      '(naira; percent of the amount when fixedPrice is false), minAmount, maxAmount (a free amount)}]}]; you pay your user type’s column',
  },
  listBillProducts: {
    tag: TAGS.prices,
    summary: 'Cable bouquets and exam PINs with your prices',
    returns:
      'products: [{code, family (cable | exam | epin), serviceID, variation_code, name, isAvailable, amount (your price), my_price, resellerPrice, apiPrice, approvedPrice (exams)}]',
  },
  listPrices: { tag: TAGS.prices, summary: 'Price list', answer: priceList },
  filterPrices: {
    tag: TAGS.prices,
    summary: 'Price list of one network or plan type',
    description: 'network: MTN, GLO, AIRTEL, 9MOBILE or a plan type (e.g. MTN-SME2). A network we do not sell answers [].',
    body: filterPricesRequest,
    example: { network: 'MTN' },
    answer: priceList,
  },
  getNotification: { tag: TAGS.account, summary: 'The current notice to users', returns: 'msg, id (null: none), checked (you acknowledged this notice)' },
  acknowledgeNotification: {
    tag: TAGS.account,
    summary: 'Acknowledge the current notice (on every device)',
    body: acknowledgeNotificationRequest,
    example: { id: '01JD7Q4M2X8V3K9T6R5N1B0C2A' },
    refusals: [409],
    returns: 'msg, notification {msg, id, checked}',
  },
  listContacts: { tag: TAGS.contacts, summary: 'Your contacts', returns: 'contactList' },
  addContact: { tag: TAGS.contacts, summary: 'Add a contact', body: addContactRequest, created: true, returns: 'msg, contactList, contact' },
  updateContact: {
    tag: TAGS.contacts,
    summary: 'Change a contact',
    params: contactId,
    exampleParams: { id: '01JD7Q4M2X8V3K9T6R5N1B0C2A' },
    body: updateContactRequest,
    refusals: [404],
    returns: 'msg, contactList, contact',
  },
  deleteContact: {
    tag: TAGS.contacts,
    summary: 'Delete a contact',
    params: contactId,
    exampleParams: { id: '01JD7Q4M2X8V3K9T6R5N1B0C2A' },
    refusals: [404],
    returns: 'msg, contactList',
  },
  listDecoders: {
    tag: TAGS.contacts,
    summary: 'Decoders you paid cable TV for',
    description: 'Remembered once a payment to the decoder is delivered, most recently paid first.',
    returns: 'decoders [{_id, cableName, smartCardNo, customerName, lastUsedAt}]',
  },
  forgetDecoder: {
    tag: TAGS.contacts,
    summary: 'Remove a saved decoder',
    params: z.object({ id: z.string().describe('cableName:smartCardNo, e.g. DSTV:1212121212') }),
    exampleParams: { id: 'DSTV:1212121212' },
    refusals: [404],
    returns: 'msg, decoders',
  },
  initiateSquadPayment: {
    tag: TAGS.wallet,
    summary: 'A card payment link to fund the wallet',
    body: initiateSquadPaymentRequest,
    returns: 'msg, link (the checkout page), reference, amount, charge, amountToCredit (naira)',
  },
  generateReservedAccounts: {
    tag: TAGS.wallet,
    summary: 'Your bank accounts for funding by transfer',
    returns: 'msg, accountNumbers [{bankName, accountNumber}], accountName',
  },
  squadWebhook: { tag: TAGS.providers, summary: 'Squad payment notification (for Squad only, signed)' },
  monnifyWebhook: { tag: TAGS.providers, summary: 'Monnify payment notification (for Monnify only, signed)' },
  paystackWebhook: { tag: TAGS.providers, summary: 'Paystack transfer notification (for Paystack only, signed)' },
  vtpassWebhook: { tag: TAGS.providers, summary: 'VTpass transaction update (for VTpass only)' },
  transferFund: {
    tag: TAGS.wallet,
    summary: 'Send money to another user',
    body: idempotent(transferFundRequest),
    refusals: [404, 409],
    returns: 'msg, receipt, balance (naira), receiver.userName',
  },
  listBankCodes: { tag: TAGS.withdrawals, summary: 'Banks you can withdraw to', returns: 'An array of bank names' },
  validateBankAccount: {
    tag: TAGS.withdrawals,
    summary: 'Check a bank account',
    body: validateBankAccountRequest,
    returns: 'msg, name, code, bankName, accountNumber',
  },
  withdraw: {
    tag: TAGS.withdrawals,
    summary: 'Withdraw to a bank account (₦50 fee)',
    body: withdrawRequest,
    refusals: [409],
    returns: 'msg, receipt, balance, amountToReceive, fee (naira)',
  },
  listBeneficiaries: { tag: TAGS.withdrawals, summary: 'Saved bank accounts', returns: 'beneficiaryList' },
  addBeneficiary: { tag: TAGS.withdrawals, summary: 'Save a bank account', body: addBeneficiaryRequest, created: true, returns: 'msg, beneficiaryList' },
  referrals: {
    tag: TAGS.wallet,
    summary: 'Referral earnings',
    query: referralPage,
    returns: 'earningBalance, totalReferred, totalEarned, referralList, totalPages, page',
  },
  withdrawEarning: { tag: TAGS.wallet, summary: 'Move referral earnings to the wallet', returns: 'msg, amount, balance, earningBalance, receipt' },
  updateUserType: {
    tag: TAGS.profile,
    summary: 'Upgrade yourself to reseller',
    params: z.object({ id: z.string().max(64).describe('Your user id (user._id)') }),
    exampleParams: { id: '01JD0A1B2C3D4E5F6G7H8J9K0M' },
    body: updateUserTypeRequest,
    refusals: [403, 404, 409],
    returns: 'msg, user, receipt',
  },
  updateKyc: { tag: TAGS.profile, summary: 'Verify your identity (NIN or BVN, 11 digits)', body: updateKycRequest, refusals: [409], returns: 'msg, user' },
  updateWebhook: {
    tag: TAGS.profile,
    summary: 'Set your webhook URL',
    description: 'The answer carries `webhookSecret`, the key the webhooks to you are signed with (see the `transactionSettled` webhook).',
    body: updateWebhookRequest,
    example: { webhookUrl: 'https://example.com/vtu-webhook' },
    returns: 'msg, webhookUrl, webhookSecret',
  },
  showApiKey: {
    tag: TAGS.profile,
    summary: 'Your API key’s prefix, hint, creation and last use (session only)',
    returns: 'apiKey: {prefix, keyHint, createdAt, lastUsedAt} or null',
  },
  openApiDocument: { tag: TAGS.docs, summary: 'This OpenAPI 3.1 document', returns: 'The document' },
  webhookDeliveries: {
    tag: TAGS.profile,
    summary: 'The last deliveries of your webhooks',
    returns: 'deliveries: newest first, at most 20, each {at, event, transactionId, webhookId, httpStatus, error, delivered}',
  },
  testWebhook: {
    tag: TAGS.profile,
    summary: 'Send a signed test webhook to your webhook URL now',
    description: 'The body is a sample transaction marked `isTest: true`, signed like every webhook; the attempt is added to your delivery log.',
    returns: 'msg, delivery: {at, event, transactionId, webhookId, httpStatus, error, delivered}',
  },
  regenerateApiKey: {
    tag: TAGS.profile,
    summary: 'A new API key (the old one stops working at once)',
    description: 'Needs a signed-in session (an API key is refused with 403) and your password.',
    body: apiKeyChangeRequest,
    refusals: [403, 409],
    returns: 'msg, apiKey (shown this once), prefix, keyHint, createdAt, lastUsedAt',
  },
  revokeApiKey: {
    tag: TAGS.profile,
    summary: 'Revoke your API key (it stops working at once)',
    description: 'Needs a signed-in session (an API key is refused with 403) and your password.',
    body: apiKeyChangeRequest,
    refusals: [403, 404, 409],
    returns: 'msg',
  },
};
