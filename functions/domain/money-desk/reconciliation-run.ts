/**
 * A reconciliation run of one supplier's Lagos day, as pages: the start reads the day's balances and
 * fans the work out, one message per shard of our submissions and one for the supplier's own listing;
 * each page is a bounded read (PAGE_SIZE submissions, their purchases, their re-queries) that
 * adds its counts to the run's head once and queues its next page. No function ever holds a
 * whole day: 100,000 purchases are 2,000 pages over RECONCILIATION_SHARDS shards
 * (docs/decisions/0122-*).
 */
import type { Kobo } from '../../../shared/money.js';
import type { FloatStore } from './floats-port.js';
import {
  chargedOverDay,
  classify,
  lagosDayStart,
  RECONCILIATION_CLASSES,
  RECONCILIATION_SHARDS,
  type OurSide,
  type ReconciliationClass,
  type TheirSide,
} from './reconciliation.js';
import type { Discrepancy, PageFindings, ReconciliationQueue, ReconciliationStore, ReconciliationWork, ReportHead, Submission } from './reconciliation-port.js';
import type { SupplierCallResult, SupplierGateway, SupplierListedCharge } from '../purchases/suppliers-port.js';
import { isOpen } from '../purchases/purchase-state.js';
import type { TransactionRecord } from '../transactions/transactions.js';

/** Submissions one page reads (and re-queries, a few at a time). */
export const PAGE_SIZE = 50;
const REQUERIES_AT_ONCE = 5;

export interface ReconciliationDeps {
  store: ReconciliationStore;
  floats: Pick<FloatStore, 'hours' | 'hourBefore' | 'topUps'>;
  queue: ReconciliationQueue;
  purchases: { getMany(ids: readonly string[]): Promise<TransactionRecord[]> };
  suppliers: { byName(name: string): Promise<SupplierGateway | undefined> };
  newRunId(): string;
  now(): Date;
}

const zeroCounts = (): Record<ReconciliationClass, number> =>
  Object.fromEntries(RECONCILIATION_CLASSES.map((kind) => [kind, 0])) as Record<ReconciliationClass, number>;

/** Starts (or starts again: the new run replaces the old one's counts) the run of a supplier's day: one message. */
export async function requestRun(supplier: string, day: string, deps: Pick<ReconciliationDeps, 'queue' | 'newRunId'>): Promise<string> {
  const runId = deps.newRunId();
  await deps.queue.send([{ kind: 'start', supplier, day, runId }]);
  return runId;
}

/** The day's balances from the float's hours: the closing before the day, the day's last closing, the recorded top-ups. */
async function balancesOf(supplier: string, day: string, deps: ReconciliationDeps) {
  const start = lagosDayStart(day);
  const end = new Date(Date.parse(start) + 23 * 3_600_000).toISOString();
  const [before, hours, topUps] = await Promise.all([
    deps.floats.hourBefore(supplier, start),
    deps.floats.hours(supplier, start, end),
    deps.floats.topUps(supplier, day, day),
  ]);
  const openingKobo = before?.closingKobo ?? hours[0]?.openingKobo ?? null;
  const closingKobo = hours.at(-1)?.closingKobo ?? before?.closingKobo ?? null;
  const topUpsKobo = topUps.reduce((sum, topUp) => sum + topUp.amountKobo, 0);
  const chargedKobo = openingKobo === null || closingKobo === null ? null : chargedOverDay({ openingKobo, topUpsKobo, closingKobo });
  return { openingKobo, closingKobo, topUpsKobo, chargedKobo };
}

export async function startRun(work: Extract<ReconciliationWork, { kind: 'start' }>, deps: ReconciliationDeps): Promise<ReportHead> {
  const gateway = await deps.suppliers.byName(work.supplier);
  const listing = gateway?.history !== undefined;
  const head: ReportHead = {
    supplier: work.supplier,
    day: work.day,
    runId: work.runId,
    startedAt: deps.now().toISOString(),
    ...(await balancesOf(work.supplier, work.day, deps)),
    deliveredCostKobo: 0,
    counts: zeroCounts(),
    pagesPending: RECONCILIATION_SHARDS + (listing ? 1 : 0),
  };
  await deps.store.startRun(head);
  const pages: ReconciliationWork[] = Array.from({ length: RECONCILIATION_SHARDS }, (_, shard) => ({
    kind: 'shard' as const,
    supplier: work.supplier,
    day: work.day,
    runId: work.runId,
    shard,
  }));
  if (listing) pages.push({ kind: 'listing', supplier: work.supplier, day: work.day, runId: work.runId });
  await deps.queue.send(pages);
  return head;
}

/** Our side of a submission, for the supplier it was submitted to. */
export function ourSide(purchase: TransactionRecord | undefined, supplier: string): OurSide {
  if (!purchase) return { kind: 'none' };
  if (isOpen(purchase.trans_Status)) return purchase.supplier === supplier ? { kind: 'open' } : { kind: 'not_delivered' };
  if (purchase.trans_Status === 'success' && purchase.supplier === supplier) return { kind: 'delivered', costKobo: purchase.costKobo ?? purchase.amountKobo };
  return { kind: 'not_delivered' };
}

/** The supplier's side from its re-query. */
export function theirSide(result: SupplierCallResult): TheirSide {
  if (result.outcome === 'delivered') return { kind: 'charged', ...(result.chargedKobo === undefined ? {} : { chargedKobo: result.chargedKobo }) };
  if (result.outcome === 'failed') return result.reason === 'not_found' ? { kind: 'unknown_to_them' } : { kind: 'not_charged' };
  return /^status_|code_099/.test(result.reason) ? { kind: 'open' } : { kind: 'no_answer' };
}

/** Checks one submission: our record against the supplier's re-query. */
async function check(
  submission: Submission,
  purchase: TransactionRecord | undefined,
  gateway: SupplierGateway | undefined,
  runId: string,
  deps: Pick<ReconciliationDeps, 'now'>,
) {
  const ours = ourSide(purchase, submission.supplier);
  let theirs: TheirSide = { kind: 'no_answer' };
  let result: SupplierCallResult | undefined;
  if (gateway) {
    result = await gateway
      .requery({
        requestId: submission.requestId,
        placedAt: submission.placedAt,
        // Submissions are listed when the purchase is handed over, before any answer: the supplier's own
        // id, where it gave one, is on the purchase it delivered or left open.
        supplierReference: submission.supplierReference ?? (purchase?.supplier === submission.supplier ? purchase.apiResponseId : undefined),
        service: submission.service === 'bill' ? undefined : submission.service,
      })
      .catch(() => undefined);
    if (result) theirs = theirSide(result);
  }
  const verdict = classify(ours, theirs);
  const discrepancy: Discrepancy | undefined =
    verdict.kind === 'matched'
      ? undefined
      : {
          supplier: submission.supplier,
          day: '',
          runId,
          requestId: submission.requestId,
          kind: verdict.kind,
          note: verdict.note,
          ourStatus: purchase?.trans_Status ?? null,
          ourCostKobo: purchase?.costKobo ?? null,
          theirChargeKobo: theirs.kind === 'charged' ? (theirs.chargedKobo ?? null) : null,
          userName: purchase?.trans_UserName ?? null,
          amountKobo: purchase?.amountKobo ?? null,
          checkedAt: deps.now().toISOString(),
        };
  return { kind: verdict.kind, deliveredCostKobo: ours.kind === 'delivered' ? ours.costKobo : 0, discrepancy };
}

async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}

export type PageResult = 'added' | 'done_before' | 'run_replaced';

/** One page of a shard of our submissions. */
export async function reconcileShardPage(work: Extract<ReconciliationWork, { kind: 'shard' }>, deps: ReconciliationDeps): Promise<PageResult> {
  const head = await deps.store.head(work.day, work.supplier);
  if (!head || head.runId !== work.runId) return 'run_replaced';
  const page = await deps.store.submissionsPage(work.supplier, work.day, work.shard, work.cursor, PAGE_SIZE);
  const purchases = new Map((await deps.purchases.getMany(page.items.map((item) => item.requestId))).map((purchase) => [purchase.id, purchase]));
  const gateway = await deps.suppliers.byName(work.supplier);
  const checked = await inBatches(page.items, REQUERIES_AT_ONCE, (submission) =>
    check(submission, purchases.get(submission.requestId), gateway, work.runId, deps),
  );
  // Only discrepancies are written: the report shows those of the head's run, so a former one now matched simply drops out.
  await Promise.all(checked.flatMap(({ discrepancy }) => (discrepancy ? [deps.store.putDiscrepancy({ ...discrepancy, day: work.day })] : [])));
  const findings: PageFindings = { counts: {}, deliveredCostKobo: 0, pagesDelta: (page.next ? 1 : 0) - 1 };
  for (const { kind, deliveredCostKobo } of checked) {
    findings.counts[kind] = (findings.counts[kind] ?? 0) + 1;
    findings.deliveredCostKobo += deliveredCostKobo;
  }
  const added = await deps.store.addPage(work.day, work.supplier, work.runId, `shard-${work.shard}-${work.cursor ?? 'first'}`, findings);
  if (added === 'added' && page.next) await deps.queue.send([{ ...work, cursor: page.next }]);
  return added;
}

/**
 * One page of the supplier's own listing: a charge whose request id is none of our purchases is
 * money the supplier took with no purchase of ours (supplier-only). The charges of our purchases
 * are the shards' to check, by re-query.
 */
export async function reconcileListingPage(work: Extract<ReconciliationWork, { kind: 'listing' }>, deps: ReconciliationDeps): Promise<PageResult> {
  const head = await deps.store.head(work.day, work.supplier);
  if (!head || head.runId !== work.runId) return 'run_replaced';
  const gateway = await deps.suppliers.byName(work.supplier);
  const page = (await gateway?.history?.(work.day, work.cursor)) ?? { charges: [] as SupplierListedCharge[] };
  const charged = page.charges.filter((charge) => charge.status === 'charged');
  const ours = new Set(
    (await deps.purchases.getMany(charged.flatMap((charge) => (charge.requestId ? [charge.requestId] : [])))).map((purchase) => purchase.id),
  );
  const orphans = charged.filter((charge) => !(charge.requestId && ours.has(charge.requestId)));
  await Promise.all(
    orphans.map((charge) =>
      deps.store.putDiscrepancy({
        supplier: work.supplier,
        day: work.day,
        runId: work.runId,
        requestId: charge.requestId ?? `ref:${charge.supplierReference}`,
        kind: 'supplier-only',
        note: 'charged by the supplier with no purchase of ours',
        ourStatus: null,
        ourCostKobo: null,
        theirChargeKobo: charge.chargedKobo ?? null,
        userName: null,
        amountKobo: null,
        checkedAt: deps.now().toISOString(),
      }),
    ),
  );
  const findings: PageFindings = {
    counts: orphans.length ? { 'supplier-only': orphans.length } : {},
    deliveredCostKobo: 0,
    pagesDelta: (page.next ? 1 : 0) - 1,
  };
  const added = await deps.store.addPage(work.day, work.supplier, work.runId, `listing-${work.cursor ?? 'first'}`, findings);
  if (added === 'added' && page.next) await deps.queue.send([{ ...work, cursor: page.next }]);
  return added;
}

export function runWork(work: ReconciliationWork, deps: ReconciliationDeps): Promise<unknown> {
  switch (work.kind) {
    case 'start':
      return startRun(work, deps);
    case 'shard':
      return reconcileShardPage(work, deps);
    case 'listing':
      return reconcileListingPage(work, deps);
  }
}

export type ItemActionResult =
  | { kind: 'not_found' }
  | { kind: 'already_resolved' }
  | { kind: 'rechecked'; now: ReconciliationClass }
  | { kind: 'resolved' }
  | { kind: 'not_settleable' }
  | { kind: 'settled'; reversedKobo: Kobo }
  | { kind: 'flagged'; reason: string };

/** What a purchase was submitted as, so its re-query asks the supplier's right service (a charge with no purchase: airtime). */
export function submittedServiceOf(purchase: Pick<TransactionRecord, 'trans_Type'> | undefined): Submission['service'] {
  switch (purchase?.trans_Type) {
    case 'data':
    case 'electricity':
    case 'epin':
      return purchase.trans_Type;
    case 'cable':
    case 'exam':
    case 'service':
      return 'bill';
    default:
      return 'airtime';
  }
}

/** "Re-query now": the one item checked again at once; matched drops it from the report. */
export async function recheckDiscrepancy(day: string, supplier: string, requestId: string, deps: ReconciliationDeps): Promise<ItemActionResult> {
  const item = await deps.store.discrepancy(day, supplier, requestId);
  if (!item) return { kind: 'not_found' };
  // A flag (the wallet was short when settling) is not final: the item may be checked again.
  if (item.resolution && item.resolution.action !== 'flagged') return { kind: 'already_resolved' };
  const [purchase] = await deps.purchases.getMany([requestId]);
  const submission: Submission = {
    supplier,
    requestId,
    submittedAt: item.checkedAt,
    service: submittedServiceOf(purchase),
    placedAt: purchase?.createdAt,
    supplierReference: purchase?.apiResponseId,
  };
  const checked = await check(submission, purchase, await deps.suppliers.byName(supplier), item.runId, deps);
  if (checked.discrepancy) await deps.store.putDiscrepancy({ ...checked.discrepancy, day });
  else await deps.store.dropDiscrepancy(day, supplier, requestId);
  return { kind: 'rechecked', now: checked.kind };
}

/** "Mark resolved" with the admin's reason (the HTTP layer audits the action with its body). */
export async function resolveDiscrepancy(
  day: string,
  supplier: string,
  requestId: string,
  reason: string,
  by: string,
  deps: Pick<ReconciliationDeps, 'store' | 'now'>,
): Promise<ItemActionResult> {
  const item = await deps.store.discrepancy(day, supplier, requestId);
  if (!item) return { kind: 'not_found' };
  const done = await deps.store.resolve(day, supplier, requestId, { reason, by, at: deps.now().toISOString(), action: 'resolved' });
  return done ? { kind: 'resolved' } : { kind: 'already_resolved' };
}
