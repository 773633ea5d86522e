/**
 * The counters summed from the table's stream (rules in domain/platform-counters.ts): the listing's
 * — each user's own day and all-time items and the platform's shards — the sales figures and the
 * wallet-total shards. No request writes a counter: a user's filtered listing and counts follow their
 * records within the mapping's batching window (decision 129 (docs/decisions/0129-*)). A batch's changes
 * are summed per item and written in chunks, each ONE TransactWriteItems: a Put of the chunk's mark
 * (keyed by its first record — sequence number and event id, which no other shard's record shares —
 * `attribute_not_exists`, with a TTL) and the chunk's `ADD`s (and the money desk's float observations,
 * conditioned on time, left out of the write when a later one is kept). The batch's submissions to
 * suppliers are idempotent puts, one BatchWriteItem before the chunks (decision 137).
 * A chunk delivered again fails the mark's condition and adds nothing; the mark
 * tells how far that earlier delivery went, so a batch delivered again with more records after it
 * counts only those. This holds because the mapping delivers each shard's records in order, one
 * batch at a time, retrying a failed batch from its first record with the same records or more
 * after them, never fewer (no bisection, no partial responses: see the stack's counter mapping).
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { batchStatDeltas, platformListingChange, walletChangeOf, type RecordImages } from '../../../domain/transactions/platform-counters.js';
import { TABLE_KEYS } from '../../../../shared/table.js';
import { db, tableName } from '../client.js';
import { failedConditions } from '../conditions.js';
import { MAX_TRANSACT_ITEMS, type TransactItem } from '../conditional-writes.js';
import { keys } from '../keys.js';
import { counterUpdates } from './listing-aggregates.js';
import { retryOnConflict } from '../retry.js';
import { statItem, walletTotalItem, walletTotalShardOf } from './sales-stats.js';
import { moneyDeskItemsOf } from '../money-desk/profit-and-loss-counters.js';
import { moneyDeskFloatItemsOf, submissionItemsOf } from '../money-desk/books-from-stream.js';
import { batchPutItems } from '../batch-put.js';
import { isFloatObservationItem } from '../money-desk/floats.js';

/** A record change from the stream, with its position (in its shard) and the stream record's own id. */
export interface SequencedChange extends RecordImages {
  sequenceNumber: string;
  eventId: string;
}

/** A mark outlives the stream's 24 h retention: any redelivery still meets it. */
const MARK_TTL_SECONDS = 2 * 24 * 60 * 60;
/** Tries per chunk when other shards' consumers hold the same counters (TransactionConflict); then the batch fails and the mapping retries it. */
export const COUNTER_WRITE_ATTEMPTS = 8;

/** The counter updates a set of changes makes, one per item touched (zero sums left out). */
export function counterItemsOf(changes: readonly RecordImages[]): TransactItem[] {
  // A user's and the platform's listing counters move alike: from the images before and after.
  const listing = counterUpdates(changes.map(platformListingChange), 'all');
  const stats = batchStatDeltas(changes)
    .filter((delta) => delta.salesKobo || delta.profitKobo || delta.salesCount || delta.refundsKobo || delta.refundCount)
    .map(statItem);
  // The wallet total moves in one shard per chunk, not one per user: that of its first record to move a
  // wallet (the shard that record alone would use, so a chunk never needs an item its records did not).
  // Readers add the shards up; chunks of different records still spread over them.
  const walletKobo = changes.reduce((sum, change) => sum + walletChangeOf(change), 0);
  const mover = changes.find((change) => walletChangeOf(change) !== 0);
  const totals = walletKobo === 0 || !mover ? [] : [walletTotalItem(walletTotalShardOf(mover.after.id), walletKobo)];
  // The money desk's profit and loss and the tie-out's flows, in the same once-only write; and the floats
  // its answers observed (decision 135). Submissions are not sums: they are put apart (submissionItemsOf).
  return [...listing, ...stats, ...totals, ...moneyDeskItemsOf(changes), ...moneyDeskFloatItemsOf(changes)];
}

const keyOf = (item: TransactItem): string => {
  const key = (item.Update ?? item.Put?.Item) as { Key?: Record<string, unknown> } & Record<string, unknown>;
  const k = (key.Key ?? key) as Record<string, unknown>;
  return `${String(k.pk)}\u0000${String(k.sk)}`;
};

/** Splits changes, in order, into chunks whose counter updates fit in one transaction beside the mark. */
export function chunksOf(changes: readonly SequencedChange[]): { changes: SequencedChange[]; items: TransactItem[] }[] {
  return chunksOfCounted(changes.map((change) => ({ change, keys: counterItemsOf([change]).map(keyOf) })));
}

/** chunksOf over changes whose own counter keys are already known (each change's items are derived once per batch). */
function chunksOfCounted(counted: readonly { change: SequencedChange; keys: string[] }[]): { changes: SequencedChange[]; items: TransactItem[] }[] {
  const groups: SequencedChange[][] = [];
  let current: SequencedChange[] = [];
  let touched = new Set<string>();
  for (const { change, keys: own } of counted) {
    const union = new Set([...touched, ...own]);
    // One item of each transaction is the batch's mark.
    if (union.size > MAX_TRANSACT_ITEMS - 1 && current.length > 0) {
      groups.push(current);
      current = [change];
      touched = new Set(own);
    } else {
      current.push(change);
      touched = union;
    }
  }
  if (current.length) groups.push(current);
  return groups.map((group) => ({ changes: group, items: counterItemsOf(group) }));
}

const sequenceAfter = (sequenceNumber: string, than: string): boolean => BigInt(sequenceNumber) > BigInt(than);

const markKeyOf = (first: SequencedChange) => keys.countedBatch(`${first.sequenceNumber}#${first.eventId}`);

async function countedThrough(first: SequencedChange): Promise<string | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: markKeyOf(first), ConsistentRead: true }));
  return typeof Item?.lastSequenceNumber === 'string' ? Item.lastSequenceNumber : undefined;
}

/** Writes one chunk with its mark; false when the mark exists (an earlier delivery counted from this record). */
async function writeChunk(chunk: { changes: SequencedChange[]; items: TransactItem[] }, now: Date): Promise<boolean> {
  const first = chunk.changes[0]!.sequenceNumber;
  const last = chunk.changes[chunk.changes.length - 1]!.sequenceNumber;
  const mark: TransactItem = {
    Put: {
      TableName: tableName(),
      Item: {
        ...markKeyOf(chunk.changes[0]!),
        entity: 'CountedBatch',
        lastSequenceNumber: last,
        records: chunk.changes.length,
        [TABLE_KEYS.ttlAttribute]: Math.floor(now.getTime() / 1000) + MARK_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  let items = [mark, ...chunk.items];
  return retryOnConflict(
    async () => {
      for (;;) {
        try {
          await db().send(new TransactWriteCommand({ TransactItems: items }));
          return true;
        } catch (error) {
          const failed = failedConditions(error);
          if (failed?.includes(0)) return false;
          // A float that already holds a later observation (another shard's batch, the balance poll): this
          // chunk's is older and changes nothing there, so the chunk is written without it.
          if (!failed?.length || !failed.every((index) => isFloatObservationItem(items[index]!))) throw error;
          items = items.filter((_, index) => !failed.includes(index));
        }
      }
    },
    { attempts: COUNTER_WRITE_ATTEMPTS, what: `platform counters of stream records ${first}…${last}` },
  );
}

/**
 * Adds a batch's changes (in stream order) to the platform's counters, each change once however
 * often the batch is delivered. Throws when a chunk could not be written: the mapping retries the
 * batch, whose chunks already written are then skipped.
 */
export async function sumIntoCounters(changes: readonly SequencedChange[], now: Date = new Date()): Promise<{ chunks: number; skipped: number }> {
  // The batch's submissions first, put whole (the same again on a redelivery): a chunk is marked
  // counted only after its submissions are kept, so a batch retried after a failure misses none.
  await batchPutItems(submissionItemsOf(changes));
  // Each change's own counter keys, once: the chunks are cut from them again only after a skip.
  let pending = changes.map((change) => ({ change, keys: counterItemsOf([change]).map(keyOf) })).filter(({ keys }) => keys.length > 0);
  let chunks = 0;
  let skipped = 0;
  while (pending.length) {
    let written = 0;
    let skippedFrom: SequencedChange | undefined;
    for (const chunk of chunksOfCounted(pending)) {
      if (chunk.items.length > 0 && !(await writeChunk(chunk, now))) {
        skippedFrom = chunk.changes[0]!;
        break;
      }
      chunks++;
      written += chunk.changes.length;
    }
    pending = pending.slice(written);
    if (!skippedFrom) break;
    // Counted before, from this record through the mark's last: go on after it.
    const through = (await countedThrough(skippedFrom)) ?? skippedFrom.sequenceNumber;
    const rest = pending.filter(({ change }) => sequenceAfter(change.sequenceNumber, through));
    skipped += pending.length - rest.length;
    pending = rest;
  }
  return { chunks, skipped };
}
