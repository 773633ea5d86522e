/**
 * Admin settings over HTTP: the supplier chosen per network and service locks (each service is
 * available or locked).
 */
import { CABLE_PROVIDER_NAMES, EXAM_SERVICE_NAMES, type CableProviderName, type ExamServiceName } from '../bills.js';
import type { TransactionView } from './transactions.js';
import { z } from 'zod';
import { isBlank } from './common.js';
import {
  DEFAULT_SUPPLIER,
  LOCKABLE_SERVICE_TYPES,
  SUPPLIERS,
  isNetworkName,
  isPlanType,
  type NetworkName,
  type PlanType,
  type ServiceStatus,
  type ServiceType,
  type SupplierName,
} from '../constants.js';
import { BILL_MSG, CATALOGUE_MSG, MSG } from '../messages.js';
import { parseCatalogueSelector } from './catalogue.js';

const blank = isBlank;

// ---------------------------------------------------------------------------------------------
// Suppliers

export interface SupplierChoiceView {
  network: NetworkName;
  supplierName: SupplierName;
  /** When an admin last chose; null while the default applies. */
  updatedAt: string | null;
}

/** GET /admin/supplier answers the choices as a bare array (what existing clients map). */
export type SupplierList = SupplierChoiceView[];

export interface SupplierListResponse {
  suppliers: SupplierChoiceView[];
  /** The names an admin can choose from. */
  supplierNames: SupplierName[];
}

export interface SupplierResponse extends SupplierListResponse {
  msg: string;
  supplier: SupplierChoiceView;
}

/** POST /admin/supplier {network, supplierName}: network name or data network id; a blank name means the default (ALARO). */
export const setSupplierRequest = z.object({
  network: z.unknown().transform((value, ctx): NetworkName => {
    const selector = parseCatalogueSelector(value);
    if (!selector || selector.planType) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: MSG.selectNetworkAdmin });
      return z.NEVER;
    }
    return selector.network;
  }),
  supplierName: z.unknown().transform((value, ctx): SupplierName => {
    if (blank(value)) return DEFAULT_SUPPLIER;
    const name = typeof value === 'string' ? value.trim().toUpperCase() : '';
    if (!(SUPPLIERS as readonly string[]).includes(name)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: CATALOGUE_MSG.selectSupplier });
      return z.NEVER;
    }
    return name as SupplierName;
  }),
});

// ---------------------------------------------------------------------------------------------
// Service locks

/** What a lock names: a network, a data plan type, a cable provider or an exam service. */
export type LockableServiceName = NetworkName | PlanType | CableProviderName | ExamServiceName;

export interface ServiceView {
  /** `${serviceType}:${serviceName}`, e.g. "data:MTN". */
  _id: string;
  /** A network (MTN, GLO, AIRTEL, 9MOBILE) or, for data, a plan type (MTN-CG, …). */
  serviceName: LockableServiceName;
  serviceType: ServiceType;
  serviceStatus: ServiceStatus;
  /** serviceStatus as a flag: what existing clients (the original's admin screen) read. */
  isAvailable: boolean;
  updatedAt: string | null;
}

/** GET /admin/checkServices answers a bare array (what existing clients map). */
export type ServiceList = ServiceView[];

export interface ServiceListResponse {
  services: ServiceView[];
}

export interface ServiceResponse extends ServiceListResponse {
  msg: string;
  service: ServiceView;
}

const AVAILABLE_WORDS = ['available', 'enable', 'enabled', 'on', 'unlocked', 'unlock', 'active', 'true'];
const LOCKED_WORDS = ['locked', 'lock', 'disable', 'disabled', 'off', 'inactive', 'false'];

/** A status as the admin screen may send it: available/locked, enable/disable, or a boolean (true = available). */
export function parseServiceStatus(value: unknown): ServiceStatus | undefined {
  if (value === true) return 'available';
  if (value === false) return 'locked';
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (AVAILABLE_WORDS.includes(text)) return 'available';
  if (LOCKED_WORDS.includes(text)) return 'locked';
  return undefined;
}

/** POST /admin/updateServices {serviceName, serviceType, serviceStatus}. */
export const updateServiceRequest = z
  .object({
    serviceName: z.unknown(),
    serviceType: z.unknown().transform((value, ctx): ServiceType => {
      const type = typeof value === 'string' ? value.trim().toLowerCase() : '';
      if (!(LOCKABLE_SERVICE_TYPES as readonly string[]).includes(type)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: CATALOGUE_MSG.selectServiceType });
        return z.NEVER;
      }
      return type as ServiceType;
    }),
    serviceStatus: z.unknown().transform((value, ctx): ServiceStatus => {
      const status = parseServiceStatus(value);
      if (!status) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: CATALOGUE_MSG.selectServiceStatus });
        return z.NEVER;
      }
      return status;
    }),
  })
  .transform((value, ctx) => {
    const name = typeof value.serviceName === 'string' ? value.serviceName.trim().toUpperCase() : '';
    // Airtime is sold per network; data may also be locked per plan type (e.g. only MTN-CG); cable
    // TV per provider (DSTV, …) and exam PINs per exam body's service (WAEC, WAEC-REGISTRATION, JAMB).
    const valid =
      value.serviceType === 'cable'
        ? (CABLE_PROVIDER_NAMES as string[]).includes(name)
        : value.serviceType === 'exam'
          ? (EXAM_SERVICE_NAMES as readonly string[]).includes(name)
          : isNetworkName(name) || (value.serviceType === 'data' && isPlanType(name));
    if (!valid) {
      const message =
        value.serviceType === 'cable' ? BILL_MSG.selectCableProvider : value.serviceType === 'exam' ? BILL_MSG.selectExamService : MSG.selectNetworkAdmin;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    return { serviceName: name as LockableServiceName, serviceType: value.serviceType, serviceStatus: value.serviceStatus };
  });
export type UpdateServiceRequest = z.infer<typeof updateServiceRequest>;

// ---------------------------------------------------------------------------------------------
// Dashboard (GET /admin)

/** One of the newest users as the dashboard lists them: never a password hash, API key or secret. */
export interface DashboardUserView {
  _id: string;
  userName: string;
  email: string;
  phoneNumber: string;
  userType: string;
  balance: number;
  createdAt: string;
  lastLogin: string | null;
}

/** Sales of one product on one network over a period; amounts in naira. */
export interface SalesRow {
  product: string;
  network: string;
  sales: number;
  profit: number;
  count: number;
}

export interface DaySales {
  /** Lagos calendar day, YYYY-MM-DD. */
  day: string;
  sales: number;
  profit: number;
  count: number;
}

export interface DashboardFigures {
  totalUsers: number;
  /** Sum of every wallet's balance, naira. */
  totalBalance: number;
  /** Purchases still processing or pending at a supplier. */
  openPurchases: number;
  refundsToday: { count: number; amount: number };
  today: SalesRow[];
  last30Days: SalesRow[];
  /** The last 30 days, oldest first, today last. */
  salesPerDay: DaySales[];
}

export interface DashboardResponse {
  allUsers: DashboardUserView[];
  /** The newest transactions of everybody (a bounded page, newest first), as GET /transaction rows show them. */
  allTransactions: TransactionView[];
  services: ServiceView[];
  figures: DashboardFigures;
}
