/**
 * Payment-provider configuration: PROVIDERS_CONFIG (JSON, no secrets) parsed once and loudly;
 * secrets from PROVIDER_SECRETS (local cloud) or SSM SecureString parameters under
 * PROVIDER_PARAM_PREFIX (cloud, decrypted, cached for five minutes):
 *   <prefix>squad/secretKey, <prefix>monnify/apiKey, <prefix>monnify/secretKey,
 *   <prefix>paystack/secretKey, <prefix>identity/apiKey
 */
import { getParameter } from '../aws/parameters.js';
import { z } from 'zod';
import { PROVIDER_TIMEOUT_DEFAULT_MS } from '../../../shared/constants.js';
import { ENV, PROVIDER_SECRET_PARAMETERS, type ProviderSecretName } from '../../../shared/runtime-env.js';
import { MissingConfigError, optionalEnv, requireEnv } from '../config.js';

const baseUrl = z.string().url();

export const providersConfigSchema = z.object({
  squad: z.object({ baseUrl }),
  monnify: z.object({ baseUrl, contractCode: z.string().min(1) }),
  paystack: z.object({ baseUrl }),
  identity: z.object({ baseUrl, appId: z.string().min(1) }),
});
export type ProvidersConfig = z.infer<typeof providersConfigSchema>;

export class InvalidProvidersConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidProvidersConfigError';
  }
}

export function parseProvidersConfig(json: string): ProvidersConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (cause) {
    throw new InvalidProvidersConfigError(`${ENV.providersConfig} is not JSON`, { cause });
  }
  const parsed = providersConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidProvidersConfigError(`${ENV.providersConfig} is invalid at ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}

let config: ProvidersConfig | undefined;
export function providersFromEnv(): ProvidersConfig {
  config ??= parseProvidersConfig(requireEnv(ENV.providersConfig));
  return config;
}

export function providerTimeoutMs(): number {
  const value = Number(optionalEnv(ENV.providerTimeoutMs, String(PROVIDER_TIMEOUT_DEFAULT_MS)));
  if (!Number.isInteger(value) || value <= 0) throw new InvalidProvidersConfigError(`${ENV.providerTimeoutMs} must be a positive integer`);
  return value;
}

export type { ProviderSecretName };

let directSecrets: Record<string, string> | undefined;

/** One provider secret. Throws MissingConfigError when it is not configured. */
export async function providerSecret(name: ProviderSecretName): Promise<string> {
  const direct = process.env[ENV.providerSecrets];
  if (direct) {
    directSecrets ??= JSON.parse(direct) as Record<string, string>;
    const value = directSecrets[name];
    if (!value) throw new MissingConfigError(`${ENV.providerSecrets}.${name}`);
    return value;
  }
  const parameter = `${requireEnv(ENV.providerParamPrefix)}${PROVIDER_SECRET_PARAMETERS[name]}`;
  const value = await getParameter(parameter, { decrypt: true, maxAge: 300 });
  if (!value) throw new MissingConfigError(`SSM parameter ${parameter}`);
  return value;
}
