/** The audit entries' before/after of the admin settings an operator replaces (each put in the same write as the setting). */
import type { Notification, SettingChange, SupplierChoice } from './settings-port.js';
import type { AuditChange } from './audit.js';
import type { ServiceSetting } from '../purchases/service-locks.js';

/** The notice to users: the message replaced (none the first time) and the new one, with their ids. */
export function notificationAuditChange({ before, after }: SettingChange<Notification>): AuditChange {
  return { before: before ? { msg: before.msg, id: before.id } : null, after: { msg: after.msg, id: after.id } };
}

/** The supplier a network's purchases go to, before and after. */
export function supplierAuditChange({ before, after }: SettingChange<SupplierChoice>): AuditChange {
  return {
    before: before ? { network: before.network, supplierName: before.supplierName } : null,
    after: { network: after.network, supplierName: after.supplierName },
  };
}

/** A service's lock, before and after (none before: it was never set, so open). */
export function serviceLockAuditChange({ before, after }: SettingChange<ServiceSetting>): AuditChange {
  const state = (setting: ServiceSetting) => ({ serviceType: setting.serviceType, serviceName: setting.serviceName, serviceStatus: setting.serviceStatus });
  return { before: before ? state(before) : null, after: state(after) };
}
