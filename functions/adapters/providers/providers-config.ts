/**
 * Payment-provider configuration: PROVIDERS_CONFIG (JSON, no secrets) parsed once and loudly;
 * secrets from PROVIDER_SECRETS (local cloud) or SSM SecureString parameters under
 * PROVIDER_PARAM_PREFIX (cloud, decrypted, cached for five minutes):
 *   <prefix>squad/secretKey, <prefix>monnify/apiKey, <prefix>monnify/secretKey,
 *   <prefix>paystack/secretKey, <prefix>identity/apiKey
 */
import { getParameter } from '../aws/parameters.js';
import { z } from 'zod';
import { ENV, PROVIDER_SECRET_PARAMETERS, type ProviderSecretName } from '../../../shared/runtime-env.js';
import { env, MissingConfigError } from '../environment.js';

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
  config ??= parseProvidersConfig(env(ENV.providersConfig));
  return config;
}

/** Milliseconds before a provider call counts as "no answer" (PROVIDER_TIMEOUT_MS, default PROVIDER_TIMEOUT_DEFAULT_MS). */
export function providerTimeoutMs(): number {
  return env(ENV.providerTimeoutMs);
}

export type { ProviderSecretName };

/** One provider secret. Throws MissingConfigError when it is not configured. */
export async function providerSecret(name: ProviderSecretName): Promise<string> {
  const direct = env(ENV.providerSecrets);
  if (direct) {
    const value = direct[name];
    if (!value) throw new MissingConfigError(`${ENV.providerSecrets}.${name}`);
    return value;
  }
  const prefix = env(ENV.providerParamPrefix);
  if (prefix === undefined) throw new MissingConfigError(`${ENV.providerSecrets} or ${ENV.providerParamPrefix}`);
  const parameter = `${prefix}${PROVIDER_SECRET_PARAMETERS[name]}`;
  const value = await getParameter(parameter, { decrypt: true, maxAge: 300 });
  if (!value) throw new MissingConfigError(`SSM parameter ${parameter}`);
  return value;
}
