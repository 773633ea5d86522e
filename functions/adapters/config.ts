/**
 * Configuration, read once per cold start and failing loudly when something is missing.
 * Secrets come from Secrets Manager / SSM in the cloud; the local cloud passes them as variables.
 */
import { getSecret } from './aws/parameters.js';
import { ENV } from '../../shared/runtime-env.js';

export class MissingConfigError extends Error {
  constructor(name: string) {
    super(`missing required environment variable ${name}`);
    this.name = 'MissingConfigError';
  }
}

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new MissingConfigError(name);
  return value;
}

export function optionalEnv(name: string, fallback: string): string {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : value;
}

let jwtSecret: Promise<Uint8Array> | undefined;

/** The token-signing key: JWT_SECRET locally, the Secrets Manager secret in the cloud (cached per container). */
export function jwtSigningKey(): Promise<Uint8Array> {
  jwtSecret ??= (async () => {
    const direct = process.env[ENV.jwtSecret];
    const secret = direct || (await getSecret(requireEnv(ENV.jwtSecretArn), { maxAge: 3600 }));
    if (typeof secret !== 'string' || secret.length < 32) throw new MissingConfigError(`${ENV.jwtSecret} (at least 32 characters)`);
    return new TextEncoder().encode(secret);
  })();
  return jwtSecret;
}
