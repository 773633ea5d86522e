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
 */
import { NETWORK_NAMES, type NetworkName } from '../../shared/constants.js';
import type { SupplierCallResult, SupplierGateway } from '../ports/suppliers.js';
import { isFinal } from './purchase-state.js';
import { attemptOf, publishSettled, settleDelivered, settleFailed, type Logger, type SettlementDeps } from './settlement.js';
import type { SupplierAttempt, TransactionRecord } from './transactions.js';

export type FulfilmentResult =
  | 'not_found'
  /** Final already; the settled event was (re)published if it had not been. */
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

function isNetwork(value: string): value is NetworkName {
  return (NETWORK_NAMES as readonly string[]).includes(value);
}

async function callSupplier(supplier: SupplierGateway, purchase: TransactionRecord & { trans_Network: NetworkName }): Promise<SupplierCallResult> {
  const order = {
    requestId: purchase.id,
    network: purchase.trans_Network,
    phoneNumber: purchase.phone_number,
    faceValueKobo: purchase.faceValueKobo ?? purchase.amountKobo,
  };
  try {
    return await supplier.buyAirtime(order);
  } catch (error) {
    // Gateways report trouble as outcomes; a throw here is a bug whose effect we cannot know.
    return { supplier: supplier.name, outcome: 'ambiguous', reason: 'gateway_error', request: order, response: String(error) };
  }
}

export async function fulfilPurchase(transactionId: string, deps: FulfilmentDeps): Promise<FulfilmentResult> {
  const purchase = await deps.transactions.get(transactionId);
  if (!purchase) {
    deps.log.warn('fulfilment for an unknown transaction', { transactionId });
    return 'not_found';
  }
  if (isFinal(purchase.trans_Status)) {
    if (!purchase.settledPublishedAt) await publishSettled(purchase, deps);
    return 'already_final';
  }
  if (purchase.trans_Status !== 'processing' || purchase.submittedAt) return 'claimed_elsewhere';
  if (purchase.trans_Type !== 'airtime' || !isNetwork(purchase.trans_Network)) {
    deps.log.error('no fulfilment for this kind of purchase', { transactionId, type: purchase.trans_Type, network: purchase.trans_Network });
    return 'unsupported';
  }
  const order = purchase as TransactionRecord & { trans_Network: NetworkName };
  const suppliers = await deps.suppliers.forNetwork(order.trans_Network, 'airtime');
  const first = suppliers[0];
  if (!first) {
    // Nobody was called, so refunding is certainly right; an operator must configure a supplier.
    deps.log.error('no supplier configured for network; refunding', { transactionId, network: order.trans_Network });
    if (!(await deps.transactions.claimSubmission(transactionId, 'NONE', deps.now()))) return 'claimed_elsewhere';
    return finishFailed(order, 'no_supplier', [], deps);
  }
  if (!(await deps.transactions.claimSubmission(transactionId, first.name, deps.now()))) return 'claimed_elsewhere';

  let unrecorded: SupplierAttempt[] = [];
  for (let i = 0; i < suppliers.length; i++) {
    const supplier = suppliers[i]!;
    const result = await callSupplier(supplier, order);
    const attempt = attemptOf(result, 'submit', deps.now());
    deps.log.info('supplier answered', { transactionId, supplier: supplier.name, outcome: result.outcome, reason: result.reason });
    if (result.outcome === 'delivered') {
      const settled = await settleDelivered(order, result, [...unrecorded, attempt], deps);
      if (!settled.settled) return 'settled_elsewhere';
      await publishSettled(settled.record, deps);
      return 'success';
    }
    if (result.outcome === 'ambiguous') {
      const marked = await deps.transactions.markPending(transactionId, [...unrecorded, attempt], deps.now(), result.supplierReference);
      return marked ? 'pending' : 'settled_elsewhere';
    }
    const next = suppliers[i + 1];
    if (!next) {
      unrecorded = [...unrecorded, attempt];
      break;
    }
    // Definite failure: fail over, recording the failure and naming the next supplier first so a
    // crash during the next call leaves the right supplier to re-query.
    if (!(await deps.transactions.switchSupplier(transactionId, supplier.name, next.name, attempt, deps.now()))) return 'settled_elsewhere';
    unrecorded = [];
  }
  const lastReason = unrecorded.at(-1)?.reason ?? 'failed';
  return finishFailed(order, `supplier_failed:${lastReason}`, unrecorded, deps);
}

async function finishFailed(purchase: TransactionRecord, reason: string, attempts: SupplierAttempt[], deps: FulfilmentDeps): Promise<FulfilmentResult> {
  const settled = await settleFailed(purchase, reason, attempts, deps);
  if (!settled.settled) return 'settled_elsewhere';
  await publishSettled(settled.record, deps);
  return 'refunded';
}
