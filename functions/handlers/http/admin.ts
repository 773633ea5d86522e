/**
 * The admin HTTP service: the supplier chosen per network (GET/POST /admin/supplier) and service
 * locks (POST /admin/updateServices, GET /admin/checkServices) — both take effect on the next
 * purchase: fulfilment and the purchase handler read them strongly consistent — the notice to users
 * (GET/POST /admin/notification: every signed-in user reads it, admins and agents set it) and the
 * dashboard (GET /admin), which only reads (running totals, bounded counts) — and an admin's audited
 * reveal of a customer's PINs (POST /admin/transaction/{id}/reveal-pins).
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
import {
  acknowledgeNotificationRequest,
  setNotificationRequest,
  type AcknowledgeNotificationResponse,
  type NotificationResponse,
  type SetNotificationResponse,
} from '../../../shared/api/notification.js';
import { asPlainText } from '../../../shared/api/text.js';
import { DEFAULT_SUPPLIER, NETWORK_NAMES, SUPPLIERS } from '../../../shared/constants.js';
import { revealPinsParams, revealPinsRequest } from '../../../shared/api/transactions.js';
import { BILL_MSG, CATALOGUE_MSG, NOTIFICATION_MSG, REFUND_MSG } from '../../../shared/messages.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/environment.js';
import { dynamoNotification, dynamoServiceLocks, dynamoSupplierChoices } from '../../adapters/dynamo/purchases/settings.js';
import { dynamoNotificationAcks } from '../../adapters/dynamo/back-office/notification-acks.js';
import { logger } from '../../adapters/observability.js';
import { dynamoBackOffice } from '../../adapters/dynamo/back-office/back-office.js';
import { dynamoAuditTrail } from '../../adapters/dynamo/back-office/audit.js';
import { dynamoTransactions } from '../../adapters/dynamo/transactions/transactions.js';
import { serviceList, toServiceView } from '../../domain/purchases/service-locks.js';
import { adminDashboard } from '../../domain/back-office/admin-dashboard.js';
import { revealPins, type PinRevealDeps, type PinRevealResult } from '../../domain/transactions/pin-reveal.js';
import { inWriteAudit } from '../../domain/back-office/audit.js';
import { notificationAuditChange, serviceLockAuditChange, supplierAuditChange } from '../../domain/back-office/settings-audit.js';
import { auditedRequestOf } from '../../middleware/audit.js';
import type { NotificationAcks, NotificationStore, ServiceLockStore, SupplierChoiceStore } from '../../domain/back-office/settings-port.js';
import type { BackOfficeFigures } from '../../domain/back-office/back-office-port.js';
import type { TransactionRecord } from '../../domain/transactions/transactions.js';
import { answerWith, httpService, ok, parseInput, refuse, type UserOperation } from '../../middleware/http.js';
import { listAuditOperation, type AuditListingDeps } from './audit.js';
import { profitAndLossOperation, tieOutOperation, type MoneyDeskDeps } from './profit-and-loss.js';
import { readPnlTotals } from '../../adapters/dynamo/money-desk/profit-and-loss-counters.js';
import { readRecentTieOuts, readTieOut } from '../../adapters/dynamo/money-desk/tie-out-store.js';
import { edge } from './edge.js';

export interface AdminDeps extends AuditListingDeps, MoneyDeskDeps {
  services: ServiceLockStore;
  suppliers: SupplierChoiceStore;
  notification: NotificationStore;
  notificationAcks: NotificationAcks;
  figures: BackOfficeFigures;
  recentTransactions(limit: number): Promise<TransactionRecord[]>;
  /** The reveal of a customer's PINs reads the purchase and appends its own audit entry. */
  transactions: PinRevealDeps['transactions'];
  audit: PinRevealDeps['audit'];
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

/**
 * The notice as served: plain text, never markup. A notice set now is refused with markup
 * (setNotificationRequest); one stored before that rule loses its tags and invisible characters here.
 */
const servedNotice = (msg: string | undefined): string => asPlainText(msg ?? '', true);

export const getNotificationOperation =
  (deps: AdminDeps): UserOperation =>
  async ({ principal }) => {
    const [notification, acknowledged] = await Promise.all([deps.notification.get(), deps.notificationAcks.acknowledgedId(principal.userId)]);
    const answer: NotificationResponse = {
      msg: servedNotice(notification?.msg),
      id: notification?.id ?? null,
      checked: notification !== undefined && acknowledged === notification.id,
    };
    return ok(answer);
  };

/**
 * The caller pressed OK on the notice: remembered per user on the server, so no device of theirs
 * shows it again. Only the current notice can be acknowledged (409 once it was replaced: the new one
 * must still show); acknowledging it again changes nothing.
 */
export const acknowledgeNotificationOperation =
  (deps: AdminDeps): UserOperation =>
  async ({ principal, body }) => {
    const { id } = parseInput(acknowledgeNotificationRequest, body);
    const notification = await deps.notification.get();
    if (!notification || notification.id !== id) return refuse(409, NOTIFICATION_MSG.notCurrent)();
    await deps.notificationAcks.acknowledge(principal.userId, id, deps.now());
    const answer: AcknowledgeNotificationResponse = {
      msg: NOTIFICATION_MSG.acknowledged,
      notification: { msg: servedNotice(notification.msg), id, checked: true },
    };
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
    const answer: SetNotificationResponse = { msg: NOTIFICATION_MSG.updated, notification: { msg, id: notification.id, checked: false } };
    return ok(answer);
  };

export const adminDashboardOperation =
  (deps: AdminDeps): UserOperation =>
  async ({ principal }) =>
    ok(await adminDashboard(principal, deps));

const revealAnswer = answerWith<PinRevealResult>({
  revealed: ({ answer }) => ok(answer),
  not_found: refuse(404, REFUND_MSG.transactionNotFound),
  no_pins: refuse(404, BILL_MSG.noPinsToReveal),
});

/** POST /admin/transaction/{id}/reveal-pins: a customer's PINs in full, for an admin who gives a reason (audited before answered). */
export const revealPinsOperation =
  (deps: AdminDeps): UserOperation =>
  async (request) => {
    const { id } = parseInput(revealPinsParams, request.params);
    parseInput(revealPinsRequest, request.body);
    return revealAnswer(await revealPins(id, auditedRequestOf(request), deps));
  };

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session]);

const deps: AdminDeps = {
  services: dynamoServiceLocks,
  suppliers: dynamoSupplierChoices,
  notification: dynamoNotification,
  notificationAcks: dynamoNotificationAcks,
  figures: dynamoBackOffice,
  recentTransactions: (limit) => dynamoTransactions.listingPage(undefined, {}, 1, limit),
  transactions: dynamoTransactions,
  audit: dynamoAuditTrail,
  auditTrail: dynamoAuditTrail,
  pnlTotals: readPnlTotals,
  readTieOut,
  recentTieOuts: () => readRecentTieOuts(),
  pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
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
    acknowledgeNotification: acknowledgeNotificationOperation(deps),
    adminDashboard: adminDashboardOperation(deps),
    revealPins: revealPinsOperation(deps),
    listAudit: listAuditOperation(deps),
    profitAndLoss: profitAndLossOperation(deps),
    tieOut: tieOutOperation(deps),
  },
  edge,
);
