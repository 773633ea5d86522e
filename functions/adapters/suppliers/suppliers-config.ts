/**
 * Supplier configuration: SUPPLIERS_CONFIG (JSON, no secrets) parsed once and loudly; tokens from
 * SUPPLIER_TOKENS (local cloud) or SSM SecureString `${SUPPLIER_PARAM_PREFIX}<NAME>/token` (cloud,
 * decrypted, cached for five minutes).
 *
 * Two protocols: `msorg` (ALARO, GLAD: one token; electricity when `electricity` is set) and `vtpass` (three keys: api-key, public-key,
 * secret-key — in SUPPLIER_TOKENS as {"VTPASS": {"api-key": …, "public-key": …, "secret-key": …}},
 * in SSM as `${SUPPLIER_PARAM_PREFIX}VTPASS/api-key` and so on).
 */
import { getParameter } from '../aws/parameters.js';
import { z } from 'zod';
import type { ConfigurableSupplierName, NetworkName } from '../../../shared/constants.js';
import { ENV } from '../../../shared/runtime-env.js';
import { env, MissingConfigError } from '../environment.js';
import { msorgConfigSchema, msorgDiscoNames } from './msorg/config.js';
import { vtpassConfigSchema, type VtpassKeyName } from './vtpass/config.js';
import { epinPanelConfigSchema } from './epin-panel/config.js';

export { MSORG_DISCO_NAMES, msorgDiscoNames, type MsorgSupplierConfig } from './msorg/config.js';
export { VTPASS_KEY_NAMES, type VtpassKeyName, type VtpassSupplierConfig } from './vtpass/config.js';

export const supplierConfigSchema = z.discriminatedUnion('protocol', [msorgConfigSchema, vtpassConfigSchema, epinPanelConfigSchema]);
export type SupplierConfig = z.infer<typeof supplierConfigSchema>;

/** Whether a configured supplier delivers airtime and data on a network. */
export function servesNetwork(config: SupplierConfig, network: NetworkName): boolean {
  if (config.protocol === 'epin-panel') return false;
  return config.protocol === 'msorg' ? config.networkIds[network] !== undefined : config.networks.includes(network);
}

/** Whether a configured supplier sells electricity. */
export function sellsElectricity(config: SupplierConfig): boolean {
  if (config.protocol === 'epin-panel') return false;
  return config.protocol === 'vtpass' ? config.electricity : Object.keys(msorgDiscoNames(config)).length > 0;
}

export class InvalidSupplierConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidSupplierConfigError';
  }
}

/** The configuration of a supplier that speaks `protocol` (`protocolName` in words); a gateway refuses any other. */
export function configSpeaking<P extends SupplierConfig['protocol']>(
  config: SupplierConfig,
  protocol: P,
  protocolName: string,
): Extract<SupplierConfig, { protocol: P }> {
  if (config.protocol !== protocol) throw new InvalidSupplierConfigError(`${config.name} does not speak the ${protocolName} protocol`);
  return config as Extract<SupplierConfig, { protocol: P }>;
}

export function parseSuppliersConfig(json: string): SupplierConfig[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (cause) {
    throw new InvalidSupplierConfigError(`${ENV.suppliersConfig} is not JSON`, { cause });
  }
  const parsed = z.array(supplierConfigSchema).safeParse(raw);
  if (!parsed.success) throw new InvalidSupplierConfigError(`${ENV.suppliersConfig} is invalid: ${parsed.error.issues[0]?.message}`);
  const names = parsed.data.map((config) => config.name);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated) throw new InvalidSupplierConfigError(`${ENV.suppliersConfig} is invalid: ${repeated} is configured twice`);
  return parsed.data;
}

let configs: SupplierConfig[] | undefined;

export function suppliersFromEnv(): SupplierConfig[] {
  configs ??= parseSuppliersConfig(env(ENV.suppliersConfig));
  return configs;
}

/** Milliseconds before a supplier call counts as "no answer" (SUPPLIER_TIMEOUT_MS, default SUPPLIER_TIMEOUT_DEFAULT_MS). */
export function supplierTimeoutMs(): number {
  return env(ENV.supplierTimeoutMs);
}

function parameterPrefix(): string {
  const prefix = env(ENV.supplierParamPrefix);
  if (prefix === undefined) throw new MissingConfigError(`${ENV.supplierTokens} or ${ENV.supplierParamPrefix}`);
  return prefix;
}

/** The API token of a supplier. */
export async function supplierToken(name: ConfigurableSupplierName): Promise<string> {
  const direct = env(ENV.supplierTokens);
  if (direct) {
    const token = direct[name];
    if (typeof token !== 'string' || !token) throw new MissingConfigError(`${ENV.supplierTokens}.${name}`);
    return token;
  }
  const parameter = `${parameterPrefix()}${name}/token`;
  const token = await getParameter(parameter, { decrypt: true, maxAge: 300 });
  if (!token) throw new MissingConfigError(`SSM parameter ${parameter}`);
  return token;
}

/** One named secret of a supplier with several (VTpass): SUPPLIER_TOKENS.<NAME>.<key> locally, SSM `<prefix><NAME>/<key>` in the cloud. */
export async function supplierSecret(name: ConfigurableSupplierName, key: VtpassKeyName): Promise<string> {
  const direct = env(ENV.supplierTokens);
  if (direct) {
    const entry = direct[name];
    const value = entry && typeof entry === 'object' ? entry[key] : undefined;
    if (typeof value !== 'string' || !value) throw new MissingConfigError(`${ENV.supplierTokens}.${name}.${key}`);
    return value;
  }
  const parameter = `${parameterPrefix()}${name}/${key}`;
  const value = await getParameter(parameter, { decrypt: true, maxAge: 300 });
  if (!value) throw new MissingConfigError(`SSM parameter ${parameter}`);
  return value;
}
