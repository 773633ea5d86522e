/**
 * Every entity's keys, declared in one place. Handlers and repositories never concatenate keys
 * themselves; they call these.
 */
import { CONFIG_PARTITIONS, LEGACY_TRANSACTION_LISTING_PARTITION, PARTITION_PREFIXES, TABLE_KEYS } from '../../../shared/table.js';
import { AGGREGATE_SHARDS } from '../../domain/transactions/listing-aggregates.js';
import { hashShard } from '../../domain/back-office/sales-stats.js';
import { WALLET_ENTITY } from './items.js';

const { indexes } = TABLE_KEYS;

/** Each index's name in the table (an index that replaced another under a new name declares it: shared/table.ts). */
export const INDEX = {
  byUserCreatedAt: indexes.byUserCreatedAt.indexName,
  byKindCreatedAt: indexes.byKindCreatedAt.indexName,
  byOpenSinceKeys: 'byOpenSinceKeys',
  byPhoneNumber: 'byPhoneNumber',
} as const satisfies Record<keyof typeof indexes, string>;

export const GSI = indexes;

const CATALOGUE_PARTITION = CONFIG_PARTITIONS.catalogue;
const SETTINGS_PARTITION = CONFIG_PARTITIONS.settings;
const STATS_PARTITION = PARTITION_PREFIXES.stats;
const PLATFORM_LISTING_PARTITION = `${PARTITION_PREFIXES.transaction}LISTING#`;
const PLATFORM_TRANSACTIONS_PREFIX = 'TXN#';
const LISTING_ALL_TIME = 'LISTALL';

/** The sort-key prefix of each kind of item that shares a partition with others, by kind. */
const SK_PREFIX = {
  plan: 'PLAN#',
  costPrice: 'COSTPRICE#',
  billProduct: 'BILL#',
  configuredService: 'VTSERVICE#',
  service: 'SERVICE#',
  supplier: 'SUPPLIER#',
  contact: 'CONTACT#',
  decoder: 'DECODER#',
  beneficiary: 'BENEFICIARY#',
  referral: 'REFERRAL#',
  salesDay: 'DAY#',
  walletTotal: 'WALLETS#',
  webhookLog: 'WEBHOOKLOG#',
  listingDay: 'LISTDAY#',
  supplierAttempt: 'ATTEMPT#',
} as const;

export const keys = {
  userProfile: (userId: string) => ({ pk: `${PARTITION_PREFIXES.user}${userId}`, sk: 'PROFILE' }),
  wallet: (userId: string) => ({ pk: `${PARTITION_PREFIXES.user}${userId}`, sk: 'WALLET' }),
  /** A balance change queued on a busy wallet, in queue order (`queuedAt#id`), until a group commit writes it. */
  walletQueued: (userId: string, queueKey: string) => ({ pk: keys.walletQueue(userId), sk: queueKey }),
  /** A wallet's queue of waiting changes: its own partition. */
  walletQueue: (userId: string) => `${PARTITION_PREFIXES.walletQueue}${userId}`,
  /** A session ended by logout: its token is refused until it would have expired anyway (TTL). */
  revokedSession: (userId: string, sessionId: string) => ({ pk: `${PARTITION_PREFIXES.user}${userId}`, sk: `REVOKEDSESSION#${sessionId}` }),
  /** A token replaced by a renewal: refused until it could no longer be used or renewed anyway (TTL). */
  revokedToken: (userId: string, tokenId: string) => ({ pk: `${PARTITION_PREFIXES.user}${userId}`, sk: `REVOKEDTOKEN#${tokenId}` }),
  userNameClaim: (userName: string) => ({ pk: `${PARTITION_PREFIXES.userNameClaim}${userName.toLowerCase()}`, sk: 'UNIQUE' }),
  emailClaim: (email: string) => ({ pk: `${PARTITION_PREFIXES.emailClaim}${email.toLowerCase()}`, sk: 'UNIQUE' }),
  /** A user's password hash, alone in its partition so IAM can deny it to every role but the password checkers. */
  credential: (userId: string) => ({ pk: `${PARTITION_PREFIXES.credential}${userId}`, sk: 'PASSWORD' }),
  passwordReset: (userId: string) => ({ pk: `${PARTITION_PREFIXES.passwordReset}${userId}`, sk: 'TOKEN' }),
  transaction: (transactionId: string) => ({ pk: `${PARTITION_PREFIXES.transaction}${transactionId}`, sk: 'TXN' }),
  /** One supplier attempt beside its purchase, in the order made (`at` first); `n` tells apart the attempts of one write. */
  supplierAttempt: (transactionId: string, attempt: { at: string; supplier: string; kind: string }, n: number) => ({
    pk: `${PARTITION_PREFIXES.transaction}${transactionId}`,
    sk: `${SK_PREFIX.supplierAttempt}${attempt.at}#${attempt.supplier}#${attempt.kind}#${n}`,
  }),
  coupon: (code: string) => ({ pk: `${PARTITION_PREFIXES.coupon}${code.toUpperCase()}`, sk: 'COUPON' }),
  /** Data plans live in one small partition: the whole catalogue is one query. */
  plan: (planId: number) => ({ pk: CATALOGUE_PARTITION, sk: `${SK_PREFIX.plan}${String(planId).padStart(10, '0')}` }),
  /** Cost price (per GB) of one plan type, beside the plans. */
  costPrice: (planType: string) => ({ pk: CATALOGUE_PARTITION, sk: `${SK_PREFIX.costPrice}${planType}` }),
  /** A cable bouquet or exam product, beside the data plans: `BILL#dstv:dstv-padi`. */
  billProduct: (code: string) => ({ pk: CATALOGUE_PARTITION, sk: `${SK_PREFIX.billProduct}${code}` }),
  /** A VTpass service offered by configuration, with its plans and prices, beside the data plans: `VTSERVICE#smile-direct`. */
  configuredService: (serviceId: string) => ({ pk: CATALOGUE_PARTITION, sk: `${SK_PREFIX.configuredService}${serviceId}` }),
  /** An admin's lock (or unlock) of a service, e.g. data of MTN-CG. */
  serviceSetting: (serviceType: string, serviceName: string) => ({ pk: SETTINGS_PARTITION, sk: `${SK_PREFIX.service}${serviceType}#${serviceName}` }),
  /** The supplier an admin chose for a network. */
  supplierChoice: (network: string) => ({ pk: SETTINGS_PARTITION, sk: `${SK_PREFIX.supplier}${network}` }),
  /** The one notice to users an admin or agent set last. */
  notification: () => ({ pk: SETTINGS_PARTITION, sk: 'NOTIFICATION' }),
  /** One user's acknowledgement of the notice, in a partition of its own (the admin service's only user-specific write). */
  noticeAck: (userId: string) => ({ pk: `${PARTITION_PREFIXES.noticeAck}${userId}`, sk: 'NOTICEACK' }),
  /** A contact, under its owner's partition: another user's id never reaches it. */
  contact: (userId: string, contactId: string) => ({ pk: `${PARTITION_PREFIXES.user}${userId}`, sk: `${SK_PREFIX.contact}${contactId}` }),
  /** A decoder the user paid for (cable TV), beside the contacts. */
  savedDecoder: (userId: string, cableName: string, smartCardNo: string) => ({
    pk: `${PARTITION_PREFIXES.user}${userId}`,
    sk: `${SK_PREFIX.decoder}${cableName}#${smartCardNo}`,
  }),
  // Money in and out ------------------------------------------------------------------------
  /** A payment we asked a provider for (card link): who pays, how much; looked up by the provider's reference. */
  paymentIntent: (provider: string, reference: string) => ({ pk: `${PARTITION_PREFIXES.paymentIntent}${provider}#${reference}`, sk: 'INTENT' }),
  /** A provider's webhook as received (signature checked), one per provider reference: the de-duplication key. */
  providerEvent: (provider: string, eventKey: string) => ({ pk: `${PARTITION_PREFIXES.providerEvent}${provider}#${eventKey}`, sk: 'EVENT' }),
  /** A saved withdrawal beneficiary, under its owner's partition. */
  beneficiary: (userId: string, bankCode: string, accountNumber: string) => ({
    pk: `${PARTITION_PREFIXES.user}${userId}`,
    sk: `${SK_PREFIX.beneficiary}${bankCode}#${accountNumber}`,
  }),
  /** One referred user, under the referrer's partition (written at registration, rewarded once). */
  referral: (referrerId: string, referredUserId: string) => ({ pk: `${PARTITION_PREFIXES.user}${referrerId}`, sk: `${SK_PREFIX.referral}${referredUserId}` }),
  /** One slot of a user's webhook delivery log (a ring: the slot of the n-th attempt is reused). */
  webhookDelivery: (userId: string, slot: number) => ({
    pk: `${PARTITION_PREFIXES.user}${userId}`,
    sk: `${SK_PREFIX.webhookLog}${String(slot).padStart(2, '0')}`,
  }),
  /** How many webhook attempts a user's log has seen: picks the next slot. */
  webhookLogSequence: (userId: string) => ({ pk: `${PARTITION_PREFIXES.user}${userId}`, sk: 'WEBHOOKSEQ' }),
  /** A user's referral earnings (not the wallet): balance, total earned. */
  earnings: (userId: string) => ({ pk: `${PARTITION_PREFIXES.user}${userId}`, sk: 'EARNINGS' }),
  /** One e-mail to one recipient (its delivery id), claimed before it is sent and marked once it is. */
  mailDelivery: (deliveryId: string) => ({ pk: `${PARTITION_PREFIXES.mailDelivery}${deliveryId}`, sk: 'DELIVERY' }),
  /** An API key's look-up by its SHA-256 (the key itself is never stored): which user it names. */
  apiKey: (keyHash: string) => ({ pk: `${PARTITION_PREFIXES.apiKey}${keyHash}`, sk: 'KEY' }),
  /** Requests made with one API key in one minute (expires with the TTL attribute). */
  apiKeyMinute: (keyHash: string, minute: number) => ({ pk: `${PARTITION_PREFIXES.apiKeyRate}${keyHash}`, sk: `MINUTE#${minute}` }),
  /** Claim of a NIN/BVN (by its digest) by one account. */
  kycClaim: (method: string, numberDigest: string) => ({ pk: `${PARTITION_PREFIXES.kycClaim}${method}#${numberDigest}`, sk: 'UNIQUE' }),
  // Back-office figures (one small partition, read by sort-key range) ------------------------
  /** Running sales totals of one day × product × network, in one of its shards. */
  salesDay: (day: string, product: string, network: string, shard: number) => ({
    pk: STATS_PARTITION,
    sk: `${SK_PREFIX.salesDay}${day}#${product}#${network}#${shard}`,
  }),
  /** One shard of the running sum of every wallet's balance. */
  walletTotal: (shard: number) => ({ pk: STATS_PARTITION, sk: `${SK_PREFIX.walletTotal}${shard}` }),
  /** The mark of a chunk of stream records already summed into the platform's counters, by its first record (sequence number and event id). */
  countedBatch: (firstRecord: string) => ({ pk: `${PARTITION_PREFIXES.countedBatch}${firstRecord}`, sk: 'BATCH' }),
  // The listing's counters (domain/listing-aggregates.ts) ------------------------------------
  // Each is one counter group's item (network × user type, domain `counterGroupOf`). Items written
  // before groups existed have the same keys without the group suffix; the readers' ranges take
  // both, and the sums are linear, so they need no migration.
  /** A user's listing counters of one day and group, in the user's partition. */
  userListingDay: (userId: string, day: string, group: string) => ({ pk: `${PARTITION_PREFIXES.user}${userId}`, sk: `${SK_PREFIX.listingDay}${day}#${group}` }),
  /**
   * The platform's listing counters of one day, type and group, in one of its shard partitions (under the
   * transactions' prefix: every writer of a record may write there).
   */
  platformListingDay: (shard: number, day: string, type: string, group: string) => ({
    pk: `${PLATFORM_LISTING_PARTITION}${shard}`,
    sk: `${SK_PREFIX.listingDay}${day}#${type}#${group}`,
  }),
  /** A user's listing counters of one group over all time: an unbounded listing reads these few items, however many days it spans. */
  userListingAllTime: (userId: string, group: string) => ({ pk: `${PARTITION_PREFIXES.user}${userId}`, sk: `${LISTING_ALL_TIME}#${group}` }),
  /** The platform's listing counters of one type and group over all time, in one of its shard partitions. */
  platformListingAllTime: (shard: number, type: string, group: string) => ({
    pk: `${PLATFORM_LISTING_PARTITION}${shard}`,
    sk: `${LISTING_ALL_TIME}#${type}#${group}`,
  }),
} as const;

/** Index attributes for a user's own listing (newest first by sort key). */
export const userListing = (userId: string, createdAt: string, id: string) => ({
  [GSI.byUserCreatedAt.partitionKey]: `${PARTITION_PREFIXES.user}${userId}`,
  [GSI.byUserCreatedAt.sortKey]: `${createdAt}#${id}`,
});

/** Index attributes for admin listings of one kind of item. */
export const kindListing = (kind: 'USER', createdAt: string, id: string) => ({
  [GSI.byKindCreatedAt.partitionKey]: kind,
  [GSI.byKindCreatedAt.sortKey]: `${createdAt}#${id}`,
});

/**
 * Index attributes for the platform's transaction listing: spread over the counters' shard count
 * of partitions (by a hash of the id), so no one index partition takes every transaction write.
 */
export const platformTransactionListing = (createdAt: string, id: string) => ({
  [GSI.byKindCreatedAt.partitionKey]: `${PLATFORM_TRANSACTIONS_PREFIX}${hashShard(id, AGGREGATE_SHARDS)}`,
  [GSI.byKindCreatedAt.sortKey]: `${createdAt}#${id}`,
});

/**
 * Open purchases are spread over this many partitions of the sweeper's index: every purchase is
 * added and removed there, and one partition would take every purchase of the platform.
 */
export const OPEN_PURCHASE_SHARDS = 4;
const OPEN_PURCHASES = 'OPEN';

/** Index attributes present only while a purchase is open (sparse index for the sweeper), in its shard. */
export const openListing = (since: string, id: string) => ({
  [GSI.byOpenSinceKeys.partitionKey]: `${OPEN_PURCHASES}#${hashShard(id, OPEN_PURCHASE_SHARDS)}`,
  [GSI.byOpenSinceKeys.sortKey]: `${since}#${id}`,
});

/** An open-index entry's time and id, from its sort key `since#id` (the index keeps keys only). */
export function openEntryOf(item: Record<string, unknown>): { since: string; id: string } {
  const sortKey = String(item[GSI.byOpenSinceKeys.sortKey] ?? '');
  const at = sortKey.lastIndexOf('#');
  return { since: sortKey.slice(0, at), id: sortKey.slice(at + 1) };
}

/**
 * Index attributes present only while a withdrawal is open: the same sparse index as purchases,
 * its own partition, so the payout sweeper and the purchase sweeper never see each other's items.
 */
export const openPayoutListing = (since: string, id: string) => ({
  [GSI.byOpenSinceKeys.partitionKey]: 'OPEN_PAYOUT',
  [GSI.byOpenSinceKeys.sortKey]: `${since}#${id}`,
});

/**
 * Index attributes present on a coupon vendor's coupon only while nobody has redeemed or cancelled
 * it: the vendor's list of coupons they may still cancel, one partition per vendor.
 */
export const openCouponListing = (vendorId: string, since: string, code: string) => ({
  [GSI.byOpenSinceKeys.partitionKey]: listingQuery.openCouponPartition(vendorId),
  [GSI.byOpenSinceKeys.sortKey]: `${since}#${code}`,
});

/**
 * Index attributes present on a user profile only while its UserUpgraded event is not yet on the
 * bus (an outbox entry, written with the upgrade itself): the sweeper re-publishes what stays here.
 */
export const upgradeOutboxListing = (since: string, userId: string) => ({
  [GSI.byOpenSinceKeys.partitionKey]: 'OUTBOX_UPGRADE',
  [GSI.byOpenSinceKeys.sortKey]: `${since}#${userId}`,
});

/** A fresh wallet: written in the same transaction that creates the user. */
export const newWalletItem = (userId: string, now: string) => ({
  ...keys.wallet(userId),
  entity: WALLET_ENTITY,
  userId,
  balanceKobo: 0,
  seq: 0,
  createdAt: now,
  updatedAt: now,
});

/** Key-condition values for listing queries (the index sort keys start with the ISO createdAt). */
export const listingQuery = {
  userPartition: (userId: string) => `${PARTITION_PREFIXES.user}${userId}`,
  kindPartition: (kind: 'USER') => kind,
  /** Every partition of the platform's transaction listing (read together, merged newest first). */
  platformTransactionPartitions: () => Array.from({ length: AGGREGATE_SHARDS }, (_, shard) => `${PLATFORM_TRANSACTIONS_PREFIX}${shard}`),
  /** Where every transaction record was before the shards: those still there are not yet counted (the listing backfill reads it). */
  legacyPlatformTransactionPartition: LEGACY_TRANSACTION_LISTING_PARTITION,
  /**
   * Every partition of the open purchases: the shards, and the one partition (`OPEN`) that held them
   * all before, where purchases opened by an earlier version stay until they settle.
   */
  openPurchasePartitions: () => [OPEN_PURCHASES, ...Array.from({ length: OPEN_PURCHASE_SHARDS }, (_, shard) => `${OPEN_PURCHASES}#${shard}`)],
  openPayoutPartition: 'OPEN_PAYOUT',
  upgradeOutboxPartition: 'OUTBOX_UPGRADE',
  openCouponPartition: (vendorId: string) => `OPEN_COUPON#${vendorId}`,
  /** One number's records in byPhoneNumber: its key is the record's own `phone_number`, the number as bought for. */
  phonePartition: (wholeNumber: string) => wholeNumber,
  /** Lowest sort key at or after `createdAtIso`. */
  sortFrom: (createdAtIso: string) => createdAtIso,
  /** Highest sort key at or before `createdAtIso` (any id). */
  sortTo: (createdAtIso: string) => `${createdAtIso}#\uffff`,
} as const;

/** Key-condition values for the partitions read whole (`pk = :pk AND begins_with(sk, :prefix)`). */
export const partitionQuery = {
  plans: { pk: CATALOGUE_PARTITION, skPrefix: SK_PREFIX.plan },
  costPrices: { pk: CATALOGUE_PARTITION, skPrefix: SK_PREFIX.costPrice },
  billProducts: { pk: CATALOGUE_PARTITION, skPrefix: SK_PREFIX.billProduct },
  configuredServices: { pk: CATALOGUE_PARTITION, skPrefix: SK_PREFIX.configuredService },
  serviceSettings: { pk: SETTINGS_PARTITION, skPrefix: SK_PREFIX.service },
  supplierChoices: { pk: SETTINGS_PARTITION, skPrefix: SK_PREFIX.supplier },
  contacts: (userId: string) => ({ pk: `${PARTITION_PREFIXES.user}${userId}`, skPrefix: SK_PREFIX.contact }),
  savedDecoders: (userId: string) => ({ pk: `${PARTITION_PREFIXES.user}${userId}`, skPrefix: SK_PREFIX.decoder }),
  beneficiaries: (userId: string) => ({ pk: `${PARTITION_PREFIXES.user}${userId}`, skPrefix: SK_PREFIX.beneficiary }),
  referrals: (userId: string) => ({ pk: `${PARTITION_PREFIXES.user}${userId}`, skPrefix: SK_PREFIX.referral }),
  webhookDeliveries: (userId: string) => ({ pk: `${PARTITION_PREFIXES.user}${userId}`, skPrefix: SK_PREFIX.webhookLog }),
  /** Sales totals between two days (inclusive): `sk BETWEEN from AND to`. */
  salesDays: (fromDay: string, toDay: string) => ({
    pk: STATS_PARTITION,
    from: `${SK_PREFIX.salesDay}${fromDay}#`,
    to: `${SK_PREFIX.salesDay}${toDay}#\uffff`,
  }),
  walletTotals: { pk: STATS_PARTITION, skPrefix: SK_PREFIX.walletTotal },
  /** A user's listing counters between two days (either open), every group: `sk BETWEEN from AND to`. */
  userListingDays: (userId: string, fromDay: string | undefined, toDay: string | undefined) => ({
    pk: `${PARTITION_PREFIXES.user}${userId}`,
    from: `${SK_PREFIX.listingDay}${fromDay ?? ''}`,
    to: `${SK_PREFIX.listingDay}${toDay ?? '\uffff'}#\uffff`,
  }),
  /** A user's all-time listing counters, every group (and the one item of before groups, `LISTALL` itself). */
  userListingAllTime: (userId: string) => ({ pk: `${PARTITION_PREFIXES.user}${userId}`, skPrefix: LISTING_ALL_TIME }),
  /** One platform shard's all-time listing counters, every type and group. */
  platformListingAllTime: (shard: number) => ({ pk: `${PLATFORM_LISTING_PARTITION}${shard}`, skPrefix: `${LISTING_ALL_TIME}#` }),
  /** One platform shard's listing counters between two days (either open), every type. */
  platformListingDays: (shard: number, fromDay: string | undefined, toDay: string | undefined) => ({
    pk: `${PLATFORM_LISTING_PARTITION}${shard}`,
    from: `${SK_PREFIX.listingDay}${fromDay ?? ''}`,
    to: `${SK_PREFIX.listingDay}${toDay ?? '\uffff'}#\uffff`,
  }),
} as const;
