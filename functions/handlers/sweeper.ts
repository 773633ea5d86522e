/**
 * Scheduled: heals purchases left open and re-publishes UserUpgraded events left in the upgrade
 * outbox (see domain/sweeper.ts). Thresholds default to the shared constants and may be
 * overridden by environment variables (tests, demos): SWEEPER_STALE_MS, SWEEPER_REQUERY_AFTER_MS,
 * SWEEPER_CLAIM_STALE_MS, SWEEPER_MAX_PENDING_AGE_MS, SWEEPER_OUTBOX_GRACE_MS.
 */
import type { Context } from 'aws-lambda';
import { CLAIM_STALE_MS, MAX_PENDING_AGE_MS, REQUERY_AFTER_MS, STALE_PROCESSING_MS } from '../../shared/constants.js';
import { EVENT_TYPES, type UserUpgraded } from '../../shared/events.js';
import { optionalEnv } from '../adapters/config.js';
import { dynamoLedger } from '../adapters/dynamo/ledger.js';
import { dynamoUpgradeOutbox } from '../adapters/dynamo/profile.js';
import { dynamoTransactions } from '../adapters/dynamo/transactions.js';
import { publishEvent } from '../adapters/events.js';
import { domainLog } from '../adapters/log.js';
import { logger } from '../adapters/observability.js';
import { sqsFulfilmentQueue } from '../adapters/sqs.js';
import { supplierDirectoryFromEnv } from '../adapters/suppliers/index.js';
import { republishUpgrades, sweepOpenPurchases, type OutboxSettings, type SweeperSettings } from '../domain/sweeper.js';

export class InvalidSweeperSettingError extends Error {
  constructor(name: string, raw: string) {
    super(`${name} must be a non-negative integer of milliseconds, got "${raw}"`);
    this.name = 'InvalidSweeperSettingError';
  }
}

function msFromEnv(name: string, fallback: number): number {
  const raw = optionalEnv(name, String(fallback));
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new InvalidSweeperSettingError(name, raw);
  return value;
}

export function sweeperSettingsFromEnv(): SweeperSettings {
  return {
    staleProcessingMs: msFromEnv('SWEEPER_STALE_MS', STALE_PROCESSING_MS),
    requeryAfterMs: msFromEnv('SWEEPER_REQUERY_AFTER_MS', REQUERY_AFTER_MS),
    claimStaleMs: msFromEnv('SWEEPER_CLAIM_STALE_MS', CLAIM_STALE_MS),
    maxPendingAgeMs: msFromEnv('SWEEPER_MAX_PENDING_AGE_MS', MAX_PENDING_AGE_MS),
    pageSize: 100,
    maxItems: 1_000,
    concurrency: 5,
  };
}

/** An upgrade's own request publishes its event within moments; the sweeper steps in after this. */
const OUTBOX_GRACE_MS = 30_000;

export function outboxSettingsFromEnv(): OutboxSettings {
  return { graceMs: msFromEnv('SWEEPER_OUTBOX_GRACE_MS', OUTBOX_GRACE_MS), maxItems: 100 };
}

/** Time kept in reserve at the end of an invocation so in-flight work can finish. */
const RESERVE_MS = 20_000;

export async function handler(_event: unknown, context?: Pick<Context, 'getRemainingTimeInMillis'>) {
  const remainingMs = context?.getRemainingTimeInMillis?.();
  const publishUpgraded = (detail: UserUpgraded) => publishEvent(EVENT_TYPES.userUpgraded, detail);
  const [report, outbox] = await Promise.all([
    sweepOpenPurchases(
      {
        transactions: dynamoTransactions,
        ledger: dynamoLedger,
        suppliers: supplierDirectoryFromEnv(),
        events: { transactionSettled: (detail) => publishEvent(EVENT_TYPES.transactionSettled, detail) },
        queue: sqsFulfilmentQueue(),
        now: () => new Date(),
        log: domainLog,
        deadline: remainingMs === undefined ? undefined : new Date(Date.now() + Math.max(0, remainingMs - RESERVE_MS)),
      },
      sweeperSettingsFromEnv(),
    ),
    republishUpgrades({ outbox: dynamoUpgradeOutbox, publishUpgraded, now: () => new Date(), log: domainLog }, outboxSettingsFromEnv()),
  ]);
  logger.info('sweep done', { ...report, upgradesRepublished: outbox.republished, upgradeErrors: outbox.errors });
  return { ...report, upgradeOutbox: outbox };
}
