/** Port to the companies that deliver airtime, data and electricity. Adapters: functions/adapters/suppliers. */
import type { MeterType, NetworkName } from '../../../shared/constants.js';
import type { Kobo } from '../../../shared/money.js';
import type { BillDelivery } from '../products/bill-catalogue.js';
import type { SupplierOutcome } from './purchase-state.js';

export interface AirtimeOrder {
  /** Our transaction id, sent as the supplier's request_id (re-query key, de-duplication). */
  requestId: string;
  /** When the purchase was placed (ISO): suppliers whose request ids carry a time (VTpass) derive it from this, so a re-submit or re-query reuses the same id. */
  placedAt?: string;
  network: NetworkName;
  phoneNumber: string;
  faceValueKobo: Kobo;
}

export interface DataOrder {
  /** Our transaction id, sent as the supplier's request_id (re-query key, de-duplication). */
  requestId: string;
  placedAt?: string;
  network: NetworkName;
  phoneNumber: string;
  /** Our plan id and name (for the attempt record). */
  planId: number;
  planName: string;
  /** Each supplier's own id of the plan: a supplier without one cannot deliver it. */
  supplierPlanIds: Partial<Record<string, number>>;
  /** What the plan costs us (the purchase's recorded cost), when known: the float guard checks a float covers it. Never sent. */
  costKobo?: Kobo;
}

export interface RequeryKey {
  requestId: string;
  /** When the purchase was placed (ISO), as on the order. */
  placedAt?: string;
  /** The supplier's own id, when its answer gave one. */
  supplierReference?: string;
  /** What was bought: suppliers whose re-query differs by product (MSORG bill payments) need it. */
  service?: ServiceKind | 'electricity' | 'cable' | 'exam' | 'epin' | 'service';
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
  /** Electricity: what the supplier said it delivered (token, units, customer), as it said it. */
  electricity?: ElectricityDelivery;
  /** Cable / exam: what the supplier said it delivered (PINs and serials), as it said it. */
  bill?: BillDelivery;
  /** The supplier account's balance after this call, when the answer carries one (MSORG `balance_after`): the float's observation. */
  balanceAfterKobo?: Kobo;
  /** What the supplier says it charged for the purchase, when its answer says (MSORG: balance_before − balance_after): the reconciliation's amount. */
  chargedKobo?: Kobo;
}

/** A supplier account's balance call (VTpass GET /api/balance, MSORG GET /api/user/). Never throws for supplier trouble. */
export type SupplierBalance = { kind: 'known'; supplier: string; balanceKobo: Kobo } | { kind: 'unavailable'; supplier: string; reason: string };

/** One charge of a supplier's own listing of a day (reconciliation), as it says it. */
export interface SupplierListedCharge {
  requestId: string | null;
  supplierReference: string;
  status: 'charged' | 'not_charged' | 'open';
  chargedKobo?: Kobo;
}

/** A cable TV subscription or exam PINs (VTpass's `pay` for a bill service). */
export interface BillOrder {
  requestId: string;
  placedAt?: string;
  /** `service`: a VTpass service offered by configuration (products/configured-service.ts). */
  family: 'cable' | 'exam' | 'service';
  /** VTpass serviceID and variation code. */
  serviceId: string;
  variationCode: string;
  /** Smartcard / IUC, Showmax phone or JAMB profile id; absent for WAEC. */
  billersCode?: string;
  /** DStv and GOtv only. */
  subscriptionType?: 'renew' | 'change';
  quantity: number;
  /** What the supplier is paid for the whole order. */
  amountKobo: Kobo;
  phoneNumber: string;
}

/** A batch of recharge-card PINs (an e-PIN panel's one call): network, face value, how many, the name to print. */
export interface EpinOrder {
  requestId: string;
  placedAt?: string;
  network: NetworkName;
  denominationNaira: number;
  quantity: number;
  businessName: string;
}

export interface BillerQuery {
  /** VTpass serviceID (dstv, gotv, startimes, showmax, jamb). */
  serviceId: string;
  billersCode: string;
  /** JAMB: the variation (utme, de) the profile is checked for. */
  type?: string;
}

/** A smartcard / profile check: valid with what the supplier said, invalid, or no usable answer. */
export type BillerCheck =
  | { kind: 'valid'; supplier: string; customerName: string; currentBouquet?: string; currentBouquetCode?: string; dueDate?: string; renewalAmountKobo?: Kobo }
  | { kind: 'invalid'; supplier: string; message?: string }
  | { kind: 'unavailable'; supplier: string; reason: string };

/** An electricity token purchase. */
export interface ElectricityOrder {
  /** Our transaction id (see AirtimeOrder). */
  requestId: string;
  placedAt?: string;
  /** Our company id (ELECTRICITY_COMPANIES: Ikeja 18 … Benin 29) and its name. */
  meterId: number;
  company: string;
  meterNumber: string;
  meterType: MeterType;
  /** Token value (the ₦50 fee stays with us). */
  amountKobo: Kobo;
  /** The customer's phone, which suppliers require with a bill payment. */
  phoneNumber: string;
}

export interface MeterQuery {
  meterId: number;
  meterNumber: string;
  meterType: MeterType;
}

/** A meter check: valid (with the supplier's customer details), invalid (the supplier said so), or no usable answer. */
export type MeterCheck =
  | { kind: 'valid'; supplier: string; customerName: string; address?: string; meterNumber?: string; minPurchaseKobo?: Kobo }
  | { kind: 'invalid'; supplier: string; message?: string }
  | { kind: 'unavailable'; supplier: string; reason: string };

/** What a supplier said it delivered for an electricity purchase; never filled in by us. */
export interface ElectricityDelivery {
  /** The prepaid token (20 digits as issued). */
  token?: string;
  units?: string;
  customerName?: string;
  customerAddress?: string;
  /** Key-change tokens some meters need before the first vend. */
  resetToken?: string;
}

export interface SupplierGateway {
  readonly name: string;
  /** The protocol it speaks (a push from a provider concerns only the purchases held by its own gateways). */
  readonly protocol?: SupplierProtocol;
  buyAirtime(order: AirtimeOrder): Promise<SupplierCallResult>;
  buyData(order: DataOrder): Promise<SupplierCallResult>;
  requery(key: RequeryKey): Promise<SupplierCallResult>;
  /** Electricity suppliers only: the customer behind a meter. Never throws for supplier trouble. */
  verifyMeter?(query: MeterQuery): Promise<MeterCheck>;
  /** Electricity suppliers only. */
  buyElectricity?(order: ElectricityOrder): Promise<SupplierCallResult>;
  /** Bill suppliers only (VTpass): who is behind a smartcard or JAMB profile. Never throws for supplier trouble. */
  verifyBiller?(query: BillerQuery): Promise<BillerCheck>;
  /** Bill suppliers only: pay a cable subscription or exam PINs. */
  buyBill?(order: BillOrder): Promise<SupplierCallResult>;
  /** The account's balance (its float), for the money desk's poll. */
  balance?(): Promise<SupplierBalance>;
  /** A page of the supplier's own listing of a Lagos day, where it has one; undefined when it has none. */
  history?(day: string, cursor?: string): Promise<{ charges: SupplierListedCharge[]; next?: string } | undefined>;
  /** E-PIN panels only: a batch of recharge-card PINs; fewer PINs than ordered is delivered, and `bill.pins` says which. */
  buyEpins?(order: EpinOrder): Promise<SupplierCallResult>;
}

export type ServiceKind = 'airtime' | 'data';

export type SupplierProtocol = 'msorg' | 'vtpass';

export interface SupplierDirectory {
  /** Suppliers to try for a network, in order; the next is tried only after a definite failure. */
  forNetwork(network: NetworkName, service: ServiceKind): Promise<SupplierGateway[]>;
  /** Suppliers that sell electricity, in order (the default electricity supplier first); failover as for networks. */
  forElectricity(): Promise<SupplierGateway[]>;
  /** Suppliers that sell cable TV and exam PINs (those with a bill gateway: VTpass), in the electricity order. */
  forBills?(): Promise<SupplierGateway[]>;
  /** Suppliers that sell recharge-card PINs (those with an e-PIN gateway), in configuration order. */
  forEpins?(): Promise<SupplierGateway[]>;
  /** The supplier a purchase was submitted to (for re-query). */
  byName(name: string): Promise<SupplierGateway | undefined>;
}
