/** A user's listing order, `createdAt#id`: also the order of one number's records (byPhoneNumber). */
const USER_LISTING_SORT_KEY = 'gsi1sk';

/** DynamoDB single-table layout: declared once, used by the CDK stack and the DynamoDB adapter. */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  /** The stream the transaction outbox reads: each change with the item before and after it. */
  streamViewType: 'NEW_AND_OLD_IMAGES',
  indexes: {
    /** A user's items (transactions) newest first. */
    byUserCreatedAt: { partitionKey: 'gsi1pk', sortKey: USER_LISTING_SORT_KEY, projection: 'ALL' },
    /** All items of one kind (transactions, users; one operator's audit entries) newest first: admin listings. */
    byKindCreatedAt: { partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: 'ALL' },
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

/**
 * Indexes the code no longer reads, replaced by one of `TABLE_KEYS.indexes` on the same key
 * attributes. CloudFormation adds or deletes one index per update, so a stack deployed before the
 * replacement keeps these for one deploy (`-c keepRetiredIndexes=true`) and drops them on the next.
 */
export const RETIRED_INDEXES = {
  /** Replaced by byOpenSinceKeys (keys only). */
  byOpenSince: { partitionKey: 'gsi3pk', sortKey: 'gsi3sk', projection: 'ALL' },
} as const;

/**
 * The one `byKindCreatedAt` partition every transaction record had before the platform listing was
 * sharded and the listing's counters kept (decision 43 (docs/decisions/0043-*)). A record still under it is not yet
 * in the counters: the listing backfill counts it and moves it to its shard, in one write.
 */
export const LEGACY_TRANSACTION_LISTING_PARTITION = 'TXN';

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
} as const;

/** A user's single-use password reset token (one item per user): the reset consumer writes nothing else of the user's. */
export const PASSWORD_RESET_TOKEN_PREFIX = PARTITION_PREFIXES.passwordReset;

/**
 * What an operator's refund writes, with the actions it needs, and nothing else (the stack's grant of
 * the refunds function): the wallet and the listing's user counters (USER#), the purchase and its refund
 * record (TXN#); its audit entry has its own grant. The platform's counters and running figures follow
 * from the stream (the counter consumer), so it has no grant on STATS.
 */
export const OPERATOR_REFUND_WRITES: ReadonlyArray<{ prefix: string; actions: readonly string[] }> = [
  { prefix: PARTITION_PREFIXES.user, actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'] },
  { prefix: PARTITION_PREFIXES.transaction, actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'] },
];
