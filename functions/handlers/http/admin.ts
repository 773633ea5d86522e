/**
 * The admin HTTP service: the supplier chosen per network (GET/POST /admin/supplier) and service
 * locks (POST /admin/updateServices, GET /admin/checkServices) — both take effect on the next
 * purchase: fulfilment and the purchase handler read them strongly consistent — and the
 * dashboard (GET /admin), which only reads (running totals, bounded counts).
 */
import {
  setSupplierRequest,
  updateServiceRequest,
  type ServiceListResponse,
  type ServiceResponse,
  type SupplierChoiceView,
  type SupplierListResponse,
  type SupplierResponse,
} from '../../../shared/api/admin.js';
import { DEFAULT_SUPPLIER, NETWORK_NAMES, SUPPLIERS } from '../../../shared/constants.js';
import { CATALOGUE_MSG } from '../../../shared/messages.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/config.js';
import { dynamoServiceLocks, dynamoSupplierChoices } from '../../adapters/dynamo/settings.js';
import { logger } from '../../adapters/observability.js';
import { dynamoBackOffice } from '../../adapters/dynamo/back-office.js';
import { serviceList, toServiceView } from '../../domain/service-locks.js';
import { adminDashboard } from '../../domain/admin-dashboard.js';
import type { ServiceLockStore, SupplierChoiceStore } from '../../ports/settings.js';
import type { BackOfficeFigures } from '../../ports/back-office.js';
import { httpService, ok, parseInput, type UserOperation } from '../../middleware/http.js';
import { edge } from './edge.js';

export interface AdminDeps {
  services: ServiceLockStore;
  suppliers: SupplierChoiceStore;
  figures: BackOfficeFigures;
  now(): Date;
}

async function supplierList(deps: AdminDeps): Promise<SupplierListResponse> {
  const chosen = new Map((await deps.suppliers.list()).map((c) => [c.network, c]));
  const suppliers: SupplierChoiceView[] = NETWORK_NAMES.map((network) => {
    const choice = chosen.get(network);
    return { network, supplierName: choice?.supplierName ?? DEFAULT_SUPPLIER, updatedAt: choice?.updatedAt ?? null };
  });
  return { suppliers, supplierNames: [...SUPPLIERS] };
}

export const listSuppliersOperation =
  (deps: AdminDeps): UserOperation =>
  async () =>
    ok(await supplierList(deps));

export const setSupplierOperation =
  (deps: AdminDeps): UserOperation =>
  async ({ body, principal }) => {
    const input = parseInput(setSupplierRequest, body);
    const updatedAt = deps.now().toISOString();
    await deps.suppliers.set({ network: input.network, supplierName: input.supplierName, updatedAt, updatedBy: principal.userName });
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
  async ({ body, principal }) => {
    const input = parseInput(updateServiceRequest, body);
    const setting = { ...input, updatedAt: deps.now().toISOString(), updatedBy: principal.userName };
    await deps.services.set(setting);
    logger.info('service status set', { ...input, by: principal.userName });
    const answer: ServiceResponse = { msg: CATALOGUE_MSG.serviceUpdated, service: toServiceView(setting), services: serviceList(await deps.services.list()) };
    return ok(answer);
  };

export const checkServicesOperation =
  (deps: AdminDeps): UserOperation =>
  async () => {
    const answer: ServiceListResponse = { services: serviceList(await deps.services.list()) };
    return ok(answer);
  };

export const adminDashboardOperation =
  (deps: AdminDeps): UserOperation =>
  async () =>
    ok(await adminDashboard(deps));

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session]);

const deps: AdminDeps = { services: dynamoServiceLocks, suppliers: dynamoSupplierChoices, figures: dynamoBackOffice, now: () => new Date() };

export const handler = httpService(
  'admin',
  {
    listSuppliers: listSuppliersOperation(deps),
    setSupplier: setSupplierOperation(deps),
    updateServices: updateServicesOperation(deps),
    checkServices: checkServicesOperation(deps),
    adminDashboard: adminDashboardOperation(deps),
  },
  edge,
);
