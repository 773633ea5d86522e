/**
 * The listing backfill (decision 43 (docs/decisions/0043-*)): brings the records written before the listing's
 * counters into them, once each, safely while the functions keep writing.
 *
 * A record still under the legacy platform listing key is not yet counted. Per record, ONE
 * UpdateItem moves it to its shard of the platform listing (`platformTransactionListing`); the
 * counters — the user's and the platform's — add its contribution as it stands from the stream, which
 * sees it go from uncounted to counted (domain/platform-counters.ts). The write is conditional on it still being uncounted and unchanged
 * since it was read (status and `updatedAt`). A refused write is read again: counted meanwhile (a
 * second backfill) → nothing to do; changed (a settlement) → counted as it now is. Writers leave
 * an uncounted record's counters alone, on the condition that it is still uncounted (domain
 * `aggregateDeltas`, `countersAsRead`), so whichever of the two writes first, the record is counted
 * once, from the status it ends in.
 *
 * The legacy records are found through the index partition they are all in (only those are read,
 * not the table); each is then read strongly consistently, as the index may lag.
 */
import { forEachConcurrently } from '../../../domain/concurrently.js';
import type { TransactionRecord } from '../../../domain/transactions/transactions.js';
import { tableName } from '../client.js';
import { conditionalUpdate } from '../conditional-writes.js';
import { GSI, INDEX, keys, listingQuery, platformTransactionListing } from '../keys.js';
import { queryItems } from '../paginate.js';
import { getTransaction } from './transactions.js';

export type BackfillOutcome = { kind: 'counted' } | { kind: 'already_counted' } | { kind: 'skipped'; reason: string };

export interface BackfillSummary {
  /** Legacy index entries looked at. */
  examined: number;
  /** Records counted and moved to their shard (in a dry run: that would be). */
  counted: number;
  /** Counted already when read (a concurrent or earlier pass, or an index entry that lagged behind). */
  alreadyCounted: number;
  /** Left uncounted: gone, or kept changing through every attempt. A later pass takes them again. */
  skipped: number;
}

export interface BackfillOptions {
  /** Read and report only: nothing is written. */
  dryRun?: boolean;
  /** Records worked on at once (default 8). */
  concurrency?: number;
  /** Index entries read per page (default 100); progress is reported after each. */
  pageSize?: number;
  /** Tries per record whose writes keep refusing it because it changed (default 10). */
  attempts?: number;
  onProgress?: (summary: BackfillSummary) => void;
  onSkipped?: (id: string, reason: string) => void;
}

const DEFAULT_ATTEMPTS = 10;

/**
 * One try on a record read moments ago: its contribution added and its index key moved to its
 * shard, if it is still uncounted and unchanged. 'moved' when it no longer is as read.
 */
export async function countAsRead(read: TransactionRecord): Promise<'counted' | 'moved'> {
  // The counters add it as it is now from the stream (uncounted before this write, counted after).
  return (await conditionalUpdate(backfillRecordUpdate(read))) ? 'counted' : 'moved';
}

/**
 * The record's part of the pass: its platform listing key moved to its shard, if still uncounted
 * and as read. A record that serves no number loses its `phone_number` of '' too: an index key
 * may not be empty, and while `byPhoneNumber` exists DynamoDB refuses any write that leaves one
 * (records written since store none).
 */
export function backfillRecordUpdate(read: TransactionRecord, table = tableName()) {
  const index = GSI.byKindCreatedAt;
  const listing = platformTransactionListing(read.createdAt, read.id);
  const servesNoNumber = read.phone_number === '';
  return {
    TableName: table,
    Key: keys.transaction(read.id),
    UpdateExpression: `SET #listingPk = :shard, #listingSk = :sort${servesNoNumber ? ' REMOVE #phone' : ''}`,
    ConditionExpression: '#listingPk = :uncounted AND trans_Status = :status AND updatedAt = :updatedAt',
    ExpressionAttributeNames: {
      '#listingPk': index.partitionKey,
      '#listingSk': index.sortKey,
      ...(servesNoNumber ? { '#phone': GSI.byPhoneNumber.partitionKey } : {}),
    },
    ExpressionAttributeValues: {
      ':shard': listing[index.partitionKey],
      ':sort': listing[index.sortKey],
      ':uncounted': listingQuery.legacyPlatformTransactionPartition,
      ':status': read.trans_Status,
      ':updatedAt': read.updatedAt,
    },
  };
}

/** Counts one record once: read, count as read, and on refusal read again (counted meanwhile, or changed). */
export async function countRecord(id: string, options: Pick<BackfillOptions, 'dryRun' | 'attempts'> = {}): Promise<BackfillOutcome> {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const record = await getTransaction(id);
    if (!record) return { kind: 'skipped', reason: 'not found' };
    if (!record.uncounted) return { kind: 'already_counted' };
    if (options.dryRun) return { kind: 'counted' };
    if ((await countAsRead(record)) === 'counted') return { kind: 'counted' };
  }
  return { kind: 'skipped', reason: `changed on each of ${attempts} attempts` };
}

/** The ids under the legacy platform listing key, oldest first (index entries, so possibly a moment behind). */
function legacyIds(pageSize: number): AsyncGenerator<Record<string, unknown>> {
  return queryItems({
    TableName: tableName(),
    IndexName: INDEX.byKindCreatedAt,
    KeyConditionExpression: '#pk = :uncounted',
    ProjectionExpression: '#id',
    ExpressionAttributeNames: { '#pk': GSI.byKindCreatedAt.partitionKey, '#id': 'id' },
    ExpressionAttributeValues: { ':uncounted': listingQuery.legacyPlatformTransactionPartition },
    Limit: pageSize,
  });
}

/**
 * One pass over every record not yet counted. Safe to run again, or twice at once: each record is
 * counted once. Records an old version of a function writes meanwhile are legacy too; a pass
 * started after every function runs this version leaves none.
 */
export async function backfillListing(options: BackfillOptions = {}): Promise<BackfillSummary> {
  const pageSize = options.pageSize ?? 100;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const summary: BackfillSummary = { examined: 0, counted: 0, alreadyCounted: 0, skipped: 0 };
  const count = async (id: string) => {
    let outcome: BackfillOutcome;
    try {
      outcome = await countRecord(id, options);
    } catch (error) {
      // Throttled or conflicting through every retry: left for the next pass, which counts it then.
      outcome = { kind: 'skipped', reason: error instanceof Error ? error.message : String(error) };
    }
    if (outcome.kind === 'counted') summary.counted++;
    else if (outcome.kind === 'already_counted') summary.alreadyCounted++;
    else {
      summary.skipped++;
      options.onSkipped?.(id, outcome.reason);
    }
  };
  let page: string[] = [];
  const flush = async () => {
    summary.examined += page.length;
    const ids = page;
    page = [];
    await forEachConcurrently(ids, concurrency, count);
    options.onProgress?.({ ...summary });
  };
  for await (const item of legacyIds(pageSize)) {
    page.push(String(item.id));
    if (page.length >= pageSize) await flush();
  }
  if (page.length > 0) await flush();
  return summary;
}
