/** Ports to the admin's settings: service locks and the supplier chosen per network. */
import type { NetworkName, ServiceType, SupplierName } from '../../shared/constants.js';
import type { ServiceSetting } from '../domain/service-locks.js';

export interface ServiceLockStore {
  list(): Promise<ServiceSetting[]>;
  set(setting: ServiceSetting): Promise<void>;
  /** The first of `names` locked for `serviceType` (read strongly consistent), else undefined. */
  lockedOf(serviceType: ServiceType, names: readonly string[]): Promise<string | undefined>;
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
