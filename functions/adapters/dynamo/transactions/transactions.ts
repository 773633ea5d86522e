/**
 * Transaction repository: the stored shape of a transaction record, status changes that move no
 * money (claims, success, pending, re-query marks) and the listings. Balance changes live in
 * ledger.ts, which writes records through `transactionItem` from here.
 *
 * Every status change is a conditional update on the current status, so concurrent deliveries,
 * sweepers and refunds cannot both win.
 */
import { QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { wholePhoneNumber } from '../../../../shared/api/common.js';
import type { TransactionStatus, TransactionType } from '../../../../shared/constants.js';
import { TRANSACTION_LISTING_ATTRIBUTES } from '../../../../shared/table.js';
import { isOpen } from '../../../domain/purchases/purchase-state.js';
import {
  deliveryReading,
  isPurchase,
  isUnexpandedBatch,
  listingFigures,
  MAX_KEPT_REQUERIES,
  type SupplierAttempt,
  type TransactionRecord,
} from '../../../domain/transactions/transactions.js';
import type { OpenTransactionRef, SettleSuccessInput, TransactionFilter, TransactionStore } from '../../../domain/transactions/transactions-port.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { conditionalUpdate, conditionalUpdateReturning } from '../conditional-writes.js';
import { stored, TRANSACTION_ENTITY } from '../items.js';
import { GSI, INDEX, keys, listingQuery, openEntryOf, openListing, openPayoutListing, platformTransactionListing, userListing } from '../keys.js';
import { batchGetItems } from '../batch-get.js';
import { boundedAttempt, readTransactionWithAttempts, recordAttempts } from '../purchases/supplier-attempts.js';
import { collect, paginate, queryAll, queryItems } from '../paginate.js';
import { countersAsRead, listingDayRanges, listingDaysQuery, readPlatformListingDays, readUserListingDays, writeStatusChange } from './listing-aggregates.js';
import {
  bucketMatches,
  countersMovedSince,
  extendMatchSpan,
  filterDays,
  listingTotals,
  matchSpanBounds,
  sumBuckets,
  type ListingTotals,
  type MatchSpan,
} from '../../../domain/transactions/listing-aggregates.js';

/** The stored item of a record: keys, listing attributes, and the open-index attributes while an open purchase or withdrawal. */
export function transactionItem(record: TransactionRecord): Record<string, unknown> {
  // Whether it is counted is where it is stored (below), never an attribute of its own.
  // No number served (funding, transfer, coupon…): no `phone_number`, as the byPhoneNumber index takes
  // no empty key (a put with one would be refused); it reads back as ''. Records stored earlier with ''
  // stay out of the index, and DynamoDB refuses any write to them while it exists: the listing backfill
  // removes it from those it re-keys; no other writer updates them (only purchases and withdrawals are
  // updated, and they always serve a number or an account).
  const { uncounted: _storedAsItsKey, phone_number, ...fields } = record;
  return {
    ...fields,
    ...(phone_number === '' ? {} : { phone_number }),
    ...keys.transaction(record.id),
    entity: TRANSACTION_ENTITY,
    ...userListing(record.userId, record.createdAt, record.id),
    ...platformTransactionListing(record.createdAt, record.id),
    // Open purchases (and bulk batches whose lines are not all written) for the sweeper; open withdrawals in their own partition for the payout sweeper.
    ...((isOpen(record.trans_Status) && isPurchase(record.trans_Type)) || isUnexpandedBatch(record) ? openListing(record.createdAt, record.id) : {}),
    ...(isOpen(record.trans_Status) && record.trans_Type === 'withdrawal' ? openPayoutListing(record.createdAt, record.id) : {}),
  };
}

/** For other areas holding raw items (e.g. the session's recent transactions): the record (its reader's view is the domain's). */
export function transactionOfItem(item: Record<string, unknown>): TransactionRecord {
  return stored.transaction.read(item);
}

/** `REMOVE` clause that takes a purchase (or withdrawal) out of the sweepers' sparse index. */
export const REMOVE_OPEN_LISTING = `REMOVE ${GSI.byOpenSinceKeys.partitionKey}, ${GSI.byOpenSinceKeys.sortKey}`;

/** A transaction as stored, with a purchase's supplier attempts (kept beside it: supplier-attempts.ts). */
export const getTransaction = (id: string): Promise<TransactionRecord | undefined> => readTransactionWithAttempts(id);

const OPEN_VALUES = { ':processing': 'processing', ':pending': 'pending' } as const;

/**
 * `SET` clause appending `:attempts` to the record's own attempts: the reading of the answer a delivery
 * is settled on, written with its status (`deliveryReading`: the record stays under 1 KB, one write unit).
 */
const ATTEMPTS_APPENDED = 'attempts = list_append(if_not_exists(attempts, :noAttempts), :attempts)';
const deliveryReadings = (attempts: readonly SupplierAttempt[]) => attempts.map(deliveryReading);
const attemptValues = (attempts: readonly SupplierAttempt[]) => ({ ':noAttempts': [], ':attempts': deliveryReadings(attempts) });
const STILL_OPEN = 'trans_Status IN (:processing, :pending)';

/** Attributes a listing shows or filters on: what the listing's indexes project (shared/table.ts). */
const LISTING_ATTRIBUTES = TRANSACTION_LISTING_ATTRIBUTES;

/** One index partition, newest first, within the filter's time bounds (as a range of the sort key). */
function indexRange(index: keyof typeof GSI, partition: string, filter: Pick<TransactionFilter, 'fromIso' | 'toIso'>) {
  const indexKeys = GSI[index];
  const names: Record<string, string> = { '#pk': indexKeys.partitionKey };
  if (filter.fromIso || filter.toIso) names['#sk'] = indexKeys.sortKey;
  const values: Record<string, unknown> = { ':pk': partition };
  let keyCondition = '#pk = :pk';
  if (filter.fromIso && filter.toIso) {
    keyCondition += ' AND #sk BETWEEN :from AND :to';
    values[':from'] = listingQuery.sortFrom(filter.fromIso);
    values[':to'] = listingQuery.sortTo(filter.toIso);
  } else if (filter.fromIso) {
    keyCondition += ' AND #sk >= :from';
    values[':from'] = listingQuery.sortFrom(filter.fromIso);
  } else if (filter.toIso) {
    keyCondition += ' AND #sk <= :to';
    values[':to'] = listingQuery.sortTo(filter.toIso);
  }
  return { KeyConditionExpression: keyCondition, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

/**
 * What listingQueryInput's filter expression keeps, for records read by key: a whole number's
 * (byPhoneNumber holds keys only, so its records are read from the table and kept here). The type,
 * status and user type rules are the counters' own (`bucketMatches`), which the totals already follow.
 */
function matchesListing(item: Item, filter: TransactionFilter, owner: string | undefined): boolean {
  if (item.entity !== TRANSACTION_ENTITY) return false;
  if (owner !== undefined && item.userId !== owner) return false;
  const bucket = {
    type: item.trans_Type as TransactionType,
    status: item.trans_Status as TransactionStatus,
    network: '',
    userType: String(item.userType ?? ''),
  };
  return bucketMatches(bucket, filter);
}

/** One index partition's records matching the filter, newest first. */
function listingQueryInput(index: 'byUserCreatedAt' | 'byKindCreatedAt', partition: string, filter: TransactionFilter): QueryCommandInput {
  const range = indexRange(index, partition, filter);
  const names: Record<string, string> = { ...range.ExpressionAttributeNames, '#entity': 'entity' };
  const values: Record<string, unknown> = { ...range.ExpressionAttributeValues, ':entity': TRANSACTION_ENTITY };
  const conditions = ['#entity = :entity'];
  const equal = (attribute: string, value: string | undefined) => {
    if (value === undefined) return;
    names[`#${attribute}`] = attribute;
    values[`:${attribute}`] = value;
    conditions.push(`#${attribute} = :${attribute}`);
  };
  // The view shows a withdrawal as type wallet, pending while open (transaction-labels.ts): the filters match what is shown.
  if (filter.type === 'wallet') {
    names['#trans_Type'] = 'trans_Type';
    Object.assign(values, { ':wallet': 'wallet', ':withdrawal': 'withdrawal' });
    conditions.push('#trans_Type IN (:wallet, :withdrawal)');
  } else equal('trans_Type', filter.type);
  if (filter.status === 'pending') {
    Object.assign(names, { '#trans_Status': 'trans_Status', '#trans_Type': 'trans_Type' });
    Object.assign(values, { ':pending': 'pending', ':processing': 'processing', ':withdrawal': 'withdrawal' });
    conditions.push('(#trans_Status = :pending OR (#trans_Status = :processing AND #trans_Type = :withdrawal))');
  } else equal('trans_Status', filter.status);
  equal('userType', filter.userType);
  if (filter.phoneNumber) {
    names['#phone'] = 'phone_number';
    values[':phone'] = filter.phoneNumber;
    conditions.push('contains(#phone, :phone)');
  }
  const projectionNames = Object.fromEntries(LISTING_ATTRIBUTES.map((attribute, i) => [`#p${i}`, attribute]));
  return {
    TableName: tableName(),
    IndexName: INDEX[index],
    KeyConditionExpression: range.KeyConditionExpression,
    FilterExpression: conditions.join(' AND '),
    ProjectionExpression: Object.keys(projectionNames).join(', '),
    ExpressionAttributeNames: { ...names, ...projectionNames },
    ExpressionAttributeValues: values,
    ScanIndexForward: false,
  };
}

type Item = Record<string, unknown>;
/** An item's place in a listing: its index sort key (`createdAt#id`), rebuilt from the projected attributes. */
const listingOrder = (item: Item) => `${String(item.createdAt)}#${String(item.id)}`;
const newestFirst = (a: Item, b: Item) => (listingOrder(a) < listingOrder(b) ? 1 : listingOrder(a) > listingOrder(b) ? -1 : 0);

/** Every record of one or more index partitions (the platform's shards), newest first. */
async function listRecords(inputs: QueryCommandInput[]): Promise<TransactionRecord[]> {
  const partitions = await Promise.all(inputs.map((input) => queryAll(input)));
  const items = inputs.length > 1 ? partitions.flat().sort(newestFirst) : partitions.flat();
  return items.map((item) => stored.transaction.read(item));
}

/** Where each open partition's next page starts: after the last entry handed out, or done. */
type OpenCursor = Record<string, Record<string, unknown> | typeof OPEN_PARTITION_DONE>;
const OPEN_PARTITION_DONE = 'done';

/**
 * One page of open purchases, oldest first, across the shards each read oldest first: the `limit`
 * oldest of what was read, and a cursor that starts each shard after the last of its entries handed
 * out (the rest are read again next page). Undefined cursor once every shard is read to its end.
 */
function oldestOpenAcross(
  pages: { partition: string; items: Item[]; more: boolean }[],
  started: OpenCursor,
  limit: number,
): { items: OpenTransactionRef[]; cursor?: string } {
  const sortKey = (item: Item) => String(item[GSI.byOpenSinceKeys.sortKey]);
  const taken = pages
    .flatMap(({ partition, items }) => items.map((item) => ({ partition, item })))
    .sort((a, b) => (sortKey(a.item) < sortKey(b.item) ? -1 : sortKey(a.item) > sortKey(b.item) ? 1 : 0))
    .slice(0, limit);
  const next: OpenCursor = { ...started };
  for (const { partition, items, more } of pages) {
    const mine = taken.filter((entry) => entry.partition === partition);
    if (mine.length === items.length && !more) next[partition] = OPEN_PARTITION_DONE;
    else if (mine.length > 0) next[partition] = mine[mine.length - 1]!.item;
  }
  const finished = listingQuery.openPurchasePartitions().every((partition) => next[partition] === OPEN_PARTITION_DONE);
  return {
    items: taken.map(({ item }) => {
      const entry = openEntryOf(item);
      return { id: entry.id, openSince: entry.since };
    }),
    ...(finished ? {} : { cursor: encodeCursor(next) }),
  };
}

const encodeCursor = (key: Record<string, unknown> | undefined) => (key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined);
const decodeCursor = (cursor: string | undefined) =>
  cursor ? (JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Record<string, unknown>) : undefined;

/**
 * The index queries of a listing: every matching record (a part of a phone number, cut days), or
 * from the newest up to a page. A part of a number (a substring, `contains`) has no index: it reads
 * every record of the listing's scope that matches the rest of the filter.
 */
function listingInputs(userId: string | undefined, filter: TransactionFilter): QueryCommandInput[] {
  return userId === undefined
    ? listingQuery.platformTransactionPartitions().map((partition) => listingQueryInput('byKindCreatedAt', partition, filter))
    : [listingQueryInput('byUserCreatedAt', listingQuery.userPartition(userId), filter)];
}

/**
 * A whole phone number's records, newest first: the keys of its own partition of byPhoneNumber (the
 * index keeps keys only, so a record's updates never write to it), then those records from the table.
 * A user's listing keeps the user's among them. The cost is that number's history, not the platform's.
 */
async function wholeNumberRecords(number: string, filter: TransactionFilter, owner: string | undefined): Promise<TransactionRecord[]> {
  const indexed = await queryAll({
    TableName: tableName(),
    IndexName: INDEX.byPhoneNumber,
    ...indexRange('byPhoneNumber', listingQuery.phonePartition(number), filter),
    ScanIndexForward: false,
  });
  const items = await batchGetItems(
    indexed.map((item) => ({ pk: item.pk, sk: item.sk })),
    { attributes: LISTING_ATTRIBUTES, consistent: true },
  );
  return items.filter((item) => matchesListing(item, filter, owner)).map((item) => stored.transaction.read(item));
}

/** The filter's phone number when it is a whole one (it has its own index), else undefined. */
const wholeNumberOf = (filter: TransactionFilter) => (filter.phoneNumber === undefined ? undefined : wholePhoneNumber(filter.phoneNumber));

/** Every record of a listing's scope matching the filter, newest first. */
function matchingRecords(userId: string | undefined, filter: TransactionFilter): Promise<TransactionRecord[]> {
  const number = wholeNumberOf(filter);
  if (number !== undefined) return wholeNumberRecords(number, { ...filter, phoneNumber: undefined }, userId);
  return listRecords(listingInputs(userId, filter));
}

/**
 * Totals from the counters over the filter's whole days, plus the records of the days its bounds cut.
 * A phone-number filter has no counters: its totals are summed from its records (a whole number's: its own index).
 */
async function readListingTotals(userId: string | undefined, filter: TransactionFilter): Promise<ListingTotals> {
  if (filter.phoneNumber) {
    const records = await matchingRecords(userId, filter);
    return { count: records.length, figures: listingFigures(records) };
  }
  const days = filterDays(filter.fromIso, filter.toIso);
  const [items, ...cut] = await Promise.all([
    !days.wholeDays ? [] : userId === undefined ? readPlatformListingDays(days.wholeDays) : readUserListingDays(userId, days.wholeDays),
    ...days.partial.map((range) => listRecords(listingInputs(userId, { ...filter, ...range }))),
  ]);
  return listingTotals(sumBuckets(items, cut.flat()), filter);
}

/** Items read per request while a type/status/user-type filter skips some: a few requests even when matches are sparse. */
const FILTERED_READ = 200;

/** Newest first across partitions each read newest first: a partition is read further only when its next item is the newest left. */
async function* newestAcross(partitions: AsyncGenerator<Item>[], order: (a: Item, b: Item) => number = newestFirst): AsyncGenerator<Item> {
  const heads = await Promise.all(partitions.map((partition) => partition.next()));
  for (;;) {
    let newest: number | undefined;
    heads.forEach((head, i) => {
      if (!head.done && (newest === undefined || order(head.value, heads[newest]!.value as Item) < 0)) newest = i;
    });
    if (newest === undefined) return;
    yield heads[newest]!.value as Item;
    heads[newest] = await partitions[newest]!.next();
  }
}

/**
 * Day counter items read by the first request while looking for the days that hold a filter's
 * matches (about a month of a user's days), each next request four times more: a frequent filter
 * finds its page in the first, a rare one deep in the history in a few.
 */
const DAY_COUNTERS_FIRST_READ = 32;
const DAY_COUNTERS_MAX_READ = 2048;

/** A Query's items, each page asking for four times the last (from `first` up to `max`). */
function growingPages(input: QueryCommandInput, first: number, max: number): AsyncGenerator<Item> {
  let Limit = first;
  return paginate((ExclusiveStartKey) => {
    const page = db().send(new QueryCommand({ ...input, Limit, ExclusiveStartKey }));
    Limit = Math.min(Limit * 4, max);
    return page;
  });
}

/** Day counter items, newest day first: their sort keys start with the day. */
const newestDayFirst = (a: Item, b: Item) => (String(a.sk) < String(b.sk) ? 1 : String(a.sk) > String(b.sk) ? -1 : 0);

/**
 * A type/status/user-type filter kept to the days that hold its newest `wanted` matches, by the day
 * counters of the listing's scope read newest day first (decision 93 (docs/decisions/0093-*)): the user's (exact at
 * once, like the records) or the platform's shards (seconds behind, as the admin's count already is,
 * decision 92). A rare match deep in the history then costs the day counters above it and its own
 * day's records, not every record above it. The filter as it is when its bounds cut days (those
 * counters count records outside them) or when no day counter holds a match (a record not yet counted).
 */
async function keptToMatchingDays(userId: string | undefined, filter: TransactionFilter, wanted: number): Promise<TransactionFilter> {
  const days = filterDays(filter.fromIso, filter.toIso);
  if (days.partial.length > 0 || !days.wholeDays) return filter;
  const { fromDay, toDay } = days.wholeDays;
  const partitions = listingDayRanges(userId, fromDay, toDay).map((range) =>
    growingPages(listingDaysQuery(range, 'newest first'), DAY_COUNTERS_FIRST_READ, DAY_COUNTERS_MAX_READ),
  );
  let span: MatchSpan = { found: 0 };
  for await (const item of newestAcross(partitions, newestDayFirst)) {
    span = extendMatchSpan(span, [item], filter, wanted);
    if (span.found >= wanted) break;
  }
  const bounds = matchSpanBounds(span);
  return bounds ? { ...filter, ...bounds } : filter;
}

/**
 * Reads the index newest first only as far as the page: page N costs N pages of keys, whatever
 * the history. The platform's shard partitions are read together, each about its share at a time,
 * and merged newest first.
 */
async function readListingPage(
  userId: string | undefined,
  filter: TransactionFilter,
  page: number,
  pageSize: number,
  matching?: number,
): Promise<TransactionRecord[]> {
  const skipped = (Math.max(1, page) - 1) * pageSize;
  // Never more than match: a filter's read stops after its last match instead of reading on to the oldest record.
  const wanted = Math.min(skipped + pageSize, matching ?? Infinity);
  if (wanted <= skipped) return [];
  if (wholeNumberOf(filter) !== undefined) {
    return (await matchingRecords(userId, filter)).slice(skipped, skipped + pageSize);
  }
  const bucketFiltered = filter.type !== undefined || filter.status !== undefined || filter.userType !== undefined;
  const kept = matching !== undefined && bucketFiltered ? await keptToMatchingDays(userId, filter, wanted) : filter;
  const inputs = listingInputs(userId, kept);
  const filtered = bucketFiltered || filter.phoneNumber !== undefined;
  const share = Math.ceil(wanted / inputs.length) + (inputs.length > 1 ? pageSize / 4 : 0);
  const Limit = filtered ? Math.max(share, Math.ceil(FILTERED_READ / inputs.length)) : share;
  const items = await collect(newestAcross(inputs.map((input) => queryItems({ ...input, Limit }))), wanted);
  return items.slice(skipped).map((item) => stored.transaction.read(item));
}

export const dynamoTransactions: TransactionStore = {
  get: getTransaction,

  claimSubmission: async (id, supplier, now) => {
    const claimed = await conditionalUpdateReturning({
      TableName: tableName(),
      Key: keys.transaction(id),
      // No attribute a listing shows (not even updatedAt): the listing's indexes project only those, so
      // the claim rewrites no index entry (shared/table.ts).
      UpdateExpression: 'SET submittedAt = :now, supplier = :supplier, submittedTo = :submittedTo',
      ConditionExpression: 'attribute_exists(pk) AND trans_Status = :processing AND attribute_not_exists(submittedAt)',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':supplier': supplier, ':submittedTo': [supplier], ':processing': 'processing' },
    });
    return claimed && stored.transaction.read(claimed);
  },

  async switchSupplier(id, from, to, failed, now) {
    await recordAttempts(id, [failed]);
    return conditionalUpdate({
      TableName: tableName(),
      Key: keys.transaction(id),
      UpdateExpression: 'SET supplier = :to, submittedTo = list_append(if_not_exists(submittedTo, :empty), :toList), updatedAt = :now',
      // Never hand a purchase to a supplier twice, whatever the caller believes.
      ConditionExpression: 'trans_Status = :processing AND supplier = :from AND NOT contains(submittedTo, :to)',
      ExpressionAttributeValues: {
        ':to': to,
        ':toList': [to],
        ':from': from,
        ':empty': [],
        ':now': now.toISOString(),
        ':processing': 'processing',
      },
    });
  },

  async settleSuccess(purchase, input: SettleSuccessInput) {
    const id = purchase.id;
    const now = input.now.toISOString();
    // No settledAt: a delivery's settlement is its record's last change, so its updatedAt says when
    // (every reader takes `settledAt ?? updatedAt`; a later refund or reversal writes both), and the
    // 33 bytes keep the record under 1 KB.
    const sets = ['trans_Status = :success', 'supplier = :supplier', 'profitKobo = :profit', 'updatedAt = :now'];
    const values: Record<string, unknown> = {
      ...OPEN_VALUES,
      ':success': 'success',
      ':supplier': input.supplier,
      ':profit': input.profitKobo,
      ':now': now,
    };
    if (input.supplierReference !== undefined) {
      sets.push('apiResponseId = :reference');
      values[':reference'] = input.supplierReference;
    }
    if (input.apiResponse !== undefined) {
      sets.push('apiResponse = :apiResponse');
      values[':apiResponse'] = input.apiResponse;
    }
    if (input.electricity !== undefined) {
      sets.push('electricity = :electricity');
      values[':electricity'] = input.electricity;
    }
    if (input.bill !== undefined) {
      sets.push('bill = :bill');
      values[':bill'] = input.bill;
    }
    const asRead = countersAsRead(purchase);
    // ONE UpdateItem: final once (a redelivered settlement fails the still-open condition), with the
    // reading of the answer it is settled on appended to the record in the same write, so no settled
    // purchase lacks it and nothing is written apart. The reading, not the whole answer: an airtime
    // record then stays under 1 KB and this write costs 1 unit, not 2. The listing's indexes project no
    // attempts. The counters and the platform's figures follow from the stream (this change of status),
    // not from this write.
    const settled = await conditionalUpdate({
      TableName: tableName(),
      Key: keys.transaction(id),
      UpdateExpression: `SET ${[...sets, ...(input.attempts.length > 0 ? [ATTEMPTS_APPENDED] : [])].join(', ')} ${REMOVE_OPEN_LISTING}`,
      // The record as the caller holds it: still open, in the status it was read in (or not yet counted).
      ConditionExpression: `${STILL_OPEN} AND ${asRead.condition}`,
      ExpressionAttributeValues: { ...values, ...asRead.values, ...(input.attempts.length > 0 ? attemptValues(input.attempts) : {}) },
    });
    if (!settled) {
      // Still open but moved (processing → pending, or counted by the backfill) since the caller read it: settle what it is now.
      const current = await getTransaction(id);
      if (!current) return undefined;
      if (isOpen(current.trans_Status) && countersMovedSince(purchase, current)) return dynamoTransactions.settleSuccess(current, input);
      // Settled elsewhere: the answer is still kept, beside the record (not again, when a redelivered settlement brought it).
      const kept = current.attempts ?? [];
      const sameAttempt = (a: SupplierAttempt, b: SupplierAttempt) => a.at === b.at && a.supplier === b.supplier && a.kind === b.kind;
      await recordAttempts(
        id,
        input.attempts.filter((attempt) => !kept.some((other) => sameAttempt(attempt, other))),
      );
      return undefined;
    }
    // The purchase as this write left it, without reading it back (its settled event comes from the stream).
    return {
      ...purchase,
      trans_Status: 'success' as const,
      attempts: [...(purchase.attempts ?? []), ...deliveryReadings(input.attempts)],
      supplier: input.supplier,
      profitKobo: input.profitKobo,
      updatedAt: now,
      ...(input.supplierReference !== undefined ? { apiResponseId: input.supplierReference } : {}),
      ...(input.apiResponse !== undefined ? { apiResponse: input.apiResponse } : {}),
      ...(input.electricity !== undefined ? { electricity: input.electricity } : {}),
      ...(input.bill !== undefined ? { bill: input.bill } : {}),
    };
  },

  // The caller names the purchase only: it is read for the listing's counters (an ambiguous answer is rare).
  async markPending(id, attempts, now, supplierReference) {
    await recordAttempts(id, attempts);
    return (
      (await writeStatusChange(id, getTransaction, (before) =>
        before.trans_Status !== 'processing'
          ? undefined
          : {
              update: {
                TableName: tableName(),
                Key: keys.transaction(id),
                UpdateExpression: `SET trans_Status = :pending, pendingSince = :now, updatedAt = :now${
                  supplierReference === undefined ? '' : ', apiResponseId = :reference'
                }`,
                ConditionExpression: 'trans_Status = :processing',
                ExpressionAttributeValues: {
                  ...OPEN_VALUES,
                  ':now': now.toISOString(),
                  ...(supplierReference === undefined ? {} : { ':reference': supplierReference }),
                },
              },
            },
      )) !== undefined
    );
  },

  claimRequery: (id, previous, now) =>
    conditionalUpdate({
      TableName: tableName(),
      Key: keys.transaction(id),
      UpdateExpression: 'SET lastRequeriedAt = :now, requeryCount = if_not_exists(requeryCount, :zero) + :one',
      ConditionExpression: `${STILL_OPEN} AND ${previous === undefined ? 'attribute_not_exists(lastRequeriedAt)' : 'lastRequeriedAt = :previous'}`,
      ExpressionAttributeValues: {
        ...OPEN_VALUES,
        ':now': now.toISOString(),
        ':zero': 0,
        ':one': 1,
        ...(previous === undefined ? {} : { ':previous': previous }),
      },
    }),

  async recordInconclusiveRequery(id, attempt) {
    let appended;
    try {
      appended = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.transaction(id),
          UpdateExpression: 'SET requeries = list_append(if_not_exists(requeries, :empty), :attempt)',
          ConditionExpression: STILL_OPEN,
          ExpressionAttributeValues: { ...OPEN_VALUES, ':empty': [], ':attempt': [boundedAttempt(attempt)] },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) return;
      throw error;
    }
    const length = stored.requeries.read(appended.Attributes ?? {}, keys.transaction(id)).requeries?.length ?? 0;
    const excess = length - MAX_KEPT_REQUERIES;
    if (excess <= 0) return;
    // Drop the oldest. If another append came in between, the sizes differ and the next append trims all the excess.
    await conditionalUpdate({
      TableName: tableName(),
      Key: keys.transaction(id),
      UpdateExpression: `REMOVE ${Array.from({ length: excess }, (_, i) => `requeries[${i}]`).join(', ')}`,
      ConditionExpression: 'size(requeries) = :length',
      ExpressionAttributeValues: { ':length': length },
    });
  },

  markEnqueued: (id, now, cutoff) =>
    conditionalUpdate({
      TableName: tableName(),
      Key: keys.transaction(id),
      UpdateExpression: 'SET lastEnqueuedAt = :now',
      // An unclaimed purchase, or a bulk batch whose lines are not all written (its status is the debit's: success).
      ConditionExpression:
        '((trans_Status = :processing AND attribute_not_exists(submittedAt)) OR (trans_Type = :bulk AND attribute_not_exists(expandedAt))) AND (attribute_not_exists(lastEnqueuedAt) OR lastEnqueuedAt < :cutoff)',
      ExpressionAttributeValues: { ':processing': 'processing', ':bulk': 'bulk', ':now': now.toISOString(), ':cutoff': cutoff.toISOString() },
    }),

  async listOpen(limit, cursor, window = {}) {
    const { notBefore, notAfter } = window;
    const range = notBefore && notAfter ? ' AND #sk BETWEEN :from AND :to' : notBefore ? ' AND #sk >= :from' : notAfter ? ' AND #sk <= :to' : '';
    const started = (decodeCursor(cursor) ?? {}) as OpenCursor;
    const pages = await Promise.all(
      listingQuery
        .openPurchasePartitions()
        .filter((partition) => started[partition] !== OPEN_PARTITION_DONE)
        .map(async (partition) => {
          const page = await db().send(
            new QueryCommand({
              TableName: tableName(),
              IndexName: INDEX.byOpenSinceKeys,
              KeyConditionExpression: `#pk = :open${range}`,
              ExpressionAttributeNames: { '#pk': GSI.byOpenSinceKeys.partitionKey, ...(range ? { '#sk': GSI.byOpenSinceKeys.sortKey } : {}) },
              ExpressionAttributeValues: {
                ':open': partition,
                ...(notBefore ? { ':from': listingQuery.sortFrom(notBefore.toISOString()) } : {}),
                ...(notAfter ? { ':to': listingQuery.sortTo(notAfter.toISOString()) } : {}),
              },
              ScanIndexForward: true,
              Limit: limit,
              ExclusiveStartKey: started[partition] as Record<string, unknown> | undefined,
            }),
          );
          return { partition, items: page.Items ?? [], more: page.LastEvaluatedKey !== undefined };
        }),
    );
    return oldestOpenAcross(pages, started, limit);
  },

  listForUser: (userId, filter) => matchingRecords(userId, filter),

  listAll: (filter) => matchingRecords(undefined, filter),

  listingTotals: readListingTotals,

  async latestChangeAt(userId) {
    const { Items = [] } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: INDEX.byUserCreatedAt,
        KeyConditionExpression: '#pk = :pk',
        ProjectionExpression: 'updatedAt',
        ExpressionAttributeNames: { '#pk': GSI.byUserCreatedAt.partitionKey },
        ExpressionAttributeValues: { ':pk': listingQuery.userPartition(userId) },
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    const at = Items[0]?.updatedAt;
    return typeof at === 'string' ? at : undefined;
  },

  listingPage: readListingPage,
};
