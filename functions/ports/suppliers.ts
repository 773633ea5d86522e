/** Port to the companies that deliver airtime and data. Adapters: functions/adapters/suppliers. */
import type { NetworkName } from '../../shared/constants.js';
import type { Kobo } from '../../shared/money.js';
import type { SupplierOutcome } from '../domain/purchase-state.js';

export interface AirtimeOrder {
  /** Our transaction id, sent as the supplier's request_id (re-query key, de-duplication). */
  requestId: string;
  network: NetworkName;
  phoneNumber: string;
  faceValueKobo: Kobo;
}

export interface DataOrder {
  /** Our transaction id, sent as the supplier's request_id (re-query key, de-duplication). */
  requestId: string;
  network: NetworkName;
  phoneNumber: string;
  /** Our plan id and name (for the attempt record). */
  planId: number;
  planName: string;
  /** Each supplier's own id of the plan: a supplier without one cannot deliver it. */
  supplierPlanIds: Partial<Record<string, number>>;
}

export interface RequeryKey {
  requestId: string;
  /** The supplier's own id, when its answer gave one. */
  supplierReference?: string;
}

/** One call's result. Gateways never throw for supplier trouble: trouble is an outcome. */
export interface SupplierCallResult {
  supplier: string;
  outcome: SupplierOutcome;
  reason: string;
  supplierReference?: string;
  apiResponse?: string;
  httpStatus?: number;
  /** What was sent (without credentials) and what came back, for the attempt record. */
  request: unknown;
  response: unknown;
}

export interface SupplierGateway {
  readonly name: string;
  buyAirtime(order: AirtimeOrder): Promise<SupplierCallResult>;
  buyData(order: DataOrder): Promise<SupplierCallResult>;
  requery(key: RequeryKey): Promise<SupplierCallResult>;
}

export type ServiceKind = 'airtime' | 'data';

export interface SupplierDirectory {
  /** Suppliers to try for a network, in order; the next is tried only after a definite failure. */
  forNetwork(network: NetworkName, service: ServiceKind): Promise<SupplierGateway[]>;
  /** The supplier a purchase was submitted to (for re-query). */
  byName(name: string): Promise<SupplierGateway | undefined>;
}
