/**
 * Scheduled: heals purchases left open and re-publishes UserUpgraded events left in the upgrade
 * outbox (see domain/sweeper.ts). Thresholds default to the shared constants and may be
 * overridden by environment variables (tests, demos): SWEEPER_STALE_MS, SWEEPER_REQUERY_AFTER_MS,
 * SWEEPER_CLAIM_STALE_MS, SWEEPER_MAX_PENDING_AGE_MS, SWEEPER_OUTBOX_GRACE_MS.
 */
import type { Context } from 'aws-lambda';
import { EVENT_TYPES, type UserUpgraded } from '../../shared/events.js';
import { PURCHASE_OPEN_TOO_LONG_MINUTES } from '../../shared/metrics.js';
import { ENV } from '../../shared/runtime-env.js';
import { ENV_GROUPS, loadEnv } from '../adapters/environment.js';
import { dynamoLedger } from '../adapters/dynamo/wallet/ledger.js';
import { dynamoUpgradeOutbox } from '../adapters/dynamo/accounts/profile.js';
import { dynamoTransactions } from '../adapters/dynamo/transactions/transactions.js';
import { publishEvent } from '../adapters/events.js';
import { domainLog } from '../adapters/log.js';
import { meteredRefunds, meteredSettlements } from '../adapters/metered.js';
import { gaugePurchasesOpenTooLong } from '../adapters/metrics.js';
import { logger } from '../adapters/observability.js';
import { sqsFulfilmentQueue } from '../adapters/queues.js';
import { supplierDirectoryFromEnv } from '../adapters/suppliers/index.js';
import { republishUpgrades, sweepOpenPurchases, type OutboxSettings, type SweeperSettings } from '../domain/purchases/sweeper.js';
import { backgroundFunction } from '../middleware/background.js';

const env = loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.bus, ...ENV_GROUPS.suppliers, ENV.fulfilmentQueueUrl, ...ENV_GROUPS.sweeper]);

const settings: SweeperSettings = {
  staleProcessingMs: env[ENV.sweeperStaleMs],
  requeryAfterMs: env[ENV.sweeperRequeryAfterMs],
  claimStaleMs: env[ENV.sweeperClaimStaleMs],
  maxPendingAgeMs: env[ENV.sweeperMaxPendingAgeMs],
  pageSize: 100,
  maxItems: 1_000,
  concurrency: 5,
  openTooLongMs: PURCHASE_OPEN_TOO_LONG_MINUTES * 60_000,
};

/** An upgrade's own request publishes its event within moments; the sweeper steps in after SWEEPER_OUTBOX_GRACE_MS. */
const outboxSettings: OutboxSettings = { graceMs: env[ENV.sweeperOutboxGraceMs], maxItems: 100 };

/** Time kept in reserve at the end of an invocation so in-flight work can finish. */
const RESERVE_MS = 20_000;

const suppliers = supplierDirectoryFromEnv();
const queue = sqsFulfilmentQueue();
const publishUpgraded = (detail: UserUpgraded) => publishEvent(EVENT_TYPES.userUpgraded, detail);

export const handler = backgroundFunction(async (_event: unknown, context: Partial<Pick<Context, 'getRemainingTimeInMillis'>>) => {
  const remainingMs = context.getRemainingTimeInMillis?.();
  const [report, outbox] = await Promise.all([
    sweepOpenPurchases(
      {
        transactions: meteredSettlements(dynamoTransactions),
        ledger: meteredRefunds(dynamoLedger),
        suppliers,
        queue,
        now: () => new Date(),
        log: domainLog,
        deadline: remainingMs === undefined ? undefined : new Date(Date.now() + Math.max(0, remainingMs - RESERVE_MS)),
      },
      settings,
    ),
    republishUpgrades({ outbox: dynamoUpgradeOutbox, publishUpgraded, now: () => new Date(), log: domainLog }, outboxSettings),
  ]);
  gaugePurchasesOpenTooLong(report.openTooLong);
  logger.info('sweep done', { ...report, upgradesRepublished: outbox.republished, upgradeErrors: outbox.errors });
  return { ...report, upgradeOutbox: outbox };
});
