/**
 * Service locks, pure: an admin can lock airtime or data
 * of a network, or data of one plan type (e.g. only MTN-CG). A purchase of a locked service is
 * refused before any money moves. Anything never set is available.
 */
import type { LockableServiceName, ServiceView } from '../../../shared/api/admin.js';
import { CABLE_PROVIDER_NAMES, EXAM_SERVICE_NAMES } from '../../../shared/bills.js';
import { NETWORK_NAMES, SERVICE_TYPES, type ServiceStatus, type ServiceType } from '../../../shared/constants.js';

export interface ServiceSetting {
  serviceName: LockableServiceName;
  serviceType: ServiceType;
  serviceStatus: ServiceStatus;
  updatedAt: string;
  updatedBy?: string;
}

export function serviceId(serviceType: ServiceType, serviceName: string): string {
  return `${serviceType}:${serviceName}`;
}

/**
 * Service settings read ahead, with the caller's profile in one request (the lock items of `names`
 * that exist): what a purchase of those names needs to know of its locks, without a read of its own.
 */
export interface ServiceLocksRead {
  serviceType: ServiceType;
  names: readonly string[];
  settings: readonly ServiceSetting[];
}

/**
 * A purchase's locks answered from a read ahead: the first locked name, or undefined when none is;
 * `unknown` when the read did not cover every name (another service, or names it did not read).
 */
export function lockedServiceFromRead(read: ServiceLocksRead | undefined, serviceType: ServiceType, names: readonly string[]): string | undefined | 'unknown' {
  if (!read || read.serviceType !== serviceType || !names.every((name) => read.names.includes(name))) return 'unknown';
  return lockedService(read.settings, serviceType, names);
}

/**
 * The names whose lock stops a purchase: the network, and for data also the plan's type. The
 * first locked one is returned (for the message), or undefined when the purchase may go on.
 */
export function lockedService(settings: readonly ServiceSetting[], serviceType: ServiceType, names: readonly string[]): string | undefined {
  return names.find((name) => settings.some((s) => s.serviceType === serviceType && s.serviceName === name && s.serviceStatus === 'locked'));
}

export function toServiceView(setting: Pick<ServiceSetting, 'serviceName' | 'serviceType' | 'serviceStatus'> & { updatedAt?: string | null }): ServiceView {
  return {
    _id: serviceId(setting.serviceType, setting.serviceName),
    serviceName: setting.serviceName,
    serviceType: setting.serviceType,
    serviceStatus: setting.serviceStatus,
    isAvailable: setting.serviceStatus === 'available',
    updatedAt: setting.updatedAt ?? null,
  };
}

/**
 * What GET /admin/checkServices shows: every network for each service type (available unless an
 * admin locked it), then any plan-type settings an admin made.
 */
export function serviceList(settings: readonly ServiceSetting[]): ServiceView[] {
  const stored = new Map(settings.map((s) => [serviceId(s.serviceType, s.serviceName), s]));
  const views: ServiceView[] = [];
  for (const serviceType of SERVICE_TYPES) {
    for (const network of NETWORK_NAMES) {
      const setting = stored.get(serviceId(serviceType, network));
      views.push(toServiceView(setting ?? { serviceName: network, serviceType, serviceStatus: 'available', updatedAt: null }));
      stored.delete(serviceId(serviceType, network));
    }
  }
  // Cable TV per provider, exam PINs per exam service: available unless locked.
  const billRows: [ServiceType, readonly string[]][] = [
    ['cable', CABLE_PROVIDER_NAMES],
    ['exam', EXAM_SERVICE_NAMES],
  ];
  for (const [serviceType, names] of billRows) {
    for (const name of names) {
      const setting = stored.get(serviceId(serviceType, name));
      views.push(toServiceView(setting ?? { serviceName: name as LockableServiceName, serviceType, serviceStatus: 'available', updatedAt: null }));
      stored.delete(serviceId(serviceType, name));
    }
  }
  const extra = [...stored.values()].sort((a, b) => a.serviceType.localeCompare(b.serviceType) || a.serviceName.localeCompare(b.serviceName));
  return [...views, ...extra.map(toServiceView)];
}
