/**
 * The supplier directory: which suppliers deliver a network, in order. First the supplier an
 * admin chose for the network (GET/POST /admin/supplier; default ALARO), then every other
 * configured supplier that serves the network — tried only after a definite failure of the one
 * before (domain/fulfilment.ts), never after an ambiguous answer.
 */
import { DEFAULT_ELECTRICITY_SUPPLIER, type ConfigurableSupplierName, type NetworkName, type SupplierName } from '../../../shared/constants.js';
import { supplierPreference } from '../../domain/purchases/suppliers.js';
import type { ServiceKind, SupplierDirectory, SupplierGateway } from '../../domain/purchases/suppliers-port.js';
import { cachedSupplierChoice } from '../dynamo/purchases/settings.js';
import { meteredGateway } from '../metered.js';
import {
  sellsElectricity,
  servesNetwork,
  supplierSecret,
  supplierTimeoutMs,
  suppliersFromEnv,
  supplierToken,
  type SupplierConfig,
} from './suppliers-config.js';
import { MsorgSupplier } from './msorg/gateway.js';
import { VtpassSupplier } from './vtpass/gateway.js';
import { EpinPanelSupplier } from './epin-panel/gateway.js';

/** Supplier names for a network, most preferred first (see domain/suppliers.ts). */
export function preferenceFor(
  _network: NetworkName,
  _service: ServiceKind,
  configured: readonly ConfigurableSupplierName[],
  chosen?: SupplierName,
): ConfigurableSupplierName[] {
  return supplierPreference(configured, chosen);
}

/** Electricity suppliers, most preferred first: the default electricity supplier (VTPASS), then the others in configuration order. */
export function electricityPreference(configured: readonly ConfigurableSupplierName[]): ConfigurableSupplierName[] {
  const unique = [...new Set(configured)];
  return unique.includes(DEFAULT_ELECTRICITY_SUPPLIER)
    ? [DEFAULT_ELECTRICITY_SUPPLIER, ...unique.filter((name) => name !== DEFAULT_ELECTRICITY_SUPPLIER)]
    : unique;
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
        .filter((name) => {
          const config = configs.find((c) => c.name === name);
          return config !== undefined && servesNetwork(config, network);
        })
        .map((name) => gateways.get(name)!);
    },
    async forElectricity() {
      const selling = configs.filter(sellsElectricity).map((config) => config.name);
      return electricityPreference(selling).map((name) => gateways.get(name)!);
    },
    async forBills() {
      // Cable TV and exam PINs are VTpass services: every VTpass account sells them.
      const selling = configs.filter((config) => config.protocol === 'vtpass').map((config) => config.name);
      return electricityPreference(selling).map((name) => gateways.get(name)!);
    },
    async forEpins() {
      // Recharge cards come from the e-PIN panels, in configuration order (the next only after a definite failure).
      return configs.filter((config) => config.protocol === 'epin-panel').map((config) => gateways.get(config.name)!);
    },
    async byName(name) {
      return gateways.get(name);
    },
  };
}

let fromEnv: SupplierDirectory | undefined;

/** The gateway speaking a configured supplier's protocol. */
export function gatewayFor(config: SupplierConfig, timeoutMs: number = supplierTimeoutMs()): SupplierGateway {
  switch (config.protocol) {
    case 'msorg':
      return new MsorgSupplier({ config, token: supplierToken, timeoutMs });
    case 'vtpass':
      return new VtpassSupplier({ config, secret: supplierSecret, timeoutMs });
    case 'epin-panel':
      return new EpinPanelSupplier({ config, token: supplierToken, timeoutMs });
  }
}

/** The directory described by SUPPLIERS_CONFIG, tokens from SUPPLIER_TOKENS or SSM, choices from the table. */
export function supplierDirectoryFromEnv(): SupplierDirectory {
  fromEnv ??= supplierDirectory(
    suppliersFromEnv(),
    (config) => meteredGateway(gatewayFor(config)),
    async (network) => (await cachedSupplierChoice(network))?.supplierName,
  );
  return fromEnv;
}
