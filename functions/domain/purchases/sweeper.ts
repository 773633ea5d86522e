/**
 * The sweeper (scheduled): heals purchases left open.
 *  - `processing` and never claimed, older than staleProcessingMs: its hand-off from the table's
 *    stream to the fulfilment queue failed every retry, or the message was dead-lettered →
 *    re-enqueue (at most once per window, by a conditional mark, so two sweepers send once).
 *  - `pending`, or `processing` with a claim older than claimStaleMs (the fulfilment died during
 *    or after the supplier call) → re-query the supplier it was submitted to: delivered → success,
 *    definite failure → refund, still ambiguous → leave it (lastRequeriedAt bumped).
 * Every change is conditional on the status, so concurrent sweepers and consumers cannot both win.
 * It also empties the upgrade outbox: a paid upgrade whose UserUpgraded event did not reach the
 * bus (the publish after the upgrade failed) is published again; the referral-reward consumer pays
 * once per referred user, so a duplicate (published, then the mark failed) is harmless.
 */
import type { UserUpgraded } from '../../../shared/events.js';
import type { FulfilmentQueue } from './messaging-port.js';
import { forEachConcurrently } from '../concurrently.js';
import { upgradedEvent, type UnpublishedUpgrade } from '../accounts/profile.js';
import { isOpen } from './purchase-state.js';
import { applyRequery, attemptOf, requeryAt, type SettlementDeps } from './settlement.js';
import type { Logger } from '../logger.js';
import { requeryOutcome } from './suppliers.js';
import { isUnexpandedBatch, type TransactionRecord } from '../transactions/transactions.js';

export interface SweeperSettings {
  /** Unclaimed `processing` older than this is re-enqueued. */
  staleProcessingMs: number;
  /** `pending` is re-queried once this long has passed since the last look. */
  requeryAfterMs: number;
  /** Claimed `processing` older than this is re-queried; also the grace before "unknown to the supplier" is final. */
  claimStaleMs: number;
  /** Older than this, a purchase is left for an admin. */
  maxPendingAgeMs: number;
  pageSize: number;
  /** Upper bound of purchases looked at per run. */
  maxItems: number;
  concurrency: number;
  /** A purchase open longer than this, and still open after its sweep, counts in the report's `openTooLong`. */
  openTooLongMs?: number;
}

export interface SweeperDeps extends SettlementDeps {
  queue: FulfilmentQueue;
  log: Logger;
  /** Stop starting new work after this moment (the function's own deadline). */
  deadline?: Date;
}

export type SweepAction = 'reenqueued' | 'success' | 'refunded' | 'marked_pending' | 'still_pending' | 'skipped' | 'settled_elsewhere';

export interface SweepReport {
  examined: number;
  actions: Record<SweepAction, number>;
  errors: number;
  /** Purchases looked at that were open longer than `openTooLongMs` and still are (0 without that setting). */
  openTooLong: number;
}

const ms = (iso: string | undefined) => (iso ? Date.parse(iso) : Number.NaN);

function latest(...isos: (string | undefined)[]): number {
  return Math.max(...isos.map(ms).filter((t) => !Number.isNaN(t)), 0);
}

/**
 * A bulk batch whose lines are not all written (its consumer's message was lost or failed): handed to
 * the consumer again once stale, at most once per window; the expansion writes only what is missing.
 */
async function sweepBatch(batch: TransactionRecord, deps: SweeperDeps, settings: SweeperSettings): Promise<SweepAction> {
  const now = deps.now();
  const ageMs = now.getTime() - ms(batch.createdAt);
  if (ageMs < settings.staleProcessingMs) return 'skipped';
  if (!(await deps.transactions.markEnqueued(batch.id, now, new Date(now.getTime() - settings.staleProcessingMs)))) return 'skipped';
  await deps.queue.enqueue(batch.id, { purchase: { type: 'bulk', network: batch.trans_Network } });
  deps.log.info('re-enqueued a bulk batch whose lines were not all written', { transactionId: batch.id, ageMs });
  return 'reenqueued';
}

export async function sweepOne(id: string, deps: SweeperDeps, settings: SweeperSettings): Promise<SweepAction> {
  const purchase = await deps.transactions.get(id);
  if (purchase && isUnexpandedBatch(purchase)) return sweepBatch(purchase, deps, settings);
  if (!purchase || !isOpen(purchase.trans_Status)) return 'skipped';
  const now = deps.now();
  const ageMs = now.getTime() - ms(purchase.createdAt);

  if (purchase.trans_Status === 'processing' && !purchase.submittedAt) {
    if (ageMs < settings.staleProcessingMs) return 'skipped';
    const cutoff = new Date(now.getTime() - settings.staleProcessingMs);
    if (!(await deps.transactions.markEnqueued(id, now, cutoff))) return 'skipped';
    await deps.queue.enqueue(id);
    deps.log.info('re-enqueued a stranded purchase', { transactionId: id, ageMs });
    return 'reenqueued';
  }

  if (ageMs > settings.maxPendingAgeMs) return 'skipped';
  const sinceLastLookMs =
    purchase.trans_Status === 'processing'
      ? now.getTime() - latest(purchase.submittedAt, purchase.lastRequeriedAt)
      : now.getTime() - latest(purchase.submittedAt, purchase.pendingSince, purchase.lastRequeriedAt);
  const threshold = purchase.trans_Status === 'processing' ? settings.claimStaleMs : settings.requeryAfterMs;
  if (sinceLastLookMs < threshold) return 'skipped';

  const supplier = purchase.supplier ? await deps.suppliers.byName(purchase.supplier) : undefined;
  if (!supplier) {
    deps.log.error('open purchase names no known supplier; needs an admin', { transactionId: id, supplier: purchase.supplier });
    return 'skipped';
  }
  if (!(await deps.transactions.claimRequery(id, purchase.lastRequeriedAt, now))) return 'skipped';

  const result = await requeryAt(supplier, purchase);
  const submittedAgeMs = now.getTime() - latest(purchase.submittedAt, purchase.createdAt);
  const outcome = requeryOutcome(result, submittedAgeMs, settings.claimStaleMs);
  const attempt = attemptOf(result, 'requery', deps.now(), outcome);
  deps.log.info('re-queried', { transactionId: id, supplier: supplier.name, outcome, reason: result.reason });

  return applyRequery(purchase, result, attempt, deps);
}

export async function sweepOpenPurchases(deps: SweeperDeps, settings: SweeperSettings): Promise<SweepReport> {
  const report: SweepReport = {
    examined: 0,
    actions: { reenqueued: 0, success: 0, refunded: 0, marked_pending: 0, still_pending: 0, skipped: 0, settled_elsewhere: 0 },
    errors: 0,
    openTooLong: 0,
  };
  let cursor: string | undefined;
  const pastDeadline = () => deps.deadline !== undefined && deps.now().getTime() >= deps.deadline.getTime();
  do {
    const now = deps.now().getTime();
    // Younger than the shortest threshold, a purchase cannot need anything yet (sweepOne would skip
    // it): not reading those keeps a busy queue's backlog from costing a read per purchase per run.
    const youngestActionableMs = Math.min(settings.staleProcessingMs, settings.requeryAfterMs, settings.claimStaleMs);
    const page = await deps.transactions.listOpen(settings.pageSize, cursor, {
      notBefore: new Date(now - settings.maxPendingAgeMs),
      notAfter: new Date(now - youngestActionableMs),
    });
    cursor = page.cursor;
    await forEachConcurrently(page.items, settings.concurrency, async (ref) => {
      // Past the deadline or the limit, the rest of the page is left for the next run.
      if (pastDeadline() || report.examined >= settings.maxItems) return;
      report.examined++;
      try {
        const action = await sweepOne(ref.id, deps, settings);
        report.actions[action]++;
        if (isOpenTooLong(ref.openSince, action, deps.now(), settings)) report.openTooLong++;
      } catch (error) {
        report.errors++;
        deps.log.error('sweeping a purchase failed; next run retries', { transactionId: ref.id, error: String(error) });
      }
    });
  } while (cursor && !pastDeadline() && report.examined < settings.maxItems);
  return report;
}

/** Settled, or found final, by this sweep: no longer open. `skipped` also covers an open purchase not due yet. */
const CLOSED_BY_SWEEP: ReadonlySet<SweepAction> = new Set(['success', 'refunded', 'settled_elsewhere']);

function isOpenTooLong(openSince: string, action: SweepAction, now: Date, settings: SweeperSettings): boolean {
  if (settings.openTooLongMs === undefined || CLOSED_BY_SWEEP.has(action)) return false;
  return now.getTime() - ms(openSince) > settings.openTooLongMs;
}

// ---------------------------------------------------------------------------------------------
// The upgrade outbox

/** Upgrades written with an outbox entry (adapters/dynamo/profile.ts), until their event is published. */
export interface UpgradeOutbox {
  listUnpublished(limit: number, upgradedBefore: Date): Promise<UnpublishedUpgrade[]>;
  markPublished(userId: string, now: Date): Promise<void>;
}

export interface OutboxDeps {
  outbox: UpgradeOutbox;
  publishUpgraded(detail: UserUpgraded): Promise<void>;
  now(): Date;
  log: Logger;
}

export interface OutboxSettings {
  /** Younger entries are left to the request that wrote them (it publishes right after the upgrade). */
  graceMs: number;
  /** Upper bound of entries per run; the rest wait for the next run. */
  maxItems: number;
}

/** Publishes UserUpgraded for every upgrade still in the outbox, then takes it out. */
export async function republishUpgrades(deps: OutboxDeps, settings: OutboxSettings): Promise<{ republished: number; errors: number }> {
  const report = { republished: 0, errors: 0 };
  const pending = await deps.outbox.listUnpublished(settings.maxItems, new Date(deps.now().getTime() - settings.graceMs));
  for (const upgrade of pending) {
    try {
      await deps.publishUpgraded(upgradedEvent(upgrade));
      await deps.outbox.markPublished(upgrade.userId, deps.now());
      report.republished++;
      deps.log.info('re-published UserUpgraded from the outbox', { userId: upgrade.userId, transactionId: upgrade.transactionId });
    } catch (error) {
      report.errors++;
      deps.log.error('re-publishing UserUpgraded failed; next run retries', { userId: upgrade.userId, error: String(error) });
    }
  }
  return report;
}
