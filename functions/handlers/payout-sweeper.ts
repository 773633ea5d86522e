/**
 * Scheduled: re-queries withdrawals left open longer than PAYOUT_SWEEP_AFTER_MS (default 10
 * minutes) and settles them by the payout provider's answer — or submits those that never left
 * (see domain/payouts.ts sweepOpenWithdrawals).
 */
import { ENV } from '../../shared/runtime-env.js';
import { ENV_GROUPS, loadEnv } from '../adapters/environment.js';
import { dynamoWithdrawals } from '../adapters/dynamo/money/withdrawals.js';
import { domainLog } from '../adapters/log.js';
import { meteredPayouts } from '../adapters/metered.js';
import { logger } from '../adapters/observability.js';
import { payoutsFromEnv } from '../adapters/providers/index.js';
import { sweepOpenWithdrawals, type PayoutDeps } from '../domain/money/payouts.js';
import { backgroundFunction } from '../middleware/background.js';

const env = loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.providers, ENV.payoutSweepAfterMs]);

const deps: PayoutDeps = {
  withdrawals: meteredPayouts(dynamoWithdrawals),
  payouts: payoutsFromEnv(),
  now: () => new Date(),
  log: domainLog,
};

export const handler = backgroundFunction(async () => {
  const report = await sweepOpenWithdrawals(deps, { olderThanMs: env[ENV.payoutSweepAfterMs], maxItems: 200 });
  if (report.examined) logger.info('payout sweep', { ...report });
  return report;
});
