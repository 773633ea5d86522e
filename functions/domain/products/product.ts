/**
 * What a product is to the platform's back end, in one place: how its purchase is delivered (which
 * suppliers, what order each is sent) and how it is re-queried. Fulfilment and settlement read a
 * product's module from the registry (registry.ts) and never switch on a product type.
 * Its labels for screens are in shared/products.ts.
 */
import type { ProductType } from '../../../shared/products.js';
import type { ServiceType } from '../../../shared/constants.js';
import type { RequeryKey, SupplierCallResult, SupplierDirectory, SupplierGateway } from '../purchases/suppliers-port.js';
import type { TransactionRecord } from '../transactions/transactions.js';

export interface ProductModule {
  type: ProductType;
  /** The service lock an admin sets for it; a locked name refuses the purchase before money moves. */
  lock: ServiceType | undefined;
  /** Whether a placed record carries everything its delivery needs (a record that does not is a bug, left to an operator). */
  deliverable(record: TransactionRecord): boolean;
  /** The suppliers that may deliver it, most preferred first; the next only after a definite failure. */
  suppliers(directory: SupplierDirectory, network: string): Promise<SupplierGateway[]>;
  /** Sends the record's order to one supplier; a supplier that cannot sell the product is a definite failure. */
  submit(supplier: SupplierGateway, record: TransactionRecord): Promise<SupplierCallResult>;
  /** What the supplier's re-query needs to know of the product. */
  requeryService: RequeryKey['service'];
}

/** Nothing is sent to a supplier that does not sell the product: a definite failure, so the next supplier is tried. */
export function notSold(supplier: SupplierGateway, reason: string, request: unknown): SupplierCallResult {
  return { supplier: supplier.name, outcome: 'failed', reason, request, response: null };
}

/** The fields every order starts with: our id (the supplier's request_id) and when the purchase was placed. */
export function placed(record: TransactionRecord): { requestId: string; placedAt: string } {
  return { requestId: record.id, placedAt: record.createdAt };
}
