/**
 * The supplier directory: which suppliers deliver a network, in order. Today that is the default
 * supplier (ALARO) when configured, else the first configured one; admin selection and failover
 * slot in by returning a longer ordered list from `preferenceFor` (fulfilment already tries the
 * next supplier after a definite failure).
 */
import { DEFAULT_SUPPLIER, type NetworkName, type SupplierName } from '../../../shared/constants.js';
import type { ServiceKind, SupplierDirectory, SupplierGateway } from '../../ports/suppliers.js';
import { supplierTimeoutMs, suppliersFromEnv, supplierToken, type SupplierConfig } from './config.js';
import { MsorgSupplier } from './msorg.js';

/** Supplier names for a network, most preferred first. */
export function preferenceFor(_network: NetworkName, _service: ServiceKind, configured: readonly SupplierName[]): SupplierName[] {
  if (configured.includes(DEFAULT_SUPPLIER)) return [DEFAULT_SUPPLIER];
  return configured.slice(0, 1);
}

export function supplierDirectory(configs: SupplierConfig[], gatewayOf: (config: SupplierConfig) => SupplierGateway): SupplierDirectory {
  const gateways = new Map(configs.map((config) => [config.name as string, gatewayOf(config)]));
  const names = configs.map((config) => config.name);
  return {
    async forNetwork(network, service) {
      return preferenceFor(network, service, names)
        .filter((name) => configs.find((c) => c.name === name)?.networkIds[network] !== undefined)
        .map((name) => gateways.get(name)!);
    },
    async byName(name) {
      return gateways.get(name);
    },
  };
}

let fromEnv: SupplierDirectory | undefined;

/** The directory described by SUPPLIERS_CONFIG, tokens from SUPPLIER_TOKENS or SSM. */
export function supplierDirectoryFromEnv(): SupplierDirectory {
  fromEnv ??= supplierDirectory(suppliersFromEnv(), (config) => new MsorgSupplier({ config, token: supplierToken, timeoutMs: supplierTimeoutMs() }));
  return fromEnv;
}
