/**
 * Every entity's stored item, declared in one place (as keys.ts declares their keys): the name
 * in its `entity` attribute and the schema it is read back through. Reading strips what is only
 * storage (keys, index attributes); defaults stand for attributes older items may lack; anything
 * else malformed fails with the entity and key named (item-mapping.ts).
 */
import { CABLE_PROVIDER_NAMES, EXAM_SERVICE_NAMES, type CableProviderName } from '../../../shared/bills.js';
import { z } from 'zod';
import {
  DEFAULT_USER_TYPE,
  METER_TYPES,
  NETWORK_NAMES,
  PLAN_TYPES,
  SERVICE_STATUSES,
  LOCKABLE_SERVICE_TYPES,
  SUPPLIERS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  USER_TYPES,
} from '../../../shared/constants.js';
import type { WebhookDeliveryView } from '../../../shared/api/webhooks.js';
import { PAYMENT_PROVIDERS } from '../../../shared/events.js';
import { LEGACY_TRANSACTION_LISTING_PARTITION, TABLE_KEYS } from '../../../shared/table.js';
import type { UserProfile } from '../../domain/accounts/accounts.js';
import type { CostPrice, DataPlanSnapshot, Plan } from '../../domain/products/data-plans.js';
import type { Contact } from '../../domain/accounts/contacts.js';
import type { SavedDecoder } from '../../domain/products/saved-decoders.js';
import type { Coupon } from '../../domain/money/coupons.js';
import type { Earnings, Referral } from '../../domain/money/earnings.js';
import type { BillDetails, BillProduct } from '../../domain/products/bill-catalogue.js';
import type { BulkDetails, BulkLineSpec } from '../../domain/purchases/bulk-lines.js';
import { BULK_PRODUCTS } from '../../../shared/api/bulk.js';
import type { ElectricityDetails } from '../../domain/transactions/transactions.js';
import type { FundingDetails, PaymentIntent, ReservedAccount } from '../../domain/money/funding.js';
import type { WalletState } from '../../domain/wallet/ledger.js';
import type { QueueRefusal, QueuedWalletChange } from '../../domain/wallet/wallet-group-commit.js';
import type { AccountCounter, ClientCounter } from '../../domain/accounts/login-throttle.js';
import type { UnpublishedUpgrade } from '../../domain/accounts/profile.js';
import type { ServiceSetting } from '../../domain/purchases/service-locks.js';
import type { SupplierAttempt, TransactionRecord } from '../../domain/transactions/transactions.js';
import type { WithdrawalDetails } from '../../domain/money/withdrawals.js';
import type { Beneficiary, ProviderEvent } from '../../domain/money/money-port.js';
import type { SupplierChoice } from '../../domain/back-office/settings-port.js';
import { declaringEvery, itemMapping } from './item-mapping.js';

export const USER_ENTITY = 'User';
export const USER_NAME_CLAIM_ENTITY = 'UserNameClaim';
export const EMAIL_CLAIM_ENTITY = 'EmailClaim';
export const WALLET_ENTITY = 'Wallet';
export const TRANSACTION_ENTITY = 'Transaction';
/** A supplier attempt kept beside its purchase (adapters/dynamo/supplier-attempts.ts). */
export const SUPPLIER_ATTEMPT_ENTITY = 'SupplierAttempt';
export const PLAN_ENTITY = 'Plan';
export const BILL_PRODUCT_ENTITY = 'BillProduct';
export const COST_PRICE_ENTITY = 'CostPrice';
export const CONTACT_ENTITY = 'Contact';
export const SAVED_DECODER_ENTITY = 'SavedDecoder';
export const COUPON_ENTITY = 'Coupon';
export const REFERRAL_ENTITY = 'Referral';
export const EARNINGS_ENTITY = 'Earnings';
export const PAYMENT_INTENT_ENTITY = 'PaymentIntent';
export const PROVIDER_EVENT_ENTITY = 'ProviderEvent';
export const SERVICE_SETTING_ENTITY = 'ServiceSetting';
export const SUPPLIER_CHOICE_ENTITY = 'SupplierChoice';
export const BENEFICIARY_ENTITY = 'Beneficiary';
export const LOGIN_THROTTLE_ENTITY = 'LoginThrottle';
export const API_KEY_ENTITY = 'ApiKey';
export const WEBHOOK_DELIVERY_ENTITY = 'WebhookDelivery';

const text = z.string();
const kobo = z.number().int();
const count = z.number().int();
const flag = z.boolean().default(false);
const absentIsNull = z.string().nullable().default(null);
const supplierPlanIds = z.record(z.enum(SUPPLIERS), z.number());

// ---------------------------------------------------------------------------------------------
// Users

const reservedAccount = declaringEvery<ReservedAccount>()(z.object({ bankName: text, accountNumber: text }));

const profileFields = declaringEvery<UserProfile>()(
  z.object({
    userId: text,
    userName: text,
    email: text,
    phoneNumber: text,
    fullName: text,
    userType: z.enum(USER_TYPES).default(DEFAULT_USER_TYPE),
    isAdmin: flag,
    isAgent: flag,
    isCouponVendor: flag,
    bvn: absentIsNull,
    nin: absentIsNull,
    referredBy: absentIsNull,
    webhookUrl: absentIsNull,
    webhookSecret: text,
    tokenVersion: count.default(0),
    apiKeyHint: text.optional(),
    // Only on profiles written before the hash had its own item (CREDENTIAL#…, users.ts withPasswordHash moves it).
    passwordHash: text.optional(),
    createdAt: text,
    lastLogin: absentIsNull,
    accountNumbers: z.array(reservedAccount).default([]),
  }),
);

const profileItem = itemMapping<UserProfile>(USER_ENTITY, profileFields);

/** What every authenticated request reads of the profile (loadPrincipal's projection). */
const principalItem = itemMapping(
  USER_ENTITY,
  profileFields.pick({
    userId: true,
    userName: true,
    userType: true,
    isAdmin: true,
    isAgent: true,
    isCouponVendor: true,
    tokenVersion: true,
    webhookUrl: true,
  }),
);
/** The profile's current API key (its hash, the hint the Account page shows): absent until the first generation. */
const profileApiKeyItem = itemMapping(USER_ENTITY, z.object({ apiKeyHash: text.optional(), apiKeyHint: text.optional(), apiKeyCreatedAt: text.optional() }));
/**
 * The numbers the user's contacts were ever saved under (a string set, added to before each save or
 * edit of a number, never taken from), and `contactNumbersKept`, set on profiles created since the
 * set is kept: with it, a number outside the set is certainly no contact's; without it (older
 * profiles), nothing is known.
 */
const profileContactNumbersItem = itemMapping(
  USER_ENTITY,
  z.object({ contactNumbers: z.set(z.string()).optional(), contactNumbersKept: z.literal(true).optional() }),
);
/** An API key's look-up item: the user it names. */
/** The profile's key attributes a revocation removes (an UpdateExpression's REMOVE list): the key stops working with them. */
export const API_KEY_ATTRIBUTES = 'apiKeyHash, apiKeyHint, apiKeyCreatedAt';
const apiKeyItem = itemMapping(API_KEY_ENTITY, z.object({ userId: text, lastUsedAt: text.optional() }));
const tokenVersionItem = itemMapping(USER_ENTITY, profileFields.pick({ tokenVersion: true }));
const webhookSecretItem = itemMapping(USER_ENTITY, profileFields.pick({ webhookSecret: true }).partial());
const reservedAccountsItem = itemMapping(USER_ENTITY, profileFields.pick({ accountNumbers: true }));

/** A profile in the upgrade outbox: what the UserUpgraded event needs. */
const upgradeOutboxItem = itemMapping<UnpublishedUpgrade>(
  USER_ENTITY,
  z
    .object({ userId: text, userName: text, referredBy: absentIsNull, upgradeTransactionId: text, upgradedAt: text })
    .transform(({ upgradeTransactionId, ...upgrade }) => ({ ...upgrade, transactionId: upgradeTransactionId })),
);

const claim = z.object({ userId: text });
const userNameClaimItem = itemMapping(USER_NAME_CLAIM_ENTITY, claim);
const emailClaimItem = itemMapping(EMAIL_CLAIM_ENTITY, claim);

const walletItem = itemMapping<WalletState>(
  WALLET_ENTITY,
  // The wallet's updatedAt is the time its last change was recorded at (wallet-item.ts).
  z
    .object({ balanceKobo: kobo, seq: count, updatedAt: text.optional(), queueOpenUntil: z.number().optional() })
    .transform(({ updatedAt, queueOpenUntil, ...wallet }) => ({
      ...wallet,
      exists: true,
      ...(updatedAt ? { lastChangeAt: updatedAt } : {}),
      ...(queueOpenUntil !== undefined ? { queueOpenUntilMs: queueOpenUntil } : {}),
    })),
);

// ---------------------------------------------------------------------------------------------
// Transactions

// What was sent and answered is kept as it came: the type says unknown, and always has the keys.
const supplierAttempt = declaringEvery<SupplierAttempt>()(
  z.object({
    supplier: text,
    kind: z.enum(['submit', 'requery']),
    request: z.unknown(),
    response: z.unknown(),
    httpStatus: z.number().optional(),
    at: text,
    outcome: z.enum(['delivered', 'failed', 'ambiguous']),
    reason: text,
    balanceAfterKobo: kobo.optional(),
  }),
).transform(({ request, response, ...attempt }) => ({
  ...attempt,
  // A delivery's reading keeps neither (domain/transactions/transactions.ts `deliveryReading`).
  ...(request === undefined ? {} : { request }),
  ...(response === undefined ? {} : { response }),
}));

const dataPlanSnapshot = declaringEvery<DataPlanSnapshot>()(
  z.object({ planId: z.number(), planType: z.enum(PLAN_TYPES), planName: text, planValidity: text, volumeRatio: z.number(), supplierPlanIds }),
);

const fundingDetails = declaringEvery<FundingDetails>()(
  z.object({ provider: z.enum(PAYMENT_PROVIDERS), reference: text, paidKobo: kobo, chargeKobo: kobo, providerReference: text.optional() }),
);

const withdrawalDetails = declaringEvery<WithdrawalDetails>()(
  z.object({
    bankName: text,
    bankCode: text,
    accountNumber: text,
    accountName: text,
    feeKobo: kobo,
    payoutKobo: kobo,
    payoutReference: text,
    recipientCode: text.optional(),
    transferCode: text.optional(),
    providerStatus: z.enum(['success', 'failed', 'reversed', 'pending', 'not_found', 'unknown']).optional(),
    submittedAt: text.optional(),
    lastCheckedAt: text.optional(),
    reason: text.optional(),
  }),
);

const electricityDetails = declaringEvery<ElectricityDetails>()(
  z.object({
    meterId: z.number(),
    company: text,
    meterNumber: text,
    meterType: z.enum(METER_TYPES),
    customerPhone: text,
    token: text.optional(),
    units: text.optional(),
    customerName: text.optional(),
    customerAddress: text.optional(),
    resetToken: text.optional(),
  }),
);

const billDetails = declaringEvery<BillDetails>()(
  z.object({
    family: z.enum(['cable', 'exam', 'epin', 'service']),
    serviceId: text,
    productCode: text,
    productName: text,
    variationCode: text,
    provider: text,
    billersCode: text.optional(),
    subscriptionType: z.enum(['renew', 'change']).optional(),
    quantity: count,
    amountKobo: kobo,
    customerPhone: text,
    customerName: text.optional(),
    currentBouquet: text.optional(),
    dueDate: text.optional(),
    newDueDate: text.optional(),
    pins: z.array(z.object({ pin: text, serial: text.optional() })).optional(),
    purchasedCode: text.optional(),
    businessName: text.optional(),
    refundedKobo: kobo.optional(),
  }),
);

/** A bulk purchase's priced lines, kept on its debit record (domain/bulk-lines.ts). */
const bulkLineSpec = declaringEvery<BulkLineSpec>()(
  z.object({
    network: z.enum(NETWORK_NAMES),
    phoneNumber: text,
    chargeKobo: kobo,
    costKobo: kobo,
    faceValueKobo: kobo.optional(),
    dataPlan: dataPlanSnapshot.optional(),
    toSavedContact: z.boolean().optional(),
  }),
);
const bulkDetails = declaringEvery<BulkDetails>()(z.object({ product: z.enum(BULK_PRODUCTS), lines: z.array(bulkLineSpec) }));

const transactionFields = declaringEvery<TransactionRecord>()(
  z.object({
    id: text,
    userId: text,
    trans_UserName: text,
    userType: z.enum(USER_TYPES).optional(),
    trans_Type: z.enum(TRANSACTION_TYPES),
    trans_Status: z.enum(TRANSACTION_STATUSES),
    trans_Network: text,
    // Stored only when the record serves a number: it keys the byPhoneNumber index, which takes no empty string.
    phone_number: text.default(''),
    amountKobo: kobo,
    faceValueKobo: kobo.optional(),
    volume: text.optional(),
    costKobo: kobo.optional(),
    profitKobo: kobo.optional(),
    balanceBeforeKobo: kobo,
    balanceAfterKobo: kobo,
    walletSeq: count,
    createdAt: text,
    updatedAt: text,
    description: text,
    requestFingerprint: text.optional(),
    attempts: z.array(supplierAttempt).optional(),
    apiResponse: text.optional(),
    apiResponseId: text.optional(),
    relatedTransactionId: text.optional(),
    paymentLink: text.optional(),
    supplier: text.optional(),
    submittedTo: z.array(text).optional(),
    dataPlan: dataPlanSnapshot.optional(),
    submittedAt: text.optional(),
    lastRequeriedAt: text.optional(),
    requeryCount: count.optional(),
    requeries: z.array(supplierAttempt).optional(),
    pendingSince: text.optional(),
    refundReason: text.optional(),
    lastEnqueuedAt: text.optional(),
    refundTransactionId: text.optional(),
    refundReversalId: text.optional(),
    ownerWebhook: z.boolean().optional(),
    toSavedContact: z.boolean().optional(),
    settledAt: text.optional(),
    funding: fundingDetails.optional(),
    withdrawal: withdrawalDetails.optional(),
    counterparty: z.object({ userId: text, userName: text }).optional(),
    couponCode: text.optional(),
    electricity: electricityDetails.optional(),
    bill: billDetails.optional(),
    batchId: text.optional(),
    refundedBatchId: text.optional(),
    bulk: bulkDetails.optional(),
    expandedAt: text.optional(),
    uncounted: z.literal(true).optional(),
  }),
);

/** A record before it is a link of its wallet's chain. */
const draftFields = transactionFields.omit({ balanceBeforeKobo: true, balanceAfterKobo: true, walletSeq: true });
/** A balance change waiting in its wallet's queue (adapters/dynamo/wallet-queue.ts). */
export const WALLET_QUEUED_ENTITY = 'WalletQueued';
/** Why a queued change was refused, marked on its queue item by the commit that refused it. */
const queueRefusal = z.object({ kind: z.literal('insufficient_balance'), balanceKobo: kobo });
const walletQueuedItem = itemMapping<QueuedWalletChange>(
  WALLET_QUEUED_ENTITY,
  z
    .object({
      sk: text,
      direction: z.enum(['debit', 'credit']),
      draft: draftFields,
      counterpart: draftFields.optional(),
      expiresAtMs: count,
      refusal: queueRefusal.optional(),
    })
    .transform(({ sk, ...change }) => ({ ...change, queueKey: sk })),
);
/** A queue item's refusal alone, as a waiter's look at the queue projects it. */
const walletQueuedRefusalItem = itemMapping<QueueRefusal>(
  WALLET_QUEUED_ENTITY,
  z.object({ refusal: queueRefusal }).transform(({ refusal }) => refusal),
);

/** Whether the record is counted is where it is stored: still under the legacy platform listing key, it is not (yet). */
const withCountedFlag = (item: unknown): unknown => {
  if (typeof item !== 'object' || item === null) return item;
  const { uncounted: _neverStored, ...rest } = item as Record<string, unknown>;
  return rest[TABLE_KEYS.indexes.byKindCreatedAt.partitionKey] === LEGACY_TRANSACTION_LISTING_PARTITION ? { ...rest, uncounted: true } : rest;
};

const transactionItem = itemMapping<TransactionRecord>(TRANSACTION_ENTITY, z.preprocess(withCountedFlag, transactionFields));
const requeriesItem = itemMapping(TRANSACTION_ENTITY, transactionFields.pick({ requeries: true }));

// ---------------------------------------------------------------------------------------------
// Catalogue and settings

const billProductItem = itemMapping<BillProduct>(
  BILL_PRODUCT_ENTITY,
  declaringEvery<BillProduct>()(
    z.object({
      code: text,
      family: z.enum(['cable', 'exam', 'epin']),
      serviceId: text,
      variationCode: text,
      name: text,
      isAvailable: z.boolean(),
      costPriceKobo: kobo,
      smartEarnerPriceKobo: kobo,
      resellerPriceKobo: kobo,
      apiPriceKobo: kobo,
      updatedAt: text,
    }),
  ),
);

const planItem = itemMapping<Plan>(
  PLAN_ENTITY,
  declaringEvery<Plan>()(
    z.object({
      planId: z.number(),
      planType: z.enum(PLAN_TYPES),
      network: z.enum(NETWORK_NAMES),
      planName: text,
      planValidity: text,
      isAvailable: z.boolean(),
      volumeRatio: z.number(),
      planAmountKobo: kobo,
      planCostPriceKobo: kobo,
      smartEarnerPriceKobo: kobo,
      resellerPriceKobo: kobo,
      partnerPriceKobo: kobo,
      apiPriceKobo: kobo,
      supplierPlanIds: supplierPlanIds.default({}),
      createdAt: text,
      updatedAt: text,
    }),
  ),
);

const costPriceItem = itemMapping<CostPrice>(
  COST_PRICE_ENTITY,
  declaringEvery<CostPrice>()(z.object({ planType: z.enum(PLAN_TYPES), costPriceKobo: kobo, updatedAt: text })),
);

const serviceSettingItem = itemMapping<ServiceSetting>(
  SERVICE_SETTING_ENTITY,
  declaringEvery<ServiceSetting>()(
    z.object({
      serviceName: z.union([
        z.enum(NETWORK_NAMES),
        z.enum(PLAN_TYPES),
        z.enum(CABLE_PROVIDER_NAMES as [CableProviderName, ...CableProviderName[]]),
        z.enum(EXAM_SERVICE_NAMES),
      ]),
      serviceType: z.enum(LOCKABLE_SERVICE_TYPES),
      serviceStatus: z.enum(SERVICE_STATUSES),
      updatedAt: text,
      updatedBy: text.optional(),
    }),
  ),
);

const supplierChoiceItem = itemMapping<SupplierChoice>(
  SUPPLIER_CHOICE_ENTITY,
  declaringEvery<SupplierChoice>()(z.object({ network: z.enum(NETWORK_NAMES), supplierName: z.enum(SUPPLIERS), updatedAt: text })),
);

// ---------------------------------------------------------------------------------------------
// A user's own items

const savedDecoderItem = itemMapping<SavedDecoder>(
  SAVED_DECODER_ENTITY,
  declaringEvery<SavedDecoder>()(z.object({ cableName: text, smartCardNo: text, customerName: text.default(''), lastUsedAt: text })),
);
const contactItem = itemMapping<Contact>(
  CONTACT_ENTITY,
  declaringEvery<Contact>()(
    z.object({
      contactId: text,
      userId: text,
      contactName: text,
      contactNumber: text,
      contactNetwork: z.enum(NETWORK_NAMES),
      createdAt: text,
      lastUsedAt: text.optional(),
      // Contacts saved before contacts were kept for good carry the table's TTL attribute (their old expiry): read, never kept.
      [TABLE_KEYS.ttlAttribute]: z.number().optional(),
    }),
  ).transform(({ lastUsedAt, [TABLE_KEYS.ttlAttribute]: _expiry, ...contact }) => ({ ...contact, lastUsedAt: lastUsedAt ?? contact.createdAt })),
);

const beneficiaryItem = itemMapping<Beneficiary>(
  BENEFICIARY_ENTITY,
  declaringEvery<Beneficiary>()(z.object({ accountName: text, accountNumber: text, bankName: text, bankCode: text, createdAt: text })),
);

const earningsItem = itemMapping<Earnings>(
  EARNINGS_ENTITY,
  // Created by a reward's ADD: nothing withdrawn yet means no totalWithdrawnKobo.
  declaringEvery<Earnings>()(z.object({ earningBalanceKobo: kobo.default(0), totalEarnedKobo: kobo.default(0), totalWithdrawnKobo: kobo.default(0) })),
);

const referralItem = itemMapping<Referral>(
  REFERRAL_ENTITY,
  declaringEvery<Referral>()(
    z.object({
      referredUserId: text,
      userName: text,
      amountEarnedKobo: kobo.default(0),
      createdAt: text,
      rewardedAt: text.optional(),
      rewardId: text.optional(),
    }),
  ),
);

// ---------------------------------------------------------------------------------------------
// Money in

const couponItem = itemMapping<Coupon>(
  COUPON_ENTITY,
  declaringEvery<Coupon>()(
    z.object({
      code: text,
      ownerUserId: text,
      ownerUserName: text,
      amountKobo: kobo,
      used: z.boolean(),
      createdAt: text,
      createdBy: text,
      createdByUserName: text.optional(),
      usedAt: text.optional(),
      transactionId: text.optional(),
      paidByUserId: text.optional(),
      paymentTransactionId: text.optional(),
      cancelledAt: text.optional(),
    }),
  ),
);

const paymentIntentItem = itemMapping<PaymentIntent>(
  PAYMENT_INTENT_ENTITY,
  declaringEvery<PaymentIntent>()(
    z.object({
      provider: z.enum(PAYMENT_PROVIDERS),
      reference: text,
      userId: text,
      userName: text,
      email: text,
      amountKobo: kobo,
      checkoutUrl: text.optional(),
      status: z.enum(['initiated', 'credited']),
      transactionId: text.optional(),
      createdAt: text,
      updatedAt: text,
    }),
  ),
);

const providerEventFields = declaringEvery<ProviderEvent>()(
  z.object({
    provider: z.enum(PAYMENT_PROVIDERS),
    eventKey: text,
    eventType: text,
    rawBody: text,
    receivedAt: text,
    deliveries: count.default(1),
    status: z.enum(['received', 'processed', 'ignored']).default('received'),
    outcome: text.optional(),
    processedAt: text.optional(),
  }),
);

const providerEventItem = itemMapping<ProviderEvent>(PROVIDER_EVENT_ENTITY, providerEventFields);
const providerEventStatusItem = itemMapping(PROVIDER_EVENT_ENTITY, providerEventFields.pick({ status: true }));

// ---------------------------------------------------------------------------------------------
// Login throttle counters (each carries the version its compare-and-set writes condition on)

const version = { version: count.default(0) };
const throttleAccountItem = itemMapping(
  LOGIN_THROTTLE_ENTITY,
  declaringEvery<AccountCounter>()(
    z.object({ failures: count.default(0), windowEnd: count.default(0), generation: count.default(0), expiresAt: count.default(0) }),
  ).extend(version),
);
const throttleClientItem = itemMapping(
  LOGIN_THROTTLE_ENTITY,
  declaringEvery<ClientCounter>()(
    z.object({ failures: count.default(0), nextAttemptAt: count.default(0), generation: count.default(0), expiresAt: count.default(0) }),
  ).extend(version),
);

/** A client (device or address hash) that signed in to the account, and the one-time code mailed past the ceiling. */
const knownClientItem = itemMapping(LOGIN_THROTTLE_ENTITY, z.object({ expiresAt: count.default(0) }));
const loginCodeItem = itemMapping(LOGIN_THROTTLE_ENTITY, z.object({ codeHash: text, expiresAt: count.default(0), tries: count.default(0) }));

// ---------------------------------------------------------------------------------------------
// Webhook delivery log (one ring slot each; `expiresAt` is the table's TTL)

const webhookDeliveryItem = itemMapping(
  WEBHOOK_DELIVERY_ENTITY,
  declaringEvery<WebhookDeliveryView>()(
    z.object({
      at: text,
      event: z.enum([...TRANSACTION_STATUSES, 'test']),
      transactionId: text,
      webhookId: text,
      httpStatus: count.nullable(),
      error: text.nullable(),
      delivered: z.boolean(),
    }),
  ).extend({ expiresAt: count }),
);

// ---------------------------------------------------------------------------------------------

/** Each entity's mapping, as repositories use it: `stored.transaction.read(item)`. */
export const stored = {
  profile: profileItem,
  principal: principalItem,
  tokenVersion: tokenVersionItem,
  profileApiKey: profileApiKeyItem,
  profileContactNumbers: profileContactNumbersItem,
  apiKey: apiKeyItem,
  webhookSecret: webhookSecretItem,
  reservedAccounts: reservedAccountsItem,
  upgradeOutbox: upgradeOutboxItem,
  userNameClaim: userNameClaimItem,
  emailClaim: emailClaimItem,
  wallet: walletItem,
  walletQueued: walletQueuedItem,
  walletQueuedRefusal: walletQueuedRefusalItem,
  transaction: transactionItem,
  supplierAttempt: itemMapping<SupplierAttempt>(SUPPLIER_ATTEMPT_ENTITY, supplierAttempt),
  requeries: requeriesItem,
  plan: planItem,
  billProduct: billProductItem,
  costPrice: costPriceItem,
  serviceSetting: serviceSettingItem,
  supplierChoice: supplierChoiceItem,
  contact: contactItem,
  savedDecoder: savedDecoderItem,
  beneficiary: beneficiaryItem,
  earnings: earningsItem,
  referral: referralItem,
  coupon: couponItem,
  paymentIntent: paymentIntentItem,
  providerEvent: providerEventItem,
  providerEventStatus: providerEventStatusItem,
  throttleAccount: throttleAccountItem,
  throttleClient: throttleClientItem,
  knownClient: knownClientItem,
  loginCode: loginCodeItem,
  webhookDelivery: webhookDeliveryItem,
};
