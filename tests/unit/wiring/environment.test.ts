/** The functions' environment: parsed once, by one schema per variable, failing loudly by name. */
import { describe, expect, it } from 'vitest';
import { ENV_GROUPS, InvalidEnvironmentError, parseEnv } from '../../../functions/adapters/environment.js';
import {
  API_KEY_RATE_LIMIT_PER_MINUTE,
  CLAIM_STALE_MS,
  MAX_PENDING_AGE_MS,
  REQUERY_AFTER_MS,
  STALE_PROCESSING_MS,
  SUPPLIER_TIMEOUT_DEFAULT_MS,
} from '../../../shared/constants.js';
import { ENV } from '../../../shared/runtime-env.js';

describe('environment', () => {
  it('a missing required variable fails, naming it; so does every other problem at once', () => {
    expect(() => parseEnv([ENV.tableName, ENV.eventBusName], { EVENT_BUS_NAME: 'bus' })).toThrow('missing required environment variable TABLE_NAME');
    try {
      parseEnv([ENV.tableName, ENV.eventBusName, ENV.supplierTimeoutMs], { TABLE_NAME: '', SUPPLIER_TIMEOUT_MS: '0' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEnvironmentError);
      expect((error as InvalidEnvironmentError).problems).toEqual([
        'missing required environment variable TABLE_NAME',
        'missing required environment variable EVENT_BUS_NAME',
        'SUPPLIER_TIMEOUT_MS must be a positive integer of milliseconds, got "0"',
      ]);
    }
  });

  it('gives the parsed values: defaults for unset ones, numbers, flags and JSON', () => {
    expect(
      parseEnv([ENV.tableName, ENV.mailFrom, ENV.supplierTimeoutMs, ENV.allowLoopbackWebhooks, ENV.providerSecrets], {
        TABLE_NAME: 't',
        PROVIDER_SECRETS: '{"squadSecretKey":"s"}',
      }),
    ).toEqual({
      TABLE_NAME: 't',
      MAIL_FROM: 'no-reply@localhost',
      SUPPLIER_TIMEOUT_MS: SUPPLIER_TIMEOUT_DEFAULT_MS,
      ALLOW_LOOPBACK_WEBHOOKS: false,
      PROVIDER_SECRETS: { squadSecretKey: 's' },
    });
    expect(() => parseEnv([ENV.providerSecrets], { PROVIDER_SECRETS: '{squad' })).toThrow('PROVIDER_SECRETS is not JSON');
  });

  it('a secret comes from the variable itself (local cloud) or from SSM under a prefix (cloud): one of them must be set', () => {
    expect(() => parseEnv(ENV_GROUPS.providers, { PROVIDERS_CONFIG: '{}' })).toThrow('set PROVIDER_SECRETS (local cloud) or PROVIDER_PARAM_PREFIX (cloud)');
    expect(parseEnv(ENV_GROUPS.providers, { PROVIDERS_CONFIG: '{}', PROVIDER_PARAM_PREFIX: '/vtu/providers/' })).toMatchObject({
      PROVIDER_PARAM_PREFIX: '/vtu/providers/',
    });
    expect(() => parseEnv(ENV_GROUPS.session, {})).toThrow('set JWT_SECRET (local cloud) or JWT_SECRET_ARN (cloud)');
  });
});

describe('sweeper settings', () => {
  it('default to the shared constants', () => {
    expect(parseEnv(ENV_GROUPS.sweeper, {})).toEqual({
      SWEEPER_STALE_MS: STALE_PROCESSING_MS,
      SWEEPER_REQUERY_AFTER_MS: REQUERY_AFTER_MS,
      SWEEPER_CLAIM_STALE_MS: CLAIM_STALE_MS,
      SWEEPER_MAX_PENDING_AGE_MS: MAX_PENDING_AGE_MS,
      SWEEPER_OUTBOX_GRACE_MS: 30_000,
    });
  });
  it('may be overridden by environment variables (tests, demos)', () => {
    expect(parseEnv(ENV_GROUPS.sweeper, { SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '0' })).toMatchObject({
      SWEEPER_STALE_MS: 200,
      SWEEPER_REQUERY_AFTER_MS: 0,
    });
    expect(parseEnv([ENV.payoutSweepAfterMs], { PAYOUT_SWEEP_AFTER_MS: '1500' })).toEqual({ PAYOUT_SWEEP_AFTER_MS: 1500 });
  });
  it('refuse values that are not whole non-negative milliseconds', () => {
    expect(() => parseEnv(ENV_GROUPS.sweeper, { SWEEPER_CLAIM_STALE_MS: '-1' })).toThrow(/SWEEPER_CLAIM_STALE_MS/);
    expect(() => parseEnv(ENV_GROUPS.sweeper, { SWEEPER_CLAIM_STALE_MS: 'soon' })).toThrow(/non-negative integer/);
    expect(() => parseEnv([ENV.payoutSweepAfterMs], { PAYOUT_SWEEP_AFTER_MS: '1.5' })).toThrow(/PAYOUT_SWEEP_AFTER_MS/);
  });
});

describe('API key rate limit (API_KEY_RATE_LIMIT_PER_MINUTE)', () => {
  it('defaults to API_KEY_RATE_LIMIT_PER_MINUTE requests per minute; tests lower it', () => {
    expect(parseEnv([ENV.apiKeyRateLimitPerMinute], {})).toEqual({ API_KEY_RATE_LIMIT_PER_MINUTE: API_KEY_RATE_LIMIT_PER_MINUTE });
    expect(parseEnv([ENV.apiKeyRateLimitPerMinute], { API_KEY_RATE_LIMIT_PER_MINUTE: '5' })).toEqual({ API_KEY_RATE_LIMIT_PER_MINUTE: 5 });
  });
  it('refuses a limit that is not a positive whole number, naming the variable', () => {
    for (const bad of ['0', '-3', '2.5', 'many'])
      expect(() => parseEnv([ENV.apiKeyRateLimitPerMinute], { API_KEY_RATE_LIMIT_PER_MINUTE: bad })).toThrow(
        /API_KEY_RATE_LIMIT_PER_MINUTE must be a positive integer of requests per minute/,
      );
  });
});
