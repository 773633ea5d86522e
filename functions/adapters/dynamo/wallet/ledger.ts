/**
 * The wallet ledger on DynamoDB. Every balance change is ONE TransactWriteItems:
 *   1. Update of the wallet, conditional on its sequence number (`seq = :expectedSeq`, and for a
 *      debit `balanceKobo >= :amount`), setting the new balance and seq + 1;
 *   2. Put of the transaction record with `attribute_not_exists(pk)`: its id is the idempotency key;
 *   3. optionally more conditional items that must change together with the money (the purchase
 *      a refund settles, the coupon a redemption uses up).
 *
 * Read wallet → plan (pure, domain/ledger.ts) → transact. When the wallet moved underneath us
 * (seq condition failed, or a TransactionConflict) we re-read and retry with jittered backoff,
 * a bounded number of times. When the record already exists, nothing moved, and the store says
 * so: what that answers (a replay or a mismatch) is the domain's rule (domain/posting.ts).
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { refundIdFor } from '../../../domain/ids.js';
import { chainLink, chainTime, planCredit, planDebit, type WalletChange, type WalletState } from '../../../domain/wallet/ledger.js';
import { isFinal } from '../../../domain/purchases/purchase-state.js';
import { countersMovedSince } from '../../../domain/transactions/listing-aggregates.js';
import type { TransactionDraft, TransactionRecord } from '../../../domain/transactions/transactions.js';
import type { Ledger, PartlyDelivered, RefundInput, RefundResult, WalletStore, WalletWriteResult } from '../../../domain/wallet/ledger-port.js';
import { ledgerOver } from '../../../domain/wallet/posting.js';
import { queueKnownOpen } from '../../../domain/wallet/wallet-group-commit.js';
import { crashPoint } from '../../crash-points.js';
import { auditPutsFor } from '../back-office/audit.js';
import { db, tableName } from '../client.js';
import { failedConditions } from '../conditions.js';
import type { TransactItem } from '../conditional-writes.js';
import { keys } from '../keys.js';
import { countersAsRead } from '../transactions/listing-aggregates.js';
import { retryOnConflict, retryStopAt } from '../retry.js';
import { lockedServiceOf } from '../purchases/settings.js';
import { queueClosedAt, readWallet, walletWrite } from './wallet-item.js';
import { writeThroughQueue } from './wallet-queue.js';
import {
  RETRY_AFTER_SECONDS,
  WALLET_QUEUE_BUDGET_MS,
  WALLET_WRITE_BACKOFF_BASE_MS,
  WALLET_WRITE_BACKOFF_CAP_MS,
  WALLET_WRITE_BUDGET_MS,
} from '../../../../shared/constants.js';
import { RetryLaterError } from '../../invocation.js';
import { boundedAttempt, recordAttempts } from '../purchases/supplier-attempts.js';
import { getTransaction, REMOVE_OPEN_LISTING, transactionItem } from '../transactions/transactions.js';

/** Attempts per balance change. With full-jitter backoff this absorbs dozens of concurrent writers on one wallet. */
export const WALLET_WRITE_MAX_ATTEMPTS = 40;

/** Other writers kept the wallet busy past the write's budget or its invocation's deadline: try again later (503). */
export class WalletContentionError extends RetryLaterError {
  override readonly walletBusy = true;

  constructor(userId: string, attempts: number, cause?: unknown) {
    super(`wallet of ${userId} kept changing: gave up after ${attempts} attempts (nothing was written)`, RETRY_AFTER_SECONDS, { cause });
    this.name = 'WalletContentionError';
  }
}

export class InvalidLedgerAmountError extends Error {
  constructor(amountKobo: number) {
    super(`not a positive whole number of kobo: ${amountKobo}`);
    this.name = 'InvalidLedgerAmountError';
  }
}

export type { TransactItem };

export { readWallet };

/** The wallet's write in one balance change; `direct`: a queueable change's direct try, which queues instead while the wallet's queue is open. */
export function walletUpdate(userId: string, change: WalletChange, nowIso: string, direct?: { atMs: number }): TransactItem {
  const checksBalance = change.direction === 'debit' && !change.mayOverdraw;
  return walletWrite(userId, change, nowIso, [
    ...(checksBalance ? [{ condition: 'balanceKobo >= :amount', values: { ':amount': change.amountKobo } }] : []),
    ...(direct ? [queueClosedAt(direct.atMs)] : []),
  ]);
}

/** What one balance change needs besides the wallet and the record. */
export interface WalletWriteSpec {
  direction: 'debit' | 'credit';
  draft: TransactionDraft;
  /** Items that must change in the same write; their conditions decide business outcomes. */
  extraItems?: (record: TransactionRecord) => TransactItem[];
  /** A wallet read moments ago, tried before reading it again (only while it allows the change). */
  knownWallet?: WalletState;
  /**
   * The change may wait in the wallet's queue for a group commit (./wallet-queue.ts) when its first
   * try loses the wallet to another writer: only changes with no extra items (a purchase's debit).
   */
  queueable?: true;
}

export type WalletWriteOutcome =
  | { kind: 'written'; record: TransactionRecord }
  | { kind: 'record_exists' }
  | { kind: 'insufficient_balance'; balanceKobo: number }
  /** The condition of extra item `index` (0-based among the extras) did not hold. */
  | { kind: 'extra_condition_failed'; index: number };

/** A wallet's seq condition failed (items `0 … walletCount - 1`): it moved since it was read, so read again and retry. */
export const walletMoved =
  (walletCount: number) =>
  (error: unknown): boolean =>
    failedConditions(error)?.some((index) => index < walletCount) ?? false;

/**
 * A balance change: read, plan, transact. A queueable change that loses its first try to another
 * writer joins the wallet's queue (group commit); any other retries while the wallet moved.
 */
export async function writeWalletChange(spec: WalletWriteSpec): Promise<WalletWriteOutcome> {
  const { draft } = spec;
  if (!Number.isSafeInteger(draft.amountKobo) || draft.amountKobo <= 0) throw new InvalidLedgerAmountError(draft.amountKobo);
  if (!spec.queueable) return writeOptimistically(spec, WALLET_WRITE_MAX_ATTEMPTS);
  // One direct try first: it wins when nobody else writes the wallet, the usual case, at no extra
  // request. Not when the wallet was read moments ago with its queue open: the table would refuse the
  // try (its closed-queue condition), a refusal a group commit of the same wallet waits behind.
  if (!queueKnownOpen(spec.knownWallet, Date.now())) {
    try {
      return await writeOptimistically(spec, 1);
    } catch (error) {
      if (!(error instanceof WalletContentionError)) throw error;
    }
  }
  // The queue's own budget, from when the change joins it (the invocation's deadline bounds it too).
  const outcome = await writeThroughQueue({ direction: spec.direction, draft }, retryStopAt(Date.now(), WALLET_QUEUE_BUDGET_MS));
  if (outcome.kind === 'withdrawn') throw new WalletContentionError(draft.userId, 1);
  return outcome;
}

/** The optimistic loop: read, plan, transact; retry only when the wallet moved. */
async function writeOptimistically(spec: WalletWriteSpec, attempts: number): Promise<WalletWriteOutcome> {
  const { draft } = spec;
  const planFor = (wallet: WalletState) => (spec.direction === 'debit' ? planDebit(wallet, draft.amountKobo) : planCredit(wallet, draft.amountKobo));
  return retryOnConflict(
    async (attempt) => {
      // A known wallet that allows the change saves a read; one that refuses it is read again, so a
      // credit that landed after it was read is never missed.
      const known = attempt === 0 && spec.knownWallet && planFor(spec.knownWallet).ok ? spec.knownWallet : undefined;
      const wallet = known ?? (await readWallet(draft.userId));
      const plan = planFor(wallet);
      if (!plan.ok) {
        if (plan.reason === 'insufficient_balance') return { kind: 'insufficient_balance', balanceKobo: wallet.balanceKobo };
        throw new InvalidLedgerAmountError(draft.amountKobo);
      }
      const at = chainTime(draft.createdAt, wallet);
      const record = chainLink(draft, at, plan.change);
      const extras = spec.extraItems?.(record) ?? [];
      try {
        await db().send(
          new TransactWriteCommand({
            TransactItems: [
              walletUpdate(draft.userId, plan.change, at, spec.queueable ? { atMs: Date.now() } : undefined),
              { Put: { TableName: tableName(), Item: transactionItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
              // Nothing shared with another user's write: the listing's counters (the user's and the
              // platform's) and the platform's figures follow from the stream.
              ...extras,
            ],
          }),
        );
        return { kind: 'written', record };
      } catch (error) {
        const failed = failedConditions(error) ?? [];
        if (failed.includes(1)) return { kind: 'record_exists' };
        const extraFailure = failed.find((index) => index >= 2);
        if (extraFailure !== undefined) return { kind: 'extra_condition_failed', index: extraFailure - 2 };
        // The wallet moved (its seq condition) or the write conflicted: read again and retry.
        throw error;
      }
    },
    {
      attempts,
      what: `wallet write of ${draft.id}`,
      alsoRetry: walletMoved(1),
      giveUp: (cause, attempts) => new WalletContentionError(draft.userId, attempts, cause),
      budgetMs: WALLET_WRITE_BUDGET_MS,
      baseMs: WALLET_WRITE_BACKOFF_BASE_MS,
      capMs: WALLET_WRITE_BACKOFF_CAP_MS,
    },
  );
}

/** A plain balance change's write, as the store reports it (the answer is the domain's: domain/posting.ts). */
async function write(direction: 'debit' | 'credit', draft: TransactionDraft, how: { knownWallet?: WalletState; queueable?: true }): Promise<WalletWriteResult> {
  const outcome = await writeWalletChange({ direction, draft, ...how });
  if (outcome.kind === 'extra_condition_failed') throw new Error('unexpected extra item in a plain posting');
  return outcome;
}

/**
 * What a refund's draft takes from the record it pays back: its owner, network and number, and the
 * whole amount; a refund, successful as it is written.
 */
export function refundFieldsOf(
  refunded: TransactionRecord,
): Pick<TransactionDraft, 'userId' | 'trans_UserName' | 'userType' | 'trans_Type' | 'trans_Status' | 'trans_Network' | 'phone_number' | 'amountKobo'> {
  return {
    userId: refunded.userId,
    trans_UserName: refunded.trans_UserName,
    userType: refunded.userType,
    trans_Type: 'refund',
    trans_Status: 'success',
    trans_Network: refunded.trans_Network,
    phone_number: refunded.phone_number,
    amountKobo: refunded.amountKobo,
  };
}

/**
 * What a refund's credit that was refused answers, by the refunded record as it stands now: its
 * refund record already there, or the record refunded meanwhile → already refunded; the record
 * moved (or was counted by the backfill) after it was read → decide again on what it is now
 * (`decideAgain`); otherwise it is not refundable. A credit is never short of balance.
 */
export function refusedRefundAnswer<Result>(
  refusal: Exclude<WalletWriteOutcome, { kind: 'written' }>,
  asRead: TransactionRecord,
  current: TransactionRecord,
  answer: (kind: 'already_refunded' | 'not_refundable') => Result,
  decideAgain: () => Promise<Result>,
): Result | Promise<Result> {
  switch (refusal.kind) {
    case 'record_exists':
      return answer('already_refunded');
    case 'extra_condition_failed':
      if (current.trans_Status === 'refunded') return answer('already_refunded');
      return countersMovedSince(asRead, current) ? decideAgain() : answer('not_refundable');
    case 'insufficient_balance':
      throw new Error('a credit cannot be short of balance');
  }
}

/**
 * Money back for an open purchase, in one write: wallet credit + the purchase's status →
 * `refunded` (only from processing/pending, leaving the open index) + a refund record whose id is
 * derived from the purchase's (+ an operator's audit entry). Either condition failing proves a
 * refund already happened or the purchase settled otherwise, so no purchase is ever refunded twice.
 */
export async function refundPurchase(purchaseId: string, input: RefundInput): Promise<RefundResult> {
  const purchase = await getTransaction(purchaseId);
  if (!purchase) return { kind: 'not_found' };
  if (purchase.trans_Status === 'refunded') return { kind: 'already_refunded', purchase };
  // A part delivered settles an open purchase only: a final one is never partly refunded.
  const partly = input.partly;
  const reversal = input.afterSuccess === true && purchase.trans_Status === 'success' && !partly;
  if (isFinal(purchase.trans_Status) && !reversal) return { kind: 'not_refundable', purchase };
  const nowIso = input.now.toISOString();
  const refundId = refundIdFor(purchase.id);
  const draft: TransactionDraft = {
    id: refundId,
    ...refundFieldsOf(purchase),
    faceValueKobo: purchase.faceValueKobo,
    volume: purchase.volume,
    relatedTransactionId: purchase.id,
    ...(purchase.batchId ? { refundedBatchId: purchase.batchId } : {}),
    // The undelivered part of a debit that stands: the listing's total debit takes it off that debit.
    ...(partly ? { amountKobo: partly.refundKobo, refundedBatchId: purchase.id } : {}),
    description: partly
      ? `Refund of the undelivered part of ${purchase.trans_Type} purchase ${purchase.id}`
      : `Refund of ${purchase.trans_Type} purchase ${purchase.id}`,
    requestFingerprint: `refund:${purchase.id}`,
    createdAt: nowIso,
    updatedAt: nowIso,
  };
  const asRead = countersAsRead(purchase);
  // The last supplier answers are kept first, beside the purchase (supplier-attempts.ts).
  await recordAttempts(purchase.id, input.attempts ?? []);
  const purchaseUpdate = (): TransactItem => {
    const sets = [
      ...(partly ? partlySets(partly) : ['trans_Status = :refunded']),
      'refundTransactionId = :refundId',
      'refundReason = :reason',
      ...(input.supplierMessage ? ['apiResponse = :supplierMessage'] : []),
      'settledAt = :now',
      'updatedAt = :now',
    ];
    return {
      Update: {
        TableName: tableName(),
        Key: keys.transaction(purchase.id),
        UpdateExpression: `SET ${sets.join(', ')} ${REMOVE_OPEN_LISTING}`,
        // As it was read (the listing's counters follow the change from the stream).
        ConditionExpression: `trans_Status IN (:processing, :pending${reversal ? ', :success' : ''}) AND ${asRead.condition}`,
        ExpressionAttributeValues: {
          ...(partly ? {} : { ':refunded': 'refunded' }),
          ':refundId': refundId,
          ':reason': input.reason,
          ...(input.supplierMessage ? { ':supplierMessage': input.supplierMessage } : {}),
          ':now': nowIso,
          ':processing': 'processing',
          ':pending': 'pending',
          ...asRead.values,
          ...(reversal || partly ? { ':success': 'success' } : {}),
          ...(partly ? partlyValues(partly) : {}),
        },
      },
    };
  };
  // An operator's refund and its audit entry exist together or not at all.
  const outcome = await writeWalletChange({
    direction: 'credit',
    draft,
    extraItems: (refund) => [purchaseUpdate(), ...auditPutsFor(input.audit, { purchase, refund })],
  });
  if (outcome.kind === 'written') {
    // Crash point (local cloud only): the refund is written, whoever asked for it does not know yet.
    crashPoint('mid-refund');
    // The purchase as the refund left it, without reading it back (its settled event comes from the stream).
    const attempts = (input.attempts ?? []).map(boundedAttempt);
    const refunded: TransactionRecord = {
      ...purchase,
      trans_Status: 'refunded',
      ...(partly ? partlySettled(partly) : {}),
      refundTransactionId: refundId,
      refundReason: input.reason,
      ...(input.supplierMessage ? { apiResponse: input.supplierMessage } : {}),
      settledAt: nowIso,
      updatedAt: nowIso,
      ...(attempts.length ? { attempts: [...(purchase.attempts ?? []), ...attempts] } : {}),
    };
    return { kind: 'refunded', purchase: refunded, refund: outcome.record };
  }
  // Refused: what stands now says why. It may have moved (processing → pending, settled, or counted by the backfill) since it was read.
  const current = (await getTransaction(purchase.id)) ?? purchase;
  return refusedRefundAnswer(
    outcome,
    purchase,
    current,
    (kind) => ({ kind, purchase: current }),
    () => refundPurchase(purchaseId, input),
  );
}

/** What a partly delivered purchase's update sets besides the refund's marks (ledger-port.ts `partly`). */
function partlySets(partly: PartlyDelivered): string[] {
  return [
    'trans_Status = :success',
    'supplier = :supplier',
    'profitKobo = :profit',
    'bill = :bill',
    ...(partly.supplierReference === undefined ? [] : ['apiResponseId = :reference']),
    ...(partly.apiResponse === undefined ? [] : ['apiResponse = :apiResponse']),
  ];
}

function partlyValues(partly: PartlyDelivered): Record<string, unknown> {
  return {
    ':supplier': partly.supplier,
    ':profit': partly.profitKobo,
    ':bill': partly.bill,
    ...(partly.supplierReference === undefined ? {} : { ':reference': partly.supplierReference }),
    ...(partly.apiResponse === undefined ? {} : { ':apiResponse': partly.apiResponse }),
  };
}

function partlySettled(partly: PartlyDelivered): Partial<TransactionRecord> {
  return {
    trans_Status: 'success',
    supplier: partly.supplier,
    profitKobo: partly.profitKobo,
    bill: partly.bill,
    ...(partly.supplierReference === undefined ? {} : { apiResponseId: partly.supplierReference }),
    ...(partly.apiResponse === undefined ? {} : { apiResponse: partly.apiResponse }),
  };
}

/** The wallet's store on DynamoDB: reads and writes. */
export const dynamoWalletStore: WalletStore = {
  getWallet: readWallet,
  write,
  existing: getTransaction,
  lockedService: lockedServiceOf,
  refundPurchase,
};

export const dynamoLedger: Ledger = ledgerOver(dynamoWalletStore);
