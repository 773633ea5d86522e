/**
 * Applying a supplier's verdict to an open purchase, shared by the fulfilment consumer and the
 * sweeper: delivered → success (with profit and the supplier's reference), definite failure →
 * atomic refund. Nobody here announces anything: the write that makes a purchase final is itself
 * the outbox entry, and the table's stream publishes TransactionSettled (transaction-outbox.ts).
 */
import type { Logger } from '../logger.js';
import { productModule } from '../products/registry.js';
import type { TransactionSettled } from '../../../shared/events.js';
import type { Ledger } from '../wallet/ledger-port.js';
import type { RequeryKey, SupplierCallResult, SupplierDirectory, SupplierGateway } from './suppliers-port.js';
import type { TransactionStore } from '../transactions/transactions-port.js';
import type { BillDetails } from '../products/bill-catalogue.js';
import type { ElectricityDetails } from '../transactions/transactions.js';
import { decideOutcome, type SupplierOutcome } from './purchase-state.js';
import { toTransactionView, type SupplierAttempt, type TransactionRecord } from '../transactions/transactions.js';
import { supplierWords } from './refund-reason.js';
import { countedOnly } from '../transactions/transaction-views.js';

export interface SettlementDeps {
  transactions: TransactionStore;
  ledger: Ledger;
  suppliers: SupplierDirectory;
  now(): Date;
  log: Logger;
}

export function attemptOf(result: SupplierCallResult, kind: SupplierAttempt['kind'], at: Date, outcome: SupplierOutcome = result.outcome): SupplierAttempt {
  return {
    supplier: result.supplier,
    kind,
    request: result.request,
    response: result.response,
    ...(result.httpStatus === undefined ? {} : { httpStatus: result.httpStatus }),
    at: at.toISOString(),
    outcome,
    reason: result.reason,
    ...(result.balanceAfterKobo === undefined ? {} : { balanceAfterKobo: result.balanceAfterKobo }),
  };
}

/** How a purchase is re-queried at the supplier that has it: our id, when it was placed, the supplier's id, what was bought. */
export function requeryKeyOf(purchase: TransactionRecord): RequeryKey {
  const service = productModule(purchase.trans_Type)?.requeryService;
  return {
    requestId: purchase.id,
    placedAt: purchase.createdAt,
    ...(purchase.apiResponseId === undefined ? {} : { supplierReference: purchase.apiResponseId }),
    ...(service === undefined ? {} : { service }),
  };
}

/** Re-queries a purchase at the supplier that has it; a gateway that throws (a bug) says nothing: ambiguous. */
export async function requeryAt(supplier: SupplierGateway, purchase: TransactionRecord): Promise<SupplierCallResult> {
  try {
    return await supplier.requery(requeryKeyOf(purchase));
  } catch (error) {
    return { supplier: supplier.name, outcome: 'ambiguous', reason: 'gateway_error', request: { requestId: purchase.id }, response: String(error) };
  }
}

export type SettleResult = { settled: true; record: TransactionRecord } | { settled: false; record: TransactionRecord | undefined };

/** success, while still open (profit = charge − cost). Losing the race is not an error. */
export async function settleDelivered(
  purchase: TransactionRecord,
  result: SupplierCallResult,
  attempts: SupplierAttempt[],
  deps: SettlementDeps,
): Promise<SettleResult> {
  const electricity = deliveredElectricity(purchase, result);
  const bill = deliveredBill(purchase, result);
  const short = productModule(purchase.trans_Type)?.shortDelivery?.(purchase, result);
  if (short && bill) return settleShort(purchase, result, attempts, { ...short, bill }, deps);
  const record = await deps.transactions.settleSuccess(purchase, {
    attempts,
    supplier: result.supplier,
    supplierReference: result.supplierReference ?? purchase.apiResponseId,
    apiResponse: result.apiResponse,
    profitKobo: purchase.amountKobo - (purchase.costKobo ?? purchase.amountKobo),
    now: deps.now(),
    ...(electricity ? { electricity } : {}),
    ...(bill ? { bill } : {}),
  });
  if (record) return { settled: true, record };
  const current = await deps.transactions.get(purchase.id);
  if (current?.trans_Status === 'refunded') {
    // Refunded meanwhile (an operator, or a failure elsewhere), yet the supplier delivered: it stays
    // refunded (money never moves twice); whether to recover the value is an operator's call.
    deps.log.error('supplier delivered a purchase that was already refunded; it stays refunded', {
      transactionId: purchase.id,
      supplier: result.supplier,
      supplierReference: result.supplierReference ?? purchase.apiResponseId,
      refundReason: current.refundReason,
    });
  }
  return { settled: false, record: current };
}

/**
 * Fewer delivered than ordered (recharge cards): success for what came, the rest credited back, in
 * the one write of a refund (the ledger's `partly`), so the wallet never holds the charge for cards
 * that never came, nor gets them back twice.
 */
async function settleShort(
  purchase: TransactionRecord,
  result: SupplierCallResult,
  attempts: SupplierAttempt[],
  short: { refundKobo: number; profitKobo: number; bill: BillDetails },
  deps: SettlementDeps,
): Promise<SettleResult> {
  const refunded = await deps.ledger.refundPurchase(purchase.id, {
    reason: 'short_delivery',
    attempts,
    now: deps.now(),
    partly: {
      refundKobo: short.refundKobo,
      profitKobo: short.profitKobo,
      supplier: result.supplier,
      // Kept on the batch: its sales figures count what came only (transactions/sold-part.ts).
      bill: { ...short.bill, refundedKobo: short.refundKobo },
      ...(result.supplierReference ? { supplierReference: result.supplierReference } : {}),
      ...(result.apiResponse ? { apiResponse: result.apiResponse } : {}),
    },
  });
  if (refunded.kind === 'refunded') return { settled: true, record: refunded.purchase };
  return { settled: false, record: refunded.kind === 'not_found' ? undefined : refunded.purchase };
}

/**
 * An electricity purchase's details with what the supplier said it delivered (token, units,
 * customer) laid over the meter we kept; undefined for other purchases or when it said nothing.
 */
export function deliveredElectricity(purchase: TransactionRecord, result: SupplierCallResult): ElectricityDetails | undefined {
  if (!purchase.electricity || !result.electricity) return undefined;
  const given = Object.fromEntries(Object.entries(result.electricity).filter(([, value]) => typeof value === 'string' && value.trim() !== ''));
  return { ...purchase.electricity, ...given };
}

/** A bill purchase's details with the PINs (and their text) the supplier said it delivered; undefined when it named none. */
export function deliveredBill(purchase: TransactionRecord, result: SupplierCallResult): BillDetails | undefined {
  if (!purchase.bill || !result.bill) return undefined;
  const { pins, purchasedCode } = result.bill;
  if (!pins?.length && !purchasedCode) return undefined;
  return { ...purchase.bill, ...(pins?.length ? { pins } : {}), ...(purchasedCode ? { purchasedCode } : {}) };
}

/**
 * Definite failure: money back atomically, at most once. `afterSuccess`: a delivered purchase the
 * supplier itself reported reversed (its re-query said so) — the one way a success is refunded.
 */
export async function settleFailed(
  purchase: TransactionRecord,
  reason: string,
  attempts: SupplierAttempt[],
  deps: SettlementDeps,
  options: { afterSuccess?: boolean } = {},
): Promise<SettleResult> {
  const supplierMessage = supplierWords(attempts);
  const result = await deps.ledger.refundPurchase(purchase.id, {
    reason,
    attempts,
    now: deps.now(),
    ...(supplierMessage ? { supplierMessage } : {}),
    ...(options.afterSuccess ? { afterSuccess: true } : {}),
  });
  if (result.kind === 'refunded') return { settled: true, record: result.purchase };
  return { settled: false, record: result.kind === 'not_found' ? undefined : result.purchase };
}

export type RequeryAction = 'success' | 'refunded' | 'marked_pending' | 'still_pending' | 'settled_elsewhere';

/**
 * Applies a re-query's verdict (`attempt.outcome`) to an open purchase, shared by the sweeper and
 * the supplier-push re-check: delivered → success, definite failure → refund, still ambiguous →
 * pending (or stays so). Every write is conditional on the purchase still being open.
 */
export async function applyRequery(
  purchase: TransactionRecord,
  result: SupplierCallResult,
  attempt: SupplierAttempt,
  deps: SettlementDeps,
): Promise<RequeryAction> {
  const finish = (settled: SettleResult, action: 'success' | 'refunded'): RequeryAction => (settled.settled ? action : 'settled_elsewhere');
  const decision = decideOutcome(purchase.trans_Status, attempt.outcome);
  switch (decision.kind) {
    case 'settle_success':
      return finish(await settleDelivered(purchase, result, [attempt], deps), 'success');
    case 'refund':
      return finish(await settleFailed(purchase, `requery_failed:${result.reason}`, [attempt], deps), 'refunded');
    case 'mark_pending':
      return (await deps.transactions.markPending(purchase.id, [attempt], deps.now(), result.supplierReference)) ? 'marked_pending' : 'settled_elsewhere';
    case 'stay_pending':
      await deps.transactions.recordInconclusiveRequery(purchase.id, attempt);
      return 'still_pending';
    case 'already_final':
      return 'settled_elsewhere';
  }
}

export function settledEvent(record: TransactionRecord): TransactionSettled {
  return {
    transactionId: record.id,
    userId: record.userId,
    userName: record.trans_UserName,
    type: record.trans_Type,
    status: record.trans_Status,
    amountKobo: record.amountKobo,
    settledAt: record.settledAt ?? record.updatedAt,
    // What travels on the bus and through the queues carries a batch's count, never its PINs.
    transaction: countedOnly(toTransactionView(record)),
    ...(record.ownerWebhook === undefined ? {} : { ownerWebhook: record.ownerWebhook }),
  };
}
