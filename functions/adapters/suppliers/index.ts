/**
 * The supplier directory: which suppliers deliver a network, in order. First the supplier an
 * admin chose for the network (GET/POST /admin/supplier; default ALARO), then every other
 * configured supplier that serves the network — tried only after a definite failure of the one
 * before (domain/fulfilment.ts), never after an ambiguous answer.
 */
import type { NetworkName, SupplierName } from '../../../shared/constants.js';
import { supplierPreference } from '../../domain/suppliers.js';
import type { ServiceKind, SupplierDirectory, SupplierGateway } from '../../ports/suppliers.js';
import { dynamoSupplierChoices } from '../dynamo/settings.js';
import { supplierTimeoutMs, suppliersFromEnv, supplierToken, type SupplierConfig } from './config.js';
import { MsorgSupplier } from './msorg.js';

/** Supplier names for a network, most preferred first (see domain/suppliers.ts). */
export function preferenceFor(_network: NetworkName, _service: ServiceKind, configured: readonly SupplierName[], chosen?: SupplierName): SupplierName[] {
  return supplierPreference(configured, chosen);
}

/** Reads the admin's choice for a network; undefined means the default. */
export type SupplierChoiceReader = (network: NetworkName) => Promise<SupplierName | undefined>;

export function supplierDirectory(
  configs: SupplierConfig[],
  gatewayOf: (config: SupplierConfig) => SupplierGateway,
  choiceOf: SupplierChoiceReader = async () => undefined,
): SupplierDirectory {
  const gateways = new Map(configs.map((config) => [config.name as string, gatewayOf(config)]));
  const names = configs.map((config) => config.name);
  return {
    async forNetwork(network, service) {
      const chosen = await choiceOf(network);
      return preferenceFor(network, service, names, chosen)
        .filter((name) => configs.find((c) => c.name === name)?.networkIds[network] !== undefined)
        .map((name) => gateways.get(name)!);
    },
    async byName(name) {
      return gateways.get(name);
    },
  };
}

let fromEnv: SupplierDirectory | undefined;

/** The directory described by SUPPLIERS_CONFIG, tokens from SUPPLIER_TOKENS or SSM, choices from the table. */
export function supplierDirectoryFromEnv(): SupplierDirectory {
  fromEnv ??= supplierDirectory(
    suppliersFromEnv(),
    (config) => new MsorgSupplier({ config, token: supplierToken, timeoutMs: supplierTimeoutMs() }),
    async (network) => (await dynamoSupplierChoices.get(network))?.supplierName,
  );
  return fromEnv;
}
