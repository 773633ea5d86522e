/**
 * Bulk purchases (decisions 82–86). Placing one: every line is priced as its
 * single purchase would be, all at once (any refused line refuses the batch, each one named); then
 * ONE atomic write debits the wallet for the total and puts the batch's record, which carries the
 * priced lines, with the request_id as its id (a replay finds it). Nothing else is on the request
 * path: a TransactWriteItems holds at most 100 items, so the lines cannot be written with the debit.
 * The batch's insert reaches the fulfilment queue through the table's stream, and its consumer
 * expands it: each line's purchase record is put with a deterministic id, conditionally, so a
 * redelivery creates nothing twice; then the batch is marked expanded (until then the sweeper finds it
 * in the open index and hands it over again). From there each line is a purchase like any other: fulfilled,
 * re-queried, refunded (a credit of its own) and announced on its own.
 */
import type { BulkBatchView, BulkProduct } from '../../../shared/api/bulk.js';
import type { NetworkName } from '../../../shared/constants.js';
import { koboToNaira, type Kobo } from '../../../shared/money.js';
import type { AmountRefusal } from '../../../shared/pricing.js';
import { airtimeDraft, priceAirtime } from '../products/airtime.js';
import type { BulkDetails, BulkLineSpec } from './bulk-lines.js';
import { dataDraft, dataLockNames, pricePlanPurchase, type DataDraftDeps, type PlanRefusal } from '../products/data.js';
import { snapshotOf } from '../products/data-plans.js';
import { purchaseHead, type Buyer } from '../products/product.js';
import { bulkLineIdFor, derivedId, transactionIdForRequest } from '../ids.js';
import type { WalletState } from '../wallet/ledger.js';
import { isOpen } from './purchase-state.js';
import { post, type Posted, type PurchaseDeps } from './purchases.js';
import type { Logger } from '../logger.js';
import type { TransactionDraft, TransactionRecord } from '../transactions/transactions.js';
import { viewFor, type TransactionReader } from '../transactions/transaction-views.js';

export interface BulkBuyer extends Omit<Buyer, 'toSavedContact'> {
  /** The wallet as read with the caller's profile. */
  knownWallet?: WalletState;
  /** The buyer's saved contact numbers, as read with their profile (absent: unknown, each line's record leaves it to the outbox). */
  savedContactNumbers?: readonly string[];
}

export interface BulkAirtimeLineInput {
  network: NetworkName;
  phoneNumber: string;
  faceValueKobo: Kobo;
}

export interface BulkDataLineInput {
  network: NetworkName;
  phoneNumber: string;
  planId: number;
}

/** Why one line was refused (the handler words it as the single purchase would). */
export type BulkLineRefusal = AmountRefusal | PlanRefusal;

export type BulkPurchaseResult =
  | { kind: 'accepted' | 'replayed'; batch: TransactionRecord }
  | { kind: 'invalid_lines'; lines: { line: number; reason: BulkLineRefusal }[] }
  | Exclude<Posted, { kind: 'accepted' | 'replayed' }>;

type Priced = { ok: true; spec: BulkLineSpec; lockNames: string[] } | { ok: false; reason: BulkLineRefusal };

const toContact = (buyer: BulkBuyer, phoneNumber: string) =>
  buyer.savedContactNumbers === undefined ? {} : { toSavedContact: buyer.savedContactNumbers.includes(phoneNumber) };

export async function placeBulkAirtime(
  buyer: BulkBuyer,
  requestId: string,
  lines: readonly BulkAirtimeLineInput[],
  deps: PurchaseDeps,
): Promise<BulkPurchaseResult> {
  const priced = lines.map((line): Priced => {
    const result = priceAirtime(line.faceValueKobo, buyer.userType);
    if (!result.ok) return { ok: false, reason: result.reason };
    const { faceValueKobo, chargeKobo, costKobo } = result.price;
    return {
      ok: true,
      spec: { network: line.network, phoneNumber: line.phoneNumber, chargeKobo, costKobo, faceValueKobo, ...toContact(buyer, line.phoneNumber) },
      lockNames: [line.network],
    };
  });
  return placeBatch(buyer, requestId, 'airtime', priced, deps);
}

export async function placeBulkData(
  buyer: BulkBuyer,
  requestId: string,
  lines: readonly BulkDataLineInput[],
  deps: PurchaseDeps & DataDraftDeps,
): Promise<BulkPurchaseResult> {
  // Each plan is read once, however many lines name it.
  const plans = new Map(
    await Promise.all([...new Set(lines.map((l) => l.planId))].map(async (planId) => [planId, await deps.catalogue.getPlan(planId)] as const)),
  );
  const priced = lines.map((line): Priced => {
    const priced = pricePlanPurchase(plans.get(line.planId), line.network, buyer.userType);
    if (!priced.ok) return priced;
    const spec: BulkLineSpec = {
      network: line.network,
      phoneNumber: line.phoneNumber,
      ...priced.price,
      dataPlan: snapshotOf(priced.plan),
      ...toContact(buyer, line.phoneNumber),
    };
    return { ok: true, spec, lockNames: dataLockNames(line.network, priced.plan) };
  });
  return placeBatch(buyer, requestId, 'data', priced, deps);
}

/** The batch's debit: its lines' total, its id the request_id's, its services unlocked (read just before the write). */
async function placeBatch(buyer: BulkBuyer, requestId: string, product: BulkProduct, priced: Priced[], deps: PurchaseDeps): Promise<BulkPurchaseResult> {
  const refused = priced.flatMap((p, index) => (p.ok ? [] : [{ line: index + 1, reason: p.reason }]));
  if (refused.length) return { kind: 'invalid_lines', lines: refused };
  const accepted = priced as Extract<Priced, { ok: true }>[];
  const specs = accepted.map((p) => p.spec);
  const draft = batchDraft(buyer, transactionIdForRequest(buyer.userId, requestId), product, specs, deps.now().toISOString());
  const names = [...new Set(accepted.flatMap((p) => p.lockNames))];
  const posted = await post(draft, deps, { locks: { serviceType: product, names }, knownWallet: buyer.knownWallet });
  switch (posted.kind) {
    case 'accepted':
    case 'replayed':
      return { kind: posted.kind, batch: posted.record };
    case 'service_locked':
    case 'insufficient_balance':
    case 'exists_with_different_amount':
    case 'exists_with_different_details':
      return posted;
  }
}

export function batchDraft(buyer: Buyer, id: string, product: BulkProduct, lines: BulkLineSpec[], nowIso: string): TransactionDraft {
  const totalKobo = lines.reduce((sum, line) => sum + line.chargeKobo, 0);
  const drafts = lines.map((line, index) =>
    lineDraft({ id, userId: buyer.userId, trans_UserName: buyer.userName, userType: buyer.userType, createdAt: nowIso, bulk: { product, lines } }, line, index),
  );
  return {
    ...purchaseHead(buyer, id, nowIso),
    // The debit is done once written: each line's outcome is its own record's.
    trans_Status: 'success',
    trans_Type: 'bulk',
    trans_Network: product.toUpperCase(),
    phone_number: '',
    amountKobo: totalKobo,
    volume: `${lines.length} ${product} line${lines.length === 1 ? '' : 's'}`,
    description: `Bulk ${product}: ${lines.length} line${lines.length === 1 ? '' : 's'}`,
    // What the request_id stands for: every line's own fingerprint, in order.
    requestFingerprint: `bulk:${product}:${lines.length}:${derivedId(...drafts.map((d) => d.requestFingerprint ?? ''))}`,
    bulk: { product, lines },
  };
}

type BatchHead = Pick<TransactionRecord, 'id' | 'userId' | 'trans_UserName' | 'userType' | 'ownerWebhook' | 'createdAt'> & { bulk: BulkDetails };

/** Line `index` of a batch as its single purchase would be placed, linked to the batch. */
function lineDraft(batch: BatchHead, line: BulkLineSpec, index: number): TransactionDraft {
  const buyer: Buyer = {
    userId: batch.userId,
    userName: batch.trans_UserName,
    userType: batch.userType ?? 'smart earner',
    ...(batch.ownerWebhook === undefined ? {} : { ownerWebhook: batch.ownerWebhook }),
    ...(line.toSavedContact === undefined ? {} : { toSavedContact: line.toSavedContact }),
  };
  const id = bulkLineIdFor(batch.id, index);
  const draft =
    batch.bulk.product === 'data'
      ? dataDraft(
          buyer,
          id,
          { network: line.network, phoneNumber: line.phoneNumber, plan: line.dataPlan!, chargeKobo: line.chargeKobo, costKobo: line.costKobo },
          batch.createdAt,
        )
      : airtimeDraft(
          buyer,
          id,
          { network: line.network, phoneNumber: line.phoneNumber, faceValueKobo: line.faceValueKobo!, chargeKobo: line.chargeKobo, costKobo: line.costKobo },
          batch.createdAt,
        );
  return { ...draft, batchId: batch.id };
}

/**
 * Each line's purchase record as the batch's expansion writes it: in the order sent, `processing`,
 * its balance fields the batch's balance after (it moves no money: the batch paid it).
 */
export function lineRecordsOf(batch: TransactionRecord): TransactionRecord[] {
  const bulk = batch.bulk;
  if (batch.trans_Type !== 'bulk' || !bulk) return [];
  return bulk.lines.map((line, index) => ({
    ...lineDraft({ ...batch, bulk }, line, index),
    balanceBeforeKobo: batch.balanceAfterKobo,
    balanceAfterKobo: batch.balanceAfterKobo,
    walletSeq: batch.walletSeq,
  }));
}

/** The lines' records where the batch's consumer writes them. */
export interface BulkLineStore {
  /** Puts a line's record unless it exists: false when it already did (a redelivery). */
  createLine(record: TransactionRecord): Promise<boolean>;
  /** Every line is written: the batch leaves the sweeper's open index. */
  markExpanded(batchId: string, at: Date): Promise<void>;
  /** The stored records among these ids (a line not written yet is absent). */
  getLines(ids: readonly string[]): Promise<TransactionRecord[]>;
}

export interface ExpandDeps {
  transactions: { get(id: string): Promise<TransactionRecord | undefined> };
  bulkLines: Pick<BulkLineStore, 'createLine' | 'markExpanded'>;
  log: Logger;
  now(): Date;
}

export type ExpandResult = { kind: 'expanded'; created: number; existed: number } | { kind: 'not_a_batch' };

/**
 * The batch's consumer: puts every line's record that is not there yet. Safe to repeat (a redelivery,
 * or a crash halfway through, finishes what is missing and writes nothing twice); each record's insert
 * hands that line to fulfilment through the stream, as a single purchase's debit does.
 */
export async function expandBatch(batchId: string, deps: ExpandDeps): Promise<ExpandResult> {
  const batch = await deps.transactions.get(batchId);
  if (batch?.trans_Type !== 'bulk' || !batch.bulk) {
    deps.log.error('bulk expansion for a record that is no batch', { batchId, type: batch?.trans_Type });
    return { kind: 'not_a_batch' };
  }
  let created = 0;
  // One after another: every line moves the same listing counters of its owner.
  for (const line of lineRecordsOf(batch)) if (await deps.bulkLines.createLine(line)) created += 1;
  if (!batch.expandedAt) await deps.bulkLines.markExpanded(batch.id, deps.now());
  return { kind: 'expanded', created, existed: batch.bulk.lines.length - created };
}

/** The batch and its lines as they stand (a line not written yet shows as placed: `processing`), each line as the reader may read it. */
export function bulkBatchView(reader: TransactionReader, batch: TransactionRecord, stored: readonly TransactionRecord[]): BulkBatchView {
  const byId = new Map(stored.map((record) => [record.id, record]));
  const lines = lineRecordsOf(batch).map((placed) => byId.get(placed.id) ?? placed);
  const refundedLines = lines.filter((l) => l.trans_Status === 'refunded');
  const open = lines.filter((l) => isOpen(l.trans_Status)).length;
  return {
    id: batch.id,
    product: batch.bulk?.product ?? 'airtime',
    status: open > 0 ? 'processing' : 'done',
    lineCount: lines.length,
    total: koboToNaira(batch.amountKobo),
    delivered: lines.filter((l) => l.trans_Status === 'success').length,
    refunded: refundedLines.length,
    open,
    refundedAmount: koboToNaira(refundedLines.reduce((sum, l) => sum + l.amountKobo, 0)),
    createdAt: batch.createdAt,
    lines: lines.map((line) => viewFor(reader, line)),
  };
}

/** Ids of a batch's lines, in order. */
export const lineIdsOf = (batch: TransactionRecord): string[] => (batch.bulk?.lines ?? []).map((_, index) => bulkLineIdFor(batch.id, index));
