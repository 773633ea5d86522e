/**
 * The platform's figures summed off the request path (decision 46 (docs/decisions/0046-*)). A user's write keeps
 * only its own items (wallet, records, the user's listing counters); the items every user's writes
 * would share — the platform's listing counters, the sales figures and the wallet total — move
 * from the table's stream: each change of a transaction record, with its image before and after,
 * gives the same increments the writer used to add in its own write, and a batch's increments are
 * summed per item before they are written.
 */
import type { Kobo } from '../../../shared/money.js';
import { HOUSE_USER_ID } from '../wallet/house-account.js';
import { isOpen } from '../purchases/purchase-state.js';
import { mergeDeltas, refundDeltas, refundReversalDeltas, saleDeltas, type StatDelta } from '../back-office/sales-stats.js';
import type { TransactionRecord } from './transactions.js';

/** One change of a transaction record as the stream carries it. */
export interface RecordImages {
  before: TransactionRecord | undefined;
  after: TransactionRecord;
}

/**
 * The change the platform's listing counters follow. Writers move no counters for a record not yet
 * counted; the backfill counts it, as it then stands, in the write that moves it out of the legacy
 * partition (uncounted before, counted after): that write adds its whole contribution.
 */
export function platformListingChange({ before, after }: RecordImages): RecordImages {
  return before?.uncounted && !after.uncounted ? { before: undefined, after } : { before, after };
}

/**
 * The sales figures a record's change moves: a purchase that became `success` adds its sale (on
 * the day it was placed); one that became `refunded` adds a refund on its refund's day and takes
 * back a sale it had. Anything else moves nothing, so a change seen twice only counts through the
 * consumer's own once-only rule.
 */
export function statDeltasOf({ before, after }: RecordImages): StatDelta[] {
  if (!before || before.trans_Status === after.trans_Status) return [];
  if (after.trans_Status === 'success' && isOpen(before.trans_Status)) return saleDeltas(after, after.profitKobo ?? 0);
  if (after.trans_Status === 'refunded') return refundDeltas(before, new Date(after.settledAt ?? after.updatedAt));
  // A refund taken back (settled as delivered): the sale it now is, and its refund undone.
  if (after.trans_Status === 'success' && before.trans_Status === 'refunded') return refundReversalDeltas(before, after);
  return [];
}

/**
 * What a record's creation moved the customers' wallets by (the house account left out): every
 * balance change writes the record that explains it, with the balance before and after.
 */
export function walletChangeOf({ before, after }: RecordImages): Kobo {
  if (before || after.userId === HOUSE_USER_ID) return 0;
  return after.balanceAfterKobo - after.balanceBeforeKobo;
}

/** A batch's sales deltas, one per day × product × network × shard. */
export const batchStatDeltas = (changes: readonly RecordImages[]): StatDelta[] => mergeDeltas(changes.flatMap(statDeltasOf));
