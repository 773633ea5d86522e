/** Ports to the admin's settings: service locks and the supplier chosen per network. */
import type { NetworkName, SupplierName } from '../../shared/constants.js';
import type { ServiceSetting } from '../domain/service-locks.js';

export interface ServiceLockStore {
  list(): Promise<ServiceSetting[]>;
  set(setting: ServiceSetting): Promise<void>;
  // Whether a purchase's services are locked is checked inside its debit (Ledger.debitPurchase).
}

export interface SupplierChoice {
  network: NetworkName;
  supplierName: SupplierName;
  updatedAt: string;
}

export interface SupplierChoiceStore {
  list(): Promise<SupplierChoice[]>;
  get(network: NetworkName): Promise<SupplierChoice | undefined>;
  set(choice: SupplierChoice & { updatedBy?: string }): Promise<void>;
}

/** The notice to every signed-in user; a new one replaces the last. */
export interface Notification {
  msg: string;
  /** New for every message set: what a user's acknowledgement names. */
  id: string;
  updatedAt: string;
  updatedBy: string;
}

export interface NotificationStore {
  get(): Promise<Notification | undefined>;
  set(notification: Notification): Promise<void>;
}
