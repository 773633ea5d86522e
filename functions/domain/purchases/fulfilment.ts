/**
 * Delivering a purchase (the fulfilment consumer's work), idempotent per transaction id.
 *
 * Claim protocol: before any supplier call, one conditional update sets `submittedAt` (and the
 * supplier) only if the purchase is still `processing` and was never claimed. Exactly one
 * delivery of the message wins; every other delivery — a duplicate, a redelivery after a crash,
 * a re-enqueue by the sweeper — sees the claim and does not call the supplier. A purchase that
 * is claimed but still open is finished by the sweeper's re-query, never by a second submission.
 *
 * Suppliers are tried in order; the next only after a definite failure of the previous (an
 * ambiguous answer may hide a delivery, so it stops the chain and the purchase goes `pending`).
 * Each hand-over to the next supplier is itself a conditional write that names it and refuses a
 * supplier already in the purchase's `submittedTo`: at most one submission per supplier.
 *
 * What is sent, and to which suppliers, is the product's own (domain/products): fulfilment knows no
 * product by name.
 */
import type { FulfilmentQueue } from './messaging-port.js';
import type { SupplierCallResult, SupplierGateway, SupplierProtocol } from './suppliers-port.js';
import { productModule, type ProductModule } from '../products/registry.js';
import { isFinal, isOpen } from './purchase-state.js';
import { decideAfterAttempt } from './suppliers.js';
import { applyRequery, attemptOf, requeryAt, settleDelivered, settleFailed, type RequeryAction, type SettlementDeps } from './settlement.js';
import type { Logger } from '../logger.js';
import { isPurchase, type SupplierAttempt, type TransactionRecord } from '../transactions/transactions.js';

export type FulfilmentResult =
  | 'not_found'
  /** Final already (its settled event comes from the table's stream). */
  | 'already_final'
  /** Another delivery holds the claim: left to it or to the sweeper's re-query. */
  | 'claimed_elsewhere'
  | 'success'
  | 'refunded'
  | 'pending'
  /** Someone else settled it between our call and our write. */
  | 'settled_elsewhere'
  | 'unsupported';

export interface FulfilmentDeps extends SettlementDeps {
  log: Logger;
}

/** A purchase's product, when fulfilment can deliver what its record carries. */
function deliverableProduct(purchase: TransactionRecord): ProductModule | undefined {
  const product = productModule(purchase.trans_Type);
  return product?.deliverable(purchase) ? product : undefined;
}

async function callSupplier(supplier: SupplierGateway, purchase: TransactionRecord, product: ProductModule): Promise<SupplierCallResult> {
  try {
    return await product.submit(supplier, purchase);
  } catch (error) {
    // Gateways report trouble as outcomes; a throw here is a bug whose effect we cannot know.
    return { supplier: supplier.name, outcome: 'ambiguous', reason: 'gateway_error', request: { requestId: purchase.id }, response: String(error) };
  }
}

/**
 * What the queue message says of the purchase: its type and network, fixed when it was placed.
 * Enough to choose the suppliers and claim the purchase without reading it first (the claim
 * answers with the purchase); the claim's condition is the same, so nothing else changes.
 */
export interface PurchaseHint {
  type: string;
  network: string;
}

export async function fulfilPurchase(transactionId: string, deps: FulfilmentDeps, hint?: PurchaseHint): Promise<FulfilmentResult> {
  const product = hint && productModule(hint.type);
  const suppliers = product && (await product.suppliers(deps.suppliers, hint.network));
  if (product && suppliers?.[0]) {
    const order = await deps.transactions.claimSubmission(transactionId, suppliers[0].name, deps.now());
    if (order && deliverableProduct(order) === product && order.trans_Network === hint.network) return deliver(order, product, suppliers, deps);
    if (order) {
      // Type and network never change after the debit: a message that contradicts its purchase is a bug.
      deps.log.error('fulfilment message does not match its purchase; left claimed for the sweeper', { transactionId, hint, type: order.trans_Type });
      return 'unsupported';
    }
    // Refused: final already, claimed elsewhere or unknown; reading it tells which.
  }
  return fulfilAfterReading(transactionId, deps);
}

async function fulfilAfterReading(transactionId: string, deps: FulfilmentDeps): Promise<FulfilmentResult> {
  const purchase = await deps.transactions.get(transactionId);
  if (!purchase) {
    deps.log.warn('fulfilment for an unknown transaction', { transactionId });
    return 'not_found';
  }
  if (isFinal(purchase.trans_Status)) return 'already_final';
  if (purchase.trans_Status !== 'processing' || purchase.submittedAt) return 'claimed_elsewhere';
  const product = deliverableProduct(purchase);
  if (!product) {
    deps.log.error('no fulfilment for this kind of purchase', { transactionId, type: purchase.trans_Type, network: purchase.trans_Network });
    return 'unsupported';
  }
  const suppliers = await product.suppliers(deps.suppliers, purchase.trans_Network);
  const first = suppliers[0];
  if (!first) {
    // Nobody was called, so refunding is certainly right; an operator must configure a supplier.
    deps.log.error('no supplier configured for this purchase; refunding', { transactionId, network: purchase.trans_Network, type: product.type });
    if (!(await deps.transactions.claimSubmission(transactionId, 'NONE', deps.now()))) return 'claimed_elsewhere';
    return finishFailed(purchase, 'no_supplier', [], deps);
  }
  const order = await deps.transactions.claimSubmission(transactionId, first.name, deps.now());
  if (!order) return 'claimed_elsewhere';
  return deliver(order, product, suppliers, deps);
}

/** Calls the suppliers in order, the first already claimed for `order`, and settles by their answers. */
async function deliver(order: TransactionRecord, product: ProductModule, suppliers: SupplierGateway[], deps: FulfilmentDeps): Promise<FulfilmentResult> {
  const transactionId = order.id;
  const first = suppliers[0]!;
  const byName = new Map(suppliers.map((supplier) => [supplier.name, supplier]));
  const preference = [...byName.keys()];
  const tried: string[] = [];
  let supplier: SupplierGateway = first;
  for (;;) {
    tried.push(supplier.name);
    const result = await callSupplier(supplier, order, product);
    const attempt = attemptOf(result, 'submit', deps.now());
    deps.log.info('supplier answered', { transactionId, supplier: supplier.name, outcome: result.outcome, reason: result.reason });
    const decision = decideAfterAttempt(result.outcome, preference, tried);
    switch (decision.kind) {
      case 'settle_success': {
        const settled = await settleDelivered(order, result, [attempt], deps);
        return settled.settled ? 'success' : 'settled_elsewhere';
      }
      case 'mark_pending': {
        const marked = await deps.transactions.markPending(transactionId, [attempt], deps.now(), result.supplierReference);
        return marked ? 'pending' : 'settled_elsewhere';
      }
      case 'fail_over':
        // Definite failure: record it and name the next supplier before calling it, so a crash
        // during the next call leaves the right supplier to re-query; refused if already tried.
        if (!(await deps.transactions.switchSupplier(transactionId, supplier.name, decision.next, attempt, deps.now()))) return 'settled_elsewhere';
        deps.log.info('failing over to the next supplier', { transactionId, from: supplier.name, to: decision.next, reason: result.reason });
        supplier = byName.get(decision.next)!;
        continue;
      case 'refund':
        return finishFailed(order, `supplier_failed:${result.reason}`, [attempt], deps);
    }
  }
}

async function finishFailed(purchase: TransactionRecord, reason: string, attempts: SupplierAttempt[], deps: FulfilmentDeps): Promise<FulfilmentResult> {
  const settled = await settleFailed(purchase, reason, attempts, deps);
  return settled.settled ? 'refunded' : 'settled_elsewhere';
}

// ---------------------------------------------------------------------------------------------
// Supplier pushes

/** A supplier's push as its adapter read it: which of our purchases it names, never what it claims. */
export type SupplierPush = { kind: 'transaction_update'; transactionId: string } | { kind: 'ignored'; reason: string } | { kind: 'unreadable'; reason: string };

export type PushReceipt =
  /** Handed to the fulfilment queue: the consumer re-queries the supplier before anything changes. */
  { kind: 'queued'; transactionId: string } | { kind: 'ignored'; reason: string } | { kind: 'unreadable'; reason: string };

/**
 * A supplier's push only says "go and look" (VTpass signs nothing): the purchase it names is handed
 * to the fulfilment consumer for a re-check by the pusher's own re-query. Nothing in the body is
 * believed; no money moves here.
 */
export async function receiveSupplierPush(push: SupplierPush, pusher: SupplierProtocol, deps: { queue: FulfilmentQueue }): Promise<PushReceipt> {
  if (push.kind !== 'transaction_update') return push;
  await deps.queue.enqueue(push.transactionId, { recheck: pusher });
  return { kind: 'queued', transactionId: push.transactionId };
}

export type RecheckResult =
  | RequeryAction
  | 'not_found'
  /** Not (yet) submitted, or held by a supplier of another protocol than the one that pushed. */
  | 'not_held_by_pusher'
  /** Someone else is re-querying it right now. */
  | 'busy'
  /** Final, and the supplier's own re-query gives no reason to change it. */
  | 'unchanged'
  /** Delivered, then reversed by the supplier (its re-query says so): refunded once. */
  | 'reversed';

/**
 * Re-checks a purchase after its supplier pushed news about it: the supplier's own re-query
 * decides, never the push. Open → as the sweeper (delivered, refund, still pending; "unknown" is
 * left to the sweeper's grace); success → refunded only when the re-query says `reversed`; any
 * other final status stays. Conditional writes and the one refund id make repeats change nothing.
 */
export async function recheckPurchase(transactionId: string, pusher: SupplierProtocol, deps: FulfilmentDeps): Promise<RecheckResult> {
  const purchase = await deps.transactions.get(transactionId);
  if (!purchase || !isPurchase(purchase.trans_Type)) return 'not_found';
  const supplier = purchase.submittedAt && purchase.supplier ? await deps.suppliers.byName(purchase.supplier) : undefined;
  if (!supplier || supplier.protocol !== pusher) return 'not_held_by_pusher';
  const open = isOpen(purchase.trans_Status);
  if (!open && purchase.trans_Status !== 'success') return 'unchanged';
  if (open && !(await deps.transactions.claimRequery(transactionId, purchase.lastRequeriedAt, deps.now()))) return 'busy';

  const result = await requeryAt(supplier, purchase);
  deps.log.info('re-checked after a supplier push', { transactionId, supplier: supplier.name, outcome: result.outcome, reason: result.reason });
  if (open) {
    // "Unknown to the supplier" may only mean it has not recorded it yet: the sweeper decides that after its grace.
    const attempt = attemptOf(result, 'requery', deps.now(), result.reason === 'not_found' ? 'ambiguous' : result.outcome);
    return applyRequery(purchase, result, attempt, deps);
  }
  // A delivered purchase changes only on the supplier's own word that it reversed it.
  if (result.outcome !== 'failed' || result.reason !== 'status_reversed') return 'unchanged';
  const settled = await settleFailed(purchase, `supplier_reversed:${result.reason}`, [attemptOf(result, 'requery', deps.now())], deps, { afterSuccess: true });
  return settled.settled ? 'reversed' : 'unchanged';
}
