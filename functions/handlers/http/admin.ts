/**
 * The admin settings HTTP service: the supplier chosen per network (GET/POST /admin/supplier) and
 * service locks (POST /admin/updateServices, GET /admin/checkServices). Both take effect on the
 * next purchase: fulfilment and the purchase handler read them strongly consistent.
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
import { dynamoServiceLocks, dynamoSupplierChoices } from '../../adapters/dynamo/settings.js';
import { loadPrincipal } from '../../adapters/dynamo/users.js';
import { logger } from '../../adapters/observability.js';
import { serviceList, toServiceView } from '../../domain/service-locks.js';
import type { ServiceLockStore, SupplierChoiceStore } from '../../ports/settings.js';
import { httpService, parseInput, type HttpAnswer, type HttpRequest, type OperationHandler } from '../../middleware/http.js';

export interface AdminDeps {
  services: ServiceLockStore;
  suppliers: SupplierChoiceStore;
  now(): Date;
}

export function adminOperations(deps: AdminDeps) {
  async function supplierList(): Promise<SupplierListResponse> {
    const chosen = new Map((await deps.suppliers.list()).map((c) => [c.network, c]));
    const suppliers: SupplierChoiceView[] = NETWORK_NAMES.map((network) => {
      const choice = chosen.get(network);
      return { network, supplierName: choice?.supplierName ?? DEFAULT_SUPPLIER, updatedAt: choice?.updatedAt ?? null };
    });
    return { suppliers, supplierNames: [...SUPPLIERS] };
  }

  const listSuppliers: OperationHandler = async () => ({ body: await supplierList() });

  const setSupplier: OperationHandler = async (request) => {
    const input = parseInput(setSupplierRequest, request.body);
    const updatedAt = deps.now().toISOString();
    await deps.suppliers.set({ network: input.network, supplierName: input.supplierName, updatedAt, updatedBy: request.principal?.userName });
    logger.info('supplier chosen', { network: input.network, supplier: input.supplierName, by: request.principal?.userName });
    const body: SupplierResponse = {
      msg: CATALOGUE_MSG.supplierUpdated,
      supplier: { network: input.network, supplierName: input.supplierName, updatedAt },
      ...(await supplierList()),
    };
    return { body };
  };

  const updateServices: OperationHandler = async (request) => {
    const input = parseInput(updateServiceRequest, request.body);
    const setting = { ...input, updatedAt: deps.now().toISOString(), updatedBy: request.principal?.userName };
    await deps.services.set(setting);
    logger.info('service status set', { ...input, by: request.principal?.userName });
    const body: ServiceResponse = { msg: CATALOGUE_MSG.serviceUpdated, service: toServiceView(setting), services: serviceList(await deps.services.list()) };
    return { body };
  };

  const checkServices: OperationHandler = async () => {
    const body: ServiceListResponse = { services: serviceList(await deps.services.list()) };
    return { body };
  };

  return { listSuppliers, setSupplier, updateServices, checkServices } satisfies Record<string, (request: HttpRequest) => Promise<HttpAnswer>>;
}

export const handler = httpService(
  'admin',
  adminOperations({ services: dynamoServiceLocks, suppliers: dynamoSupplierChoices, now: () => new Date() }),
  { loadPrincipal },
);
