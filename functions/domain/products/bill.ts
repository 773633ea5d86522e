/**
 * Cable TV and exam PINs are both VTpass bill services: one order shape (serviceID, variation,
 * billers code, quantity), sent to the suppliers that sell bills, and the same check of who is
 * behind a smartcard or profile before any money moves. Each product keeps its own type, lock and
 * draft (cable.ts, exam.ts); they share how they are checked and delivered.
 */
import type { ServiceType } from '../../../shared/constants.js';
import type { ProductType } from '../../../shared/products.js';
import { transactionIdForRequest } from '../ids.js';
import type { BillerCheck, BillerQuery, BillOrder } from '../purchases/suppliers-port.js';
import type { TransactionRecord } from '../transactions/transactions.js';
import type { BillProduct } from './bill-catalogue.js';
import { notSold, placed, type DraftDeps, type Drafted, type ProductModule, type PurchaseRequest } from './product.js';

export interface BillProductReader {
  /** One catalogue row, read strongly consistent (a price just changed is the price charged). */
  getBillProduct(code: string): Promise<BillProduct | undefined>;
}

export interface BillDraftDeps {
  billProducts: BillProductReader;
  /** The supplier's merchant-verify (smartcard / IUC, JAMB profile id), asked before any money moves. */
  verifyBiller(query: BillerQuery): Promise<BillerCheck>;
  /** The record a request_id placed before, if any (its id is derived from the request_id). */
  placedBefore(id: string): Promise<TransactionRecord | undefined>;
}

export type BillRefusal =
  | { kind: 'product_unavailable' | 'product_not_for_provider' | 'renew_not_current' | 'verification_unavailable' }
  | { kind: 'invalid_biller'; message?: string };

export interface BillPurchaseRequest extends PurchaseRequest {
  /** The customer's phone for the supplier. */
  customerPhone: string;
}

/** A bill product's module: its type, lock and draft are its own; how it is delivered and re-queried is the same for cable TV and exam PINs. */
export function billProduct<Input extends BillPurchaseRequest>(
  type: Extract<ProductType, 'cable' | 'exam'>,
  lock: ServiceType,
  draft: (input: Input, deps: BillDraftDeps & DraftDeps) => Promise<Drafted | BillRefusal>,
): ProductModule<Input, BillDraftDeps, BillRefusal> {
  return {
    type,
    lock,
    draft,
    requeryService: type,
    deliverable: (record) => record.bill !== undefined,
    suppliers: async (directory) => (await directory.forBills?.()) ?? [],
    submit(supplier, record) {
      const { family, serviceId, variationCode, billersCode, subscriptionType, quantity, amountKobo, customerPhone } = record.bill!;
      const order: BillOrder = {
        ...placed(record),
        // A record of this module is of its own family (recharge cards, also kept as a bill, have their own module).
        family: family as BillOrder['family'],
        serviceId,
        variationCode,
        ...(billersCode ? { billersCode } : {}),
        ...(subscriptionType ? { subscriptionType } : {}),
        quantity,
        amountKobo,
        phoneNumber: customerPhone,
      };
      return supplier.buyBill ? supplier.buyBill(order) : Promise.resolve(notSold(supplier, 'bills_not_supported', order));
    },
  };
}

/**
 * The supplier's verdict on the smartcard or profile — or, for a request_id already placed, the one
 * stored on its record: a replay answers its receipt without asking the supplier again, so a resent
 * request still settles while VTpass's verify is down (the ledger then answers the replay, or a 409
 * if the request changed). The same rule as a verified meter: the supplier's verdict decides, and no
 * usable answer refuses (nothing was charged).
 */
export async function verifiedBiller(
  request: BillPurchaseRequest,
  deps: BillDraftDeps,
  query: BillerQuery,
): Promise<Extract<BillerCheck, { kind: 'valid' }> | { kind: 'invalid_biller'; message?: string } | { kind: 'verification_unavailable' }> {
  const check = await billerCheck(request, deps, query);
  if (check.kind === 'invalid') return { kind: 'invalid_biller', ...(check.message ? { message: check.message } : {}) };
  if (check.kind === 'unavailable') return { kind: 'verification_unavailable' };
  return check;
}

async function billerCheck(request: BillPurchaseRequest, deps: BillDraftDeps, query: BillerQuery): Promise<BillerCheck> {
  const placedBefore = request.requestId ? await deps.placedBefore(transactionIdForRequest(request.userId, request.requestId)) : undefined;
  const stored = placedBefore?.bill;
  if (stored?.customerName === undefined) return deps.verifyBiller(query);
  return {
    kind: 'valid',
    supplier: 'STORED',
    customerName: stored.customerName,
    ...(stored.currentBouquet ? { currentBouquet: stored.currentBouquet } : {}),
    ...(stored.dueDate ? { dueDate: stored.dueDate } : {}),
  };
}
