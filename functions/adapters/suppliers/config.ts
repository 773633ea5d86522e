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
import { CONFIGURABLE_SUPPLIERS, ELECTRICITY_COMPANIES, NETWORK_NAMES, type ConfigurableSupplierName, type NetworkName } from '../../../shared/constants.js';
import { ENV } from '../../../shared/runtime-env.js';
import { env, MissingConfigError } from '../config.js';

const networkIds = z.object(
  Object.fromEntries(NETWORK_NAMES.map((network) => [network, z.coerce.number().int().positive()])) as Record<NetworkName, z.ZodNumber>,
);

/**
 * The `disco_name` most MSORG panels use for each electricity company ("Ikeja Electric" …), by our
 * meter id (spec §9). A panel that spells them otherwise lists its own in `electricity`.
 */
export const MSORG_DISCO_NAMES: Readonly<Record<number, string>> = Object.fromEntries(ELECTRICITY_COMPANIES.map((company) => [company.meterId, `${company.name} Electric`]));

export const msorgConfigSchema = z.object({
  name: z.enum(CONFIGURABLE_SUPPLIERS),
  protocol: z.literal('msorg'),
  baseUrl: z.string().url(),
  networkIds: networkIds.partial(),
  /**
   * Electricity through the panel (/api/validatemeter, /api/billpayment/): absent or false for none,
   * true for the usual disco names (MSORG_DISCO_NAMES), or the panel's own `{"<our meter id>": "<disco_name>"}`.
   */
  electricity: z.union([z.boolean(), z.record(z.string().regex(/^\d+$/), z.string().min(1))]).optional(),
  /**
   * Whether the panel numbers data plans as we do: then a plan without an entered id for it is sent
   * with our plan id. Absent or false: such a plan is not sent to this panel at all.
   */
  sharesOurPlanIds: z.boolean().optional(),
});
export type MsorgSupplierConfig = z.infer<typeof msorgConfigSchema>;

export const vtpassConfigSchema = z.object({
  name: z.enum(CONFIGURABLE_SUPPLIERS),
  protocol: z.literal('vtpass'),
  /** https://vtpass.com (live) or https://sandbox.vtpass.com; paths are /api/pay, /api/requery, /api/merchant-verify. */
  baseUrl: z.string().url(),
  /** Networks VTpass delivers airtime and data for (serviceIDs mtn, glo, airtel, etisalat); empty: electricity only. */
  networks: z.array(z.enum(NETWORK_NAMES)).default([]),
  /** Our data plan id → VTpass variation_code (GET /api/service-variations); a plan without one is not sent to VTpass. */
  dataVariationCodes: z.record(z.string().regex(/^\d+$/), z.string().min(1)).default({}),
  /** Whether VTpass sells us electricity tokens (the discos' serviceIDs are VTpass's own). */
  electricity: z.boolean().default(true),
});
export type VtpassSupplierConfig = z.infer<typeof vtpassConfigSchema>;

export const supplierConfigSchema = z.discriminatedUnion('protocol', [msorgConfigSchema, vtpassConfigSchema]);
export type SupplierConfig = z.infer<typeof supplierConfigSchema>;

/** Whether a configured supplier delivers airtime and data on a network. */
export function servesNetwork(config: SupplierConfig, network: NetworkName): boolean {
  return config.protocol === 'msorg' ? config.networkIds[network] !== undefined : config.networks.includes(network);
}

/** An MSORG panel's disco names by our meter id (empty: it sells no electricity). */
export function msorgDiscoNames(config: MsorgSupplierConfig): Readonly<Record<number, string>> {
  if (config.electricity === true) return MSORG_DISCO_NAMES;
  if (!config.electricity) return {};
  return Object.fromEntries(Object.entries(config.electricity).map(([meterId, name]) => [Number(meterId), name]));
}

/** Whether a configured supplier sells electricity. */
export function sellsElectricity(config: SupplierConfig): boolean {
  return config.protocol === 'vtpass' ? config.electricity : Object.keys(msorgDiscoNames(config)).length > 0;
}

export class InvalidSupplierConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidSupplierConfigError';
  }
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

/** The three VTpass credentials (integrations.md): api-key always, public-key on GET, secret-key on POST. */
export const VTPASS_KEY_NAMES = ['api-key', 'public-key', 'secret-key'] as const;
export type VtpassKeyName = (typeof VTPASS_KEY_NAMES)[number];

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
