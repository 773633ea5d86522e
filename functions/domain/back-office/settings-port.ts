/** Ports to the admin's settings: service locks and the supplier chosen per network. */
import type { InWriteAudit } from './audit.js';
import type { NetworkName, SupplierName } from '../../../shared/constants.js';
import type { ServiceSetting } from '../purchases/service-locks.js';

/** What an operator's settings write changed: the value it replaced (none the first time) and the new one. */
export interface SettingChange<Value> {
  before: Value | undefined;
  after: Value;
}

/** The `set`s below: with `audit`, the operator's entry is put in the same write, naming exactly the value replaced. */
export interface ServiceLockStore {
  list(): Promise<ServiceSetting[]>;
  set(setting: ServiceSetting, audit?: InWriteAudit<SettingChange<ServiceSetting>>): Promise<void>;
  // Whether a purchase's services are locked is read by its debit (Ledger.debitPurchase).
}

export interface SupplierChoice {
  network: NetworkName;
  supplierName: SupplierName;
  updatedAt: string;
}

export interface SupplierChoiceStore {
  list(): Promise<SupplierChoice[]>;
  get(network: NetworkName): Promise<SupplierChoice | undefined>;
  set(choice: SupplierChoice & { updatedBy?: string }, audit?: InWriteAudit<SettingChange<SupplierChoice>>): Promise<void>;
}

/** The notice to every signed-in user; a new one replaces the last. */
export interface Notification {
  msg: string;
  /** New for every message set: what a user's acknowledgement names. */
  id: string;
  updatedAt: string;
  updatedBy: string;
}

/** What setting the notice changed: the notice it replaced (none the first time) and the new one. */
export type NotificationChange = SettingChange<Notification>;

export interface NotificationStore {
  get(): Promise<Notification | undefined>;
  set(notification: Notification, audit?: InWriteAudit<NotificationChange>): Promise<void>;
}

/** Each user's acknowledgement of the notice: the id of the last notice they pressed OK on. */
export interface NotificationAcks {
  acknowledgedId(userId: string): Promise<string | undefined>;
  acknowledge(userId: string, notificationId: string, at: Date): Promise<void>;
}
