/** A user's listing order, `createdAt#id`: also the order of one number's records (byPhoneNumber). */
const USER_LISTING_SORT_KEY = 'gsi1sk';

/**
 * What a transaction listing shows or filters on (attempts and bookkeeping — the claim, re-query
 * marks, fingerprints — stay behind): the listing's indexes project these only, so a write that
 * changes none of them (a fulfilment's claim) rewrites no index entry, and a record's supplier answers
 * never make its entries bigger. The listings read exactly these (adapters/dynamo/transactions.ts).
 */
export const TRANSACTION_LISTING_ATTRIBUTES = [
  'id',
  'userId',
  'trans_UserName',
  'userType',
  'trans_Type',
  'trans_Status',
  'trans_Network',
  'phone_number',
  'amountKobo',
  'faceValueKobo',
  'volume',
  'costKobo',
  'profitKobo',
  'balanceBeforeKobo',
  'balanceAfterKobo',
  'walletSeq',
  'createdAt',
  'updatedAt',
  'description',
  'apiResponse',
  'apiResponseId',
  'relatedTransactionId',
  'paymentLink',
  // A refund's reason, shown in words in the details.
  'refundReason',
  // Electricity: the meter and the supplier's token, units and customer (shown in the details).
  'electricity',
  // Cable TV and exam PINs: what was bought, and the PINs (shown in the details).
  'bill',
  // The view names the item from the plan bought ("MTN SME 1GB") and the other party of a transfer or coupon.
  'dataPlan',
  'counterparty',
  // A bulk purchase's line: its batch (the view names it; the ledger's replay leaves the line out of the chain).
  'batchId',
  // A bulk line's refund: the listing's total debit takes it off its batch's debit.
  'refundedBatchId',
  'entity',
] as const;

/**
 * What the other readers of the kinds' index read: the users' listings (the dashboard's newest users,
 * the user directory's filters, a mailing's recipients) and one operator's audit entries (every
 * attribute of an entry). The tie-out and the listing backfill read keys only.
 */
const USER_LISTING_ATTRIBUTES = ['userId', 'userName', 'email', 'phoneNumber', 'userType', 'createdAt', 'lastLogin'] as const;
const AUDIT_ENTRY_ATTRIBUTES = [
  'id',
  'at',
  'day',
  'actorId',
  'actorName',
  'role',
  'operation',
  'method',
  'path',
  'target',
  'summary',
  'status',
  'requestId',
  'before',
  'after',
] as const;
const KIND_LISTING_ATTRIBUTES = [...new Set([...TRANSACTION_LISTING_ATTRIBUTES, ...USER_LISTING_ATTRIBUTES, ...AUDIT_ENTRY_ATTRIBUTES])];

/** DynamoDB single-table layout: declared once, used by the CDK stack and the DynamoDB adapter. */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  /** The stream the transaction outbox reads: each change with the item before and after it. */
  streamViewType: 'NEW_AND_OLD_IMAGES',
  indexes: {
    /**
     * A user's items (transactions) newest first. Only what a listing reads is projected (decision 130
     * (docs/decisions/0130-*)): named `byUserListing` since it replaced `byUserCreatedAt`, which projected every attribute.
     */
    byUserCreatedAt: {
      indexName: 'byUserListing',
      partitionKey: 'gsi1pk',
      sortKey: USER_LISTING_SORT_KEY,
      projection: 'INCLUDE',
      nonKeyAttributes: TRANSACTION_LISTING_ATTRIBUTES,
    },
    /**
     * All items of one kind (transactions, users; one operator's audit entries) newest first: admin
     * listings. Only what those read is projected: named `byKindListing` since it replaced `byKindCreatedAt`.
     */
    byKindCreatedAt: {
      indexName: 'byKindListing',
      partitionKey: 'gsi2pk',
      sortKey: 'gsi2sk',
      projection: 'INCLUDE',
      nonKeyAttributes: KIND_LISTING_ATTRIBUTES,
    },
    /**
     * Sparse: what is still open, oldest first, one partition per kind (purchases spread over
     * shards, withdrawals, a vendor's coupons, unpublished upgrades). Keys only: every reader takes the
     * id and time from the keys and reads the item itself, so an open purchase's updates (claim,
     * pending, re-queries) never rewrite its entry; with every attribute projected each of them did.
     */
    byOpenSinceKeys: { partitionKey: 'gsi3pk', sortKey: 'gsi3sk', projection: 'KEYS_ONLY' },
    /**
     * The records of one number served (a transaction's own `phone_number`), newest first: the listing
     * filtered by a whole phone number reads only these. Both keys are attributes every record already
     * has (the sort key is the user listing's `createdAt#id`), so DynamoDB indexes existing records
     * itself, with no backfill. An index key may not be an empty string: a record that serves no
     * number (funding, transfer, coupon…) is stored without `phone_number` and stays out of it.
     * Keys only: a record is written to it once, when created (about 1 WCU), and its later updates
     * (claim, settlement) never touch it; with every attribute projected each of a purchase's three
     * writes also rewrote its copy (7 WCU of 37 per purchase). The rare listing by number reads the
     * records themselves by key.
     */
    byPhoneNumber: { partitionKey: 'phone_number', sortKey: USER_LISTING_SORT_KEY, projection: 'KEYS_ONLY' },
  },
} as const;

/** The name each declared index has in the table (its own, or `indexName` for one that replaced another). */
export const TABLE_INDEX_NAMES: readonly string[] = Object.entries(TABLE_KEYS.indexes).map(([name, index]) => ('indexName' in index ? index.indexName : name));

/**
 * Indexes the code no longer reads, replaced by one of `TABLE_KEYS.indexes` on the same key
 * attributes. CloudFormation adds or deletes one index per update, so a stack deployed before the
 * replacement keeps these for one deploy (`-c keepRetiredIndexes=true`) and drops them on the next.
 */
export const RETIRED_INDEXES = {
  /** Replaced by byOpenSinceKeys (keys only). */
  byOpenSince: { partitionKey: 'gsi3pk', sortKey: 'gsi3sk', projection: 'ALL' },
  /** Replaced by byUserListing (what a listing reads). */
  byUserCreatedAt: { partitionKey: 'gsi1pk', sortKey: USER_LISTING_SORT_KEY, projection: 'ALL' },
  /** Replaced by byKindListing (what the kinds' listings read). */
  byKindCreatedAt: { partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: 'ALL' },
} as const;

/**
 * The one `byKindCreatedAt` partition every transaction record had before the platform listing was
 * sharded and the listing's counters kept (decision 43 (docs/decisions/0043-*)). A record still under it is not yet
 * in the counters: the listing backfill counts it and moves it to its shard, in one write.
 */
export const LEGACY_TRANSACTION_LISTING_PARTITION = 'TXN';

/**
 * The listing counters' figures. A counter attribute is `<field>|<type>|<status>|<network>|<user type>`
 * (functions/domain/transactions/listing-aggregates.ts); the stack lets the counters' consumer write a
 * user's partition under exactly these names (infra/stack/access.ts).
 */
export const LISTING_COUNTER_FIELDS = ['n', 'd', 'c', 's', 'v', 'p'] as const;
export const LISTING_COUNTER_SEPARATOR = '|';

/**
 * Fixed partitions of admin-managed configuration. The stack lets only the functions that manage
 * them write there (IAM `dynamodb:LeadingKeys`); the DynamoDB adapter's keys use the same names.
 */
export const CONFIG_PARTITIONS = {
  /** Data plans and cost prices. */
  catalogue: 'CATALOGUE',
  /** Service locks and the supplier chosen per network. */
  settings: 'SETTINGS',
} as const;

/**
 * Partition-key prefixes the stack restricts writes to (IAM `dynamodb:LeadingKeys` with
 * StringLike `<prefix>*`); the DynamoDB adapter's keys use the same prefixes.
 */
export const PARTITION_PREFIXES = {
  /** Providers' webhooks as received: the public receiver may write nothing else. */
  providerEvent: 'WEBHOOK#',
  /** A user's own items (profile, wallet, contacts …): the contacts service may write nothing else. */
  user: 'USER#',
  /** The mailer's log of e-mails sent, one item per (mail, recipient): the mailer may write nothing else. */
  mailDelivery: 'MAIL#',
  /** Transaction records (and the listing's platform counters). */
  transaction: 'TXN#',
  /** Running figures (sales per day, wallet totals): summed from the table's stream, never in a user's write. */
  stats: 'STATS',
  /** Per-minute request counters of API keys: every HTTP function's edge writes these, even the read-only ones. */
  apiKeyRate: 'APIKEYRATE#',
  /** The audit log, one partition per day: functions serving operator actions may only put new items here. */
  audit: 'AUDIT#',
  /** The platform counters' once-only marks: one per chunk of stream records summed (a TTL removes them). */
  countedBatch: 'COUNTED#',
  /** Each user's acknowledgement of the notice (one item a user): the admin service writes these and no other user item. */
  noticeAck: 'NOTICEACK#',
  /** Password reset requests counted per address and per client, per hour (a TTL removes them). */
  resetRate: 'RESETRATE#',
  /**
   * A user's password hash, alone in its own partition (`CREDENTIAL#<userId>`): IAM conditions see only
   * partition keys, so only here can every role but the password checkers be denied it (infra/stack/access.ts).
   */
  credential: 'CREDENTIAL#',
  // Partitions one service owns (infra/stack/access.ts names them in that service's row).
  /** A user name's uniqueness claim (registration, renames). */
  userNameClaim: 'USERNAME#',
  /** An e-mail's uniqueness claim. */
  emailClaim: 'EMAIL#',
  /** A pending password reset token. */
  passwordReset: 'RESET#',
  /** Failed-login counters per account and client (adapters/dynamo/login-throttle.ts). */
  loginThrottle: 'LOGINTHROTTLE#',
  /** An API key's look-up by its hash. */
  apiKey: 'APIKEY#',
  /** Coupons. */
  coupon: 'COUPON#',
  /** A card payment asked of a provider, by its reference. */
  paymentIntent: 'PAYREF#',
  /** A NIN/BVN claim by one account. */
  kycClaim: 'KYC#',
  /** Balance changes queued on a busy wallet for the next group commit (adapters/dynamo/wallet-queue.ts): the purchase service puts and deletes them. */
  walletQueue: 'WALLETQ#',
  /** A supplier account's float: its known balance and alert state, hourly closing balances, top-ups (adapters/dynamo/money-desk/floats.ts). */
  float: 'FLOAT#',
  /** Reconciliation: each day's submissions to a supplier, by shard, and the day's report and its discrepancies (adapters/dynamo/money-desk/reconciliation.ts). */
  reconciliation: 'RECON#',
} as const;

/** A user's single-use password reset token (one item per user): the reset consumer writes nothing else of the user's. */
export const PASSWORD_RESET_TOKEN_PREFIX = PARTITION_PREFIXES.passwordReset;

/**
 * What an operator's refund writes, with the actions it needs, and nothing else (the stack's grant of
 * the refunds function): the wallet (USER#), the purchase and its refund record (TXN#); its audit
 * entry has its own grant. The listing's counters and the running figures follow from the stream (the
 * counter consumer), so it has no grant on STATS.
 */
export const OPERATOR_REFUND_WRITES: ReadonlyArray<{ prefix: string; actions: readonly string[] }> = [
  { prefix: PARTITION_PREFIXES.user, actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'] },
  { prefix: PARTITION_PREFIXES.transaction, actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'] },
];
