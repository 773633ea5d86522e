/**
 * The functions' environment, declared in one place: a zod schema per variable (their meanings are
 * in shared/runtime-env.ts). Each function parses the variables it uses ONCE, at cold start
 * (`loadEnv` at the top of its entry module), so a missing or malformed variable fails the init,
 * by name, instead of a request later; the adapters then read the parsed values (`env`).
 */
import { z } from 'zod';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  API_KEY_RATE_LIMIT_PER_MINUTE,
  CLAIM_STALE_MS,
  MAX_PENDING_AGE_MS,
  PROVIDER_TIMEOUT_DEFAULT_MS,
  REQUERY_AFTER_MS,
  STALE_PROCESSING_MS,
  SUPPLIER_TIMEOUT_DEFAULT_MS,
} from '../../shared/constants.js';
import { AWS_ENV, ENV } from '../../shared/runtime-env.js';

export class MissingConfigError extends Error {
  constructor(name: string) {
    super(`missing required environment variable ${name}`);
    this.name = 'MissingConfigError';
  }
}

export class InvalidEnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid environment: ${problems.join('; ')}`);
    this.name = 'InvalidEnvironmentError';
  }
}

// An empty variable is an unset one: the stack writes '' for context values nobody gave.
const unsetIfBlank = (value: unknown) => (value === '' ? undefined : value);
const required = z.preprocess(unsetIfBlank, z.string());
const optional = z.preprocess(unsetIfBlank, z.string().optional());

function wholeMilliseconds(fallback: number, least: 0 | 1, unit = 'milliseconds') {
  return optional.transform((raw, context) => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (Number.isInteger(value) && value >= least) return value;
    context.addIssue({ code: 'custom', message: `must be a ${least ? 'positive' : 'non-negative'} integer of ${unit}, got "${raw}"` });
    return z.NEVER;
  });
}

function optionalJson<T extends z.ZodTypeAny>(schema: T) {
  return optional
    .transform((raw, context) => {
      if (raw === undefined) return undefined;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'is not JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema.optional());
}

const VARIABLES = {
  [ENV.tableName]: required,
  [ENV.fulfilmentQueueUrl]: required,
  [ENV.eventBusName]: required,
  [ENV.jwtSecretArn]: optional,
  [ENV.originSecretArn]: optional,
  [ENV.originSecret]: optional,
  [ENV.jwtSecret]: optional,
  [ENV.supplierParamPrefix]: optional,
  [ENV.suppliersConfig]: required,
  [ENV.supplierTokens]: optionalJson(z.record(z.union([z.string(), z.record(z.string())]))),
  [ENV.appBaseUrl]: required,
  [ENV.mailFrom]: optional.transform((value) => value ?? 'no-reply@localhost'),
  [ENV.supplierTimeoutMs]: wholeMilliseconds(SUPPLIER_TIMEOUT_DEFAULT_MS, 1),
  [ENV.providersConfig]: required,
  [ENV.providerParamPrefix]: optional,
  [ENV.providerSecrets]: optionalJson(z.record(z.string())),
  [ENV.providerTimeoutMs]: wholeMilliseconds(PROVIDER_TIMEOUT_DEFAULT_MS, 1),
  [ENV.providerEventsQueueUrl]: required,
  [ENV.payoutQueueUrl]: required,
  [ENV.mailingQueueUrl]: required,
  [ENV.reconciliationQueueUrl]: required,
  [ENV.allowLoopbackWebhooks]: optional.transform((value) => value === 'true'),
  [ENV.webhookRetryBackoff]: optional.transform((value) => value === 'true'),
  [ENV.sweeperStaleMs]: wholeMilliseconds(STALE_PROCESSING_MS, 0),
  [ENV.sweeperRequeryAfterMs]: wholeMilliseconds(REQUERY_AFTER_MS, 0),
  [ENV.sweeperClaimStaleMs]: wholeMilliseconds(CLAIM_STALE_MS, 0),
  [ENV.sweeperMaxPendingAgeMs]: wholeMilliseconds(MAX_PENDING_AGE_MS, 0),
  // An upgrade's own request publishes its event within moments.
  [ENV.sweeperOutboxGraceMs]: wholeMilliseconds(30_000, 0),
  // Younger withdrawals belong to the payout queue and the provider's webhooks.
  [ENV.payoutSweepAfterMs]: wholeMilliseconds(10 * 60 * 1000, 0),
  [ENV.apiKeyRateLimitPerMinute]: wholeMilliseconds(API_KEY_RATE_LIMIT_PER_MINUTE, 1, 'requests per minute'),
  [ENV.accessTokenTtlSeconds]: wholeMilliseconds(ACCESS_TOKEN_TTL_SECONDS, 1, 'seconds'),
  [AWS_ENV.region]: optional,
  [AWS_ENV.defaultRegion]: optional,
  [AWS_ENV.endpointUrl]: optional,
  [AWS_ENV.ssmEndpointUrl]: optional,
  [AWS_ENV.secretsManagerEndpointUrl]: optional,
} satisfies Record<(typeof ENV)[keyof typeof ENV] | (typeof AWS_ENV)[keyof typeof AWS_ENV], z.ZodTypeAny>;

export type Env = { [K in keyof typeof VARIABLES]: z.output<(typeof VARIABLES)[K]> };
export type EnvName = keyof Env;

/** Where a secret may come from: directly (local cloud) or from SSM / Secrets Manager (cloud). One of each pair must be set. */
const SECRET_SOURCES: [EnvName, EnvName][] = [
  [ENV.jwtSecret, ENV.jwtSecretArn],
  [ENV.supplierTokens, ENV.supplierParamPrefix],
  [ENV.providerSecrets, ENV.providerParamPrefix],
];

/** The variables each kind of work needs; a function loads the groups of the adapters it wires. */
export const ENV_GROUPS = {
  table: [ENV.tableName],
  bus: [ENV.eventBusName],
  session: [ENV.jwtSecret, ENV.jwtSecretArn, ENV.accessTokenTtlSeconds],
  suppliers: [ENV.suppliersConfig, ENV.supplierTimeoutMs, ENV.supplierTokens, ENV.supplierParamPrefix],
  providers: [ENV.providersConfig, ENV.providerTimeoutMs, ENV.providerSecrets, ENV.providerParamPrefix],
  sweeper: [ENV.sweeperStaleMs, ENV.sweeperRequeryAfterMs, ENV.sweeperClaimStaleMs, ENV.sweeperMaxPendingAgeMs, ENV.sweeperOutboxGraceMs],
} as const satisfies Record<string, readonly EnvName[]>;

/** Parses `names` out of `source`; throws InvalidEnvironmentError naming every missing or malformed variable. */
export function parseEnv<K extends EnvName>(names: readonly K[], source: Record<string, string | undefined> = process.env): Pick<Env, K> {
  const shape: Record<string, z.ZodTypeAny> = Object.fromEntries(names.map((name) => [name, VARIABLES[name]]));
  const result = z.object(shape).safeParse(source);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return issue.code === 'invalid_type' && issue.received === 'undefined' ? `missing required environment variable ${name}` : `${name} ${issue.message}`;
      });
  for (const [direct, stored] of SECRET_SOURCES) {
    const wanted = (names as readonly EnvName[]).includes(direct) && (names as readonly EnvName[]).includes(stored);
    if (wanted && unsetIfBlank(source[direct]) === undefined && unsetIfBlank(source[stored]) === undefined)
      problems.push(`set ${direct} (local cloud) or ${stored} (cloud)`);
  }
  if (!result.success || problems.length) throw new InvalidEnvironmentError(problems);
  return result.data as Pick<Env, K>;
}

const loaded = new Map<EnvName, unknown>();

/** At a function's cold start: parses the variables it uses from process.env and keeps them for `env`. */
export function loadEnv<K extends EnvName>(names: readonly K[]): Pick<Env, K> {
  const values = parseEnv(names);
  for (const name of names) loaded.set(name, values[name]);
  return values;
}

/**
 * A variable as parsed at cold start. One no function entry loaded (tests and scripts that use the
 * adapters without a function) is parsed now, by the same schema, and kept.
 */
export function env<K extends EnvName>(name: K): Env[K] {
  if (!loaded.has(name)) return loadEnv([name])[name];
  return loaded.get(name) as Env[K];
}
