/**
 * Supplier configuration: SUPPLIERS_CONFIG (JSON, no secrets) parsed once and loudly; tokens from
 * SUPPLIER_TOKENS (local cloud) or SSM SecureString `${SUPPLIER_PARAM_PREFIX}<NAME>/token` (cloud,
 * decrypted, cached for five minutes).
 */
import { getParameter } from '@aws-lambda-powertools/parameters/ssm';
import { z } from 'zod';
import { NETWORK_NAMES, SUPPLIER_TIMEOUT_DEFAULT_MS, SUPPLIERS, type NetworkName, type SupplierName } from '../../../shared/constants.js';
import { ENV } from '../../../shared/runtime-env.js';
import { MissingConfigError, optionalEnv, requireEnv } from '../config.js';

const networkIds = z.object(
  Object.fromEntries(NETWORK_NAMES.map((network) => [network, z.coerce.number().int().positive()])) as Record<NetworkName, z.ZodNumber>,
);

export const supplierConfigSchema = z.object({
  name: z.enum(SUPPLIERS),
  protocol: z.literal('msorg'),
  baseUrl: z.string().url(),
  networkIds: networkIds.partial(),
});
export type SupplierConfig = z.infer<typeof supplierConfigSchema>;

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
  return parsed.data;
}

let configs: SupplierConfig[] | undefined;

export function suppliersFromEnv(): SupplierConfig[] {
  configs ??= parseSuppliersConfig(requireEnv(ENV.suppliersConfig));
  return configs;
}

export function supplierTimeoutMs(): number {
  const value = Number(optionalEnv(ENV.supplierTimeoutMs, String(SUPPLIER_TIMEOUT_DEFAULT_MS)));
  if (!Number.isInteger(value) || value <= 0) throw new InvalidSupplierConfigError(`${ENV.supplierTimeoutMs} must be a positive integer`);
  return value;
}

let directTokens: Record<string, string> | undefined;

/** The API token of a supplier. */
export async function supplierToken(name: SupplierName): Promise<string> {
  const direct = process.env[ENV.supplierTokens];
  if (direct) {
    directTokens ??= JSON.parse(direct) as Record<string, string>;
    const token = directTokens[name];
    if (!token) throw new MissingConfigError(`${ENV.supplierTokens}.${name}`);
    return token;
  }
  const token = await getParameter(`${requireEnv(ENV.supplierParamPrefix)}${name}/token`, { decrypt: true, maxAge: 300 });
  if (!token) throw new MissingConfigError(`SSM parameter ${requireEnv(ENV.supplierParamPrefix)}${name}/token`);
  return token;
}
