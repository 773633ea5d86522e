/**
 * What each function's role may touch, in one place: the table's partitions it writes (by key
 * prefix, IAM `dynamodb:LeadingKeys`), the attributes it may write where a partition is shared
 * (`dynamodb:Attributes`), whether it reads, whether it may see the password hashes, and whether it
 * may read the session signing key. The stack applies this map (`tableGrants`, `signsTokens`) and the
 * template test (tests/infra/access.test.ts) lists every role's effective grants against it.
 *
 * Worked out from each function's code: the adapters it calls and the keys those write
 * (functions/adapters/dynamo/keys.ts). A new function gets its row here (the stack refuses to build a
 * function without one); a new partition gets its prefix in shared/table.ts and in the rows of the
 * functions that write it.
 */
import { ROUTES, type HttpService } from '../../shared/routes.js';
import {
  CONFIG_PARTITIONS,
  LISTING_COUNTER_FIELDS,
  LISTING_COUNTER_SEPARATOR,
  OPERATOR_REFUND_WRITES,
  PARTITION_PREFIXES as P,
  TABLE_KEYS,
} from '../../shared/table.js';

export type WriteAction = 'dynamodb:PutItem' | 'dynamodb:UpdateItem' | 'dynamodb:DeleteItem' | 'dynamodb:BatchWriteItem';

/** Reads by key and by index; no Scan (no function scans the table: every listing is a query). */
export const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'] as const;

const PUT: WriteAction = 'dynamodb:PutItem';
const UPDATE: WriteAction = 'dynamodb:UpdateItem';
const DELETE: WriteAction = 'dynamodb:DeleteItem';
const PUT_UPDATE: WriteAction[] = [PUT, UPDATE];
const PUT_UPDATE_DELETE: WriteAction[] = [PUT, UPDATE, DELETE];

export interface TableWrite {
  /** Partition-key prefixes (`USER#` → `USER#*`), or whole fixed partitions (`CATALOGUE`). */
  readonly prefixes?: readonly string[];
  readonly partitions?: readonly string[];
  readonly actions: readonly WriteAction[];
  /**
   * Where the partition is shared with items the function does not own (a user's partition holds
   * the profile and the wallet): the only attributes its writes may name (`dynamodb:Attributes`).
   * A name ending in `*` stands for every name it begins (the listing counters' figures).
   */
  readonly attributes?: readonly string[];
}

export interface FunctionAccess {
  /** Reads (READ_ACTIONS) on the table and its indexes, except the credential partition. */
  readonly reads: boolean;
  readonly writes: readonly TableWrite[];
  /** Reads and writes the password hashes (`CREDENTIAL#…`): only the functions that check or set passwords. */
  readonly credentials?: boolean;
}

const { partitionKey, sortKey, ttlAttribute } = TABLE_KEYS;
/** The key attributes every item write names. */
const KEY_ATTRIBUTES = [partitionKey, sortKey];

/** Money in a user's partition (wallet, earnings …) and its transaction records. */
const USER_AND_TRANSACTIONS: TableWrite = { prefixes: [P.user, P.transaction], actions: PUT_UPDATE };

/**
 * A contact's attributes (domain/contacts.ts `Contact`, adapters/dynamo/contacts.ts), and the profile's
 * set of contact numbers: the only attributes of a user's partition the contacts service writes.
 */
const CONTACT_ATTRIBUTES = [
  ...KEY_ATTRIBUTES,
  'entity',
  'contactId',
  'userId',
  'contactName',
  'contactNumber',
  'contactNetwork',
  'createdAt',
  'updatedAt',
  'lastUsedAt',
  ttlAttribute,
  'contactNumbers',
];
/**
 * A user's listing counter item (adapters/dynamo/listing-aggregates.ts): its keys, kind and day, and
 * figures named `<field>|…` — none of them a profile's or a wallet's attribute.
 */
const LISTING_COUNTER_ATTRIBUTES = [...KEY_ATTRIBUTES, 'entity', 'day', ...LISTING_COUNTER_FIELDS.map((field) => `${field}${LISTING_COUNTER_SEPARATOR}*`)];
/** A saved decoder (cable TV, adapters/dynamo/saved-decoders.ts): its key attributes and its own. */
const SAVED_DECODER_ATTRIBUTES = [...KEY_ATTRIBUTES, 'entity', 'cableName', 'smartCardNo', 'customerName', 'lastUsedAt'];
/** A webhook delivery log entry (shared/api/webhooks.ts `WebhookDeliveryView`) and the log's sequence (adapters/dynamo/webhook-deliveries.ts). */
const WEBHOOK_LOG_ATTRIBUTES = [
  ...KEY_ATTRIBUTES,
  'entity',
  ttlAttribute,
  'attempts',
  'at',
  'event',
  'transactionId',
  'webhookId',
  'httpStatus',
  'error',
  'delivered',
];

/** The money desk's own partitions: supplier floats and reconciliation (adapters/dynamo/money-desk). */
const MONEY_DESK_WRITES: TableWrite = { prefixes: [P.float, P.reconciliation], actions: PUT_UPDATE_DELETE };
/** The schedule only records (balances, daily-run marks): it never deletes a money-desk item. */
const MONEY_DESK_RECORDS: TableWrite = { prefixes: [P.float, P.reconciliation], actions: PUT_UPDATE };
/**
 * The money desk's books kept from the table's stream (adapters/dynamo/money-desk/books-from-stream.ts):
 * a submission item under a supplier's day (its attributes only: never a run's head, page or discrepancy),
 * and a float's observed balance and hours (never its level, thresholds, rates or top-ups).
 */
// `submissions`: a batch's submissions to one supplier day and shard, packed in one item (decision 139).
const SUBMISSION_ATTRIBUTES = [...KEY_ATTRIBUTES, 'entity', 'supplier', 'requestId', 'placedAt', 'submittedAt', 'service', 'supplierReference', 'submissions'];
const FLOAT_OBSERVATION_ATTRIBUTES = [...KEY_ATTRIBUTES, 'entity', 'supplier', 'balanceKobo', 'observedAt', 'openingKobo', 'closingKobo', 'closingAt'];

/** Every function's access, by its name (infra/stack/functions.ts `FunctionSpec.name`). */
export const FUNCTION_ACCESS: Record<string, FunctionAccess> = {
  // HTTP services -------------------------------------------------------------------------------
  /** Registration (claims of user name and e-mail), login (its throttle), resets, API keys, the house transfer. */
  AccountsApi: {
    reads: true,
    credentials: true,
    writes: [
      { prefixes: [P.user, P.transaction, P.userNameClaim, P.emailClaim, P.passwordReset, P.loginThrottle, P.apiKey], actions: PUT_UPDATE_DELETE },
      { prefixes: [P.credential], actions: PUT_UPDATE },
    ],
  },
  /** Coupons (generate, redeem, cancel) and the wallet they credit. */
  WalletApi: { reads: true, writes: [USER_AND_TRANSACTIONS, { prefixes: [P.coupon], actions: PUT_UPDATE }] },
  /** Also the wallet's queue of waiting changes (group commit), which it puts and deletes. */
  PurchasesApi: { reads: true, writes: [USER_AND_TRANSACTIONS, { prefixes: [P.walletQueue], actions: PUT_UPDATE_DELETE }] },
  TransactionsApi: { reads: true, writes: [] },
  CatalogueApi: { reads: true, writes: [{ partitions: [CONFIG_PARTITIONS.catalogue], actions: [...PUT_UPDATE_DELETE, 'dynamodb:BatchWriteItem'] }] },
  // Settings, and each user's acknowledgement of the notice (put, nothing else).
  AdminApi: {
    reads: true,
    writes: [
      { partitions: [CONFIG_PARTITIONS.settings], actions: [...PUT_UPDATE_DELETE, 'dynamodb:BatchWriteItem'] },
      { prefixes: [P.noticeAck], actions: [PUT] },
    ],
  },
  ContactsApi: {
    reads: true,
    writes: [{ prefixes: [P.user], actions: PUT_UPDATE_DELETE, attributes: [...new Set([...CONTACT_ATTRIBUTES, ...SAVED_DECODER_ATTRIBUTES])] }],
  },
  /** Card links (payment intents) and reserved accounts on the profile. */
  FundingApi: { reads: true, writes: [USER_AND_TRANSACTIONS, { prefixes: [P.paymentIntent], actions: PUT_UPDATE }] },
  /** The providers' public receiver: one conditional write of the event as received, nothing else, no reads. */
  WebhooksApi: { reads: false, writes: [{ prefixes: [P.providerEvent], actions: [UPDATE] }] },
  /** Also the sender's wallet queue (group commit of a busy wallet's transfers). */
  TransfersApi: { reads: true, writes: [USER_AND_TRANSACTIONS, { prefixes: [P.walletQueue], actions: PUT_UPDATE_DELETE }] },
  EarningsApi: { reads: true, writes: [USER_AND_TRANSACTIONS] },
  WithdrawalsApi: { reads: true, writes: [USER_AND_TRANSACTIONS] },
  /** Profile, KYC claims, upgrades (a transaction), webhook settings and its test delivery's log, the API key. */
  // Reads the hash to check the password before a key is generated, regenerated or revoked (issue 20).
  ProfileApi: { reads: true, credentials: true, writes: [USER_AND_TRANSACTIONS, { prefixes: [P.kycClaim, P.apiKey], actions: PUT_UPDATE_DELETE }] },
  /** An operator's refund: the wallet, the purchase and its refund record (shared/table.ts OPERATOR_REFUND_WRITES). */
  RefundsApi: {
    reads: true,
    writes: OPERATOR_REFUND_WRITES.map(({ prefix, actions }) => ({ prefixes: [prefix], actions: actions as readonly WriteAction[] })),
  },
  MailingsApi: { reads: true, writes: [] },
  /**
   * The money desk: thresholds, top-ups and balances of the floats (FLOAT#), reconciliation reports and their discrepancies (RECON#);
   * settling a discrepancy as delivered takes a refund back, writing what an operator's refund writes (the wallet, the purchase, the debit's record).
   */
  'Money-deskApi': {
    reads: true,
    writes: [MONEY_DESK_WRITES, ...OPERATOR_REFUND_WRITES.map(({ prefix, actions }) => ({ prefixes: [prefix], actions: actions as readonly WriteAction[] }))],
  },
  /** The public API reference: no table at all. */
  DocsApi: { reads: false, writes: [] },
  // Consumers and schedules ---------------------------------------------------------------------
  /** Its float guard only reads the floats: their observations and the days of submissions come from the stream (TransactionCounters). */
  Fulfilment: { reads: true, writes: [USER_AND_TRANSACTIONS] },
  /** It refreshes the buyer's saved contacts of the number served, and remembers a paid decoder: those attributes only. */
  TransactionStream: {
    reads: true,
    writes: [{ prefixes: [P.user], actions: [UPDATE], attributes: [...new Set([...CONTACT_ATTRIBUTES, ...SAVED_DECODER_ATTRIBUTES])] }],
  },
  /**
   * The listing counters (each user's under USER#, those attributes only; the platform's TXN#LISTING#…), the running figures and the once-only marks;
   * and the money desk's books of supplier calls: submissions (RECON#, put beside the once-only writes) and observed floats (FLOAT#, in them), those attributes only.
   */
  TransactionCounters: {
    reads: true,
    writes: [
      { prefixes: [P.user], actions: [UPDATE], attributes: LISTING_COUNTER_ATTRIBUTES },
      { prefixes: [P.transaction], actions: [UPDATE] },
      { prefixes: [P.stats], actions: [UPDATE] },
      { prefixes: [P.countedBatch], actions: [PUT] },
      // Submissions are put a batch at a time (BatchWriteItem: its deletes give no power a whole-item put
      // over the same keys and attributes does not already give).
      { prefixes: [P.reconciliation], actions: ['dynamodb:BatchWriteItem'], attributes: SUBMISSION_ATTRIBUTES },
      { prefixes: [P.float], actions: [UPDATE], attributes: FLOAT_OBSERVATION_ATTRIBUTES },
    ],
  },
  /** Heals stranded purchases (refunds to the wallet) and re-publishes upgrades left in the profile's outbox. */
  Sweeper: { reads: true, writes: [USER_AND_TRANSACTIONS] },
  /** Its log of mails sent; no reads: the claim's failed condition returns the item. */
  Mailer: { reads: false, writes: [{ prefixes: [P.mailDelivery], actions: [UPDATE] }] },
  Mailings: { reads: true, writes: [] },
  /** The owner's delivery log, under the user's partition: those attributes only. */
  WebhookDelivery: { reads: true, writes: [{ prefixes: [P.user], actions: PUT_UPDATE, attributes: WEBHOOK_LOG_ATTRIBUTES }] },
  /** Confirms the stored event, credits the wallet (a funding record) or settles a payout. */
  ProviderEvents: { reads: true, writes: [USER_AND_TRANSACTIONS, { prefixes: [P.providerEvent, P.paymentIntent], actions: PUT_UPDATE }] },
  Payouts: { reads: true, writes: [USER_AND_TRANSACTIONS] },
  PayoutSweeper: { reads: true, writes: [USER_AND_TRANSACTIONS] },
  ReferralRewards: { reads: true, writes: [USER_AND_TRANSACTIONS] },
  /** Forgot-password requests off the request path: the per-address/client counts and the reset token (issue 20). */
  PasswordResets: {
    reads: true,
    writes: [
      { prefixes: [P.resetRate], actions: [UPDATE] },
      { prefixes: [P.passwordReset], actions: [PUT] },
    ],
  },
  /** The daily tie-out: reads wallets and the flows, puts its result under STATS (TIEOUT#<day>). */
  TieOut: { reads: true, writes: [{ prefixes: [P.stats], actions: [PUT] }] },
  /** Reserved bank accounts at sign-in and KYC: the profile's account numbers and when they were made, nothing else (issue 21). */
  ReservedAccounts: {
    reads: true,
    writes: [{ prefixes: [P.user], actions: [UPDATE], attributes: [...KEY_ATTRIBUTES, 'accountNumbers', 'accountsReservedAt'] }],
  },
  /** The balance poll (floats) and the after-midnight run's once-a-day marker (RECON#DAILY#…). */
  MoneyDeskSchedule: { reads: true, writes: [MONEY_DESK_RECORDS] },
  /** A run's head, page marks and discrepancies (RECON#); it reads purchases and floats. */
  Reconciliation: { reads: true, writes: [MONEY_DESK_WRITES] },
};

/** A function's row of the map; a function without one is a build error, not a silent grant. */
export function accessOf(functionName: string): FunctionAccess {
  const access = FUNCTION_ACCESS[functionName];
  if (!access) throw new Error(`${functionName} has no row in infra/stack/access.ts FUNCTION_ACCESS: say what it reads and writes there`);
  return access;
}

/** Every edge that authenticates counts API-key requests (the rate limit), read-only services included. */
export const authenticates = (service: HttpService): boolean => ROUTES.some((route) => route.service === service && route.access !== 'public');

/**
 * Functions that sign or verify session tokens, and so read the JWT signing key: the HTTP services
 * with a route that is not public (the edge verifies the caller's token), and accounts (login signs).
 */
export const signsOrVerifiesTokens = (service: HttpService): boolean => service === 'accounts' || authenticates(service);
