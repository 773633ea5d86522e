/**
 * The admin HTTP service: the supplier chosen per network (GET/POST /admin/supplier) and service
 * locks (POST /admin/updateServices, GET /admin/checkServices) — both take effect on the next
 * purchase: fulfilment and the purchase handler read them strongly consistent — the notice to users
 * (GET/POST /admin/notification: every signed-in user reads it, admins and agents set it) and the
 * dashboard (GET /admin), which only reads (running totals, bounded counts).
 */
import { ulid } from 'ulid';
import {
  setSupplierRequest,
  updateServiceRequest,
  type ServiceList,
  type ServiceResponse,
  type SupplierChoiceView,
  type SupplierList,
  type SupplierListResponse,
  type SupplierResponse,
} from '../../../shared/api/admin.js';
import { setNotificationRequest, type NotificationResponse, type SetNotificationResponse } from '../../../shared/api/notification.js';
import { DEFAULT_SUPPLIER, NETWORK_NAMES, SUPPLIERS } from '../../../shared/constants.js';
import { CATALOGUE_MSG, NOTIFICATION_MSG } from '../../../shared/messages.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/config.js';
import { dynamoNotification, dynamoServiceLocks, dynamoSupplierChoices } from '../../adapters/dynamo/settings.js';
import { logger } from '../../adapters/observability.js';
import { dynamoBackOffice } from '../../adapters/dynamo/back-office.js';
import { dynamoAuditTrail } from '../../adapters/dynamo/audit.js';
import { serviceList, toServiceView } from '../../domain/service-locks.js';
import { adminDashboard } from '../../domain/admin-dashboard.js';
import { inWriteAudit } from '../../domain/audit.js';
import { notificationAuditChange, serviceLockAuditChange, supplierAuditChange } from '../../domain/settings-audit.js';
import { auditedRequestOf } from '../../middleware/audit.js';
import type { NotificationStore, ServiceLockStore, SupplierChoiceStore } from '../../ports/settings.js';
import type { BackOfficeFigures } from '../../ports/back-office.js';
import { httpService, ok, parseInput, type UserOperation } from '../../middleware/http.js';
import { listAuditOperation, type AuditListingDeps } from './audit.js';
import { edge } from './edge.js';

export interface AdminDeps extends AuditListingDeps {
  services: ServiceLockStore;
  suppliers: SupplierChoiceStore;
  notification: NotificationStore;
  figures: BackOfficeFigures;
  now(): Date;
  newId(): string;
}

async function supplierChoices(deps: AdminDeps): Promise<SupplierList> {
  const chosen = new Map((await deps.suppliers.list()).map((c) => [c.network, c]));
  return NETWORK_NAMES.map((network): SupplierChoiceView => {
    const choice = chosen.get(network);
    return { network, supplierName: choice?.supplierName ?? DEFAULT_SUPPLIER, updatedAt: choice?.updatedAt ?? null };
  });
}

async function supplierList(deps: AdminDeps): Promise<SupplierListResponse> {
  return { suppliers: await supplierChoices(deps), supplierNames: [...SUPPLIERS] };
}

export const listSuppliersOperation =
  (deps: AdminDeps): UserOperation =>
  async () =>
    ok(await supplierChoices(deps));

export const setSupplierOperation =
  (deps: AdminDeps): UserOperation =>
  async (request) => {
    const { principal } = request;
    const input = parseInput(setSupplierRequest, request.body);
    const now = deps.now();
    const updatedAt = now.toISOString();
    const audit = inWriteAudit(auditedRequestOf(request), now, deps.newId(), supplierAuditChange);
    await deps.suppliers.set({ network: input.network, supplierName: input.supplierName, updatedAt, updatedBy: principal.userName }, audit);
    logger.info('supplier chosen', { network: input.network, supplier: input.supplierName, by: principal.userName });
    const answer: SupplierResponse = {
      msg: CATALOGUE_MSG.supplierUpdated,
      supplier: { network: input.network, supplierName: input.supplierName, updatedAt },
      ...(await supplierList(deps)),
    };
    return ok(answer);
  };

export const updateServicesOperation =
  (deps: AdminDeps): UserOperation =>
  async (request) => {
    const { principal } = request;
    const input = parseInput(updateServiceRequest, request.body);
    const now = deps.now();
    const setting = { ...input, updatedAt: now.toISOString(), updatedBy: principal.userName };
    await deps.services.set(setting, inWriteAudit(auditedRequestOf(request), now, deps.newId(), serviceLockAuditChange));
    logger.info('service status set', { ...input, by: principal.userName });
    const answer: ServiceResponse = { msg: CATALOGUE_MSG.serviceUpdated, service: toServiceView(setting), services: serviceList(await deps.services.list()) };
    return ok(answer);
  };

export const checkServicesOperation =
  (deps: AdminDeps): UserOperation =>
  async () => {
    const answer: ServiceList = serviceList(await deps.services.list());
    return ok(answer);
  };

export const getNotificationOperation =
  (deps: AdminDeps): UserOperation =>
  async () => {
    const notification = await deps.notification.get();
    const answer: NotificationResponse = { msg: notification?.msg ?? '', id: notification?.id ?? null };
    return ok(answer);
  };

export const setNotificationOperation =
  (deps: AdminDeps): UserOperation =>
  async (request) => {
    const { principal } = request;
    const { msg } = parseInput(setNotificationRequest, request.body);
    const now = deps.now();
    const notification = { msg, id: deps.newId(), updatedAt: now.toISOString(), updatedBy: principal.userName };
    // The entry, with the notice replaced and the new one, is put in the notice's own write.
    await deps.notification.set(notification, inWriteAudit(auditedRequestOf(request), now, deps.newId(), notificationAuditChange));
    logger.info('notification set', { id: notification.id, by: principal.userName, cleared: msg === '' });
    const answer: SetNotificationResponse = { msg: NOTIFICATION_MSG.updated, notification: { msg, id: notification.id } };
    return ok(answer);
  };

export const adminDashboardOperation =
  (deps: AdminDeps): UserOperation =>
  async () =>
    ok(await adminDashboard(deps));

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session]);

const deps: AdminDeps = {
  services: dynamoServiceLocks,
  suppliers: dynamoSupplierChoices,
  notification: dynamoNotification,
  figures: dynamoBackOffice,
  auditTrail: dynamoAuditTrail,
  now: () => new Date(),
  newId: () => ulid(),
};

export const handler = httpService(
  'admin',
  {
    listSuppliers: listSuppliersOperation(deps),
    setSupplier: setSupplierOperation(deps),
    updateServices: updateServicesOperation(deps),
    checkServices: checkServicesOperation(deps),
    getNotification: getNotificationOperation(deps),
    setNotification: setNotificationOperation(deps),
    adminDashboard: adminDashboardOperation(deps),
    listAudit: listAuditOperation(deps),
  },
  edge,
);
