/**
 * The money desk's schedule (every MONEY_DESK_SCHEDULE_MINUTES): reads each supplier's balance
 * (VTpass GET /api/balance, MSORG GET /api/user/), refreshes its spend rates and re-evaluates its
 * level (every admin is told once per crossing); and once the Lagos day has turned, asks for the
 * reconciliation of the day before, once per supplier and day (a marker claimed by a conditional
 * write: the schedule's next runs and a second instance find it claimed), for a day whose float was
 * watched (domain/money-desk/daily-runs.ts).
 */
import { ulid } from 'ulid';
import { ENV } from '../../shared/runtime-env.js';
import { ENV_GROUPS, loadEnv } from '../adapters/environment.js';
import { dynamoFloats } from '../adapters/dynamo/money-desk/floats.js';
import { claimDailyRun } from '../adapters/dynamo/money-desk/daily-runs.js';
import { floatAlerts, sqsReconciliationQueue } from '../adapters/money-desk.js';
import { logger } from '../adapters/observability.js';
import { supplierDirectoryFromEnv } from '../adapters/suppliers/index.js';
import { suppliersFromEnv } from '../adapters/suppliers/suppliers-config.js';
import { refreshFloat } from '../domain/money-desk/floats-desk.js';
import { requestDailyRuns } from '../domain/money-desk/daily-runs.js';
import { requestRun } from '../domain/money-desk/reconciliation-run.js';
import { backgroundFunction } from '../middleware/background.js';

loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.suppliers, ...ENV_GROUPS.bus, ENV.reconciliationQueueUrl]);

const directory = supplierDirectoryFromEnv();
const queue = sqsReconciliationQueue();

export async function moneyDeskSchedule(now = new Date()): Promise<void> {
  const names = suppliersFromEnv().map((config) => config.name);
  const deps = { floats: dynamoFloats, alerts: floatAlerts, now: () => now };
  await Promise.all(
    names.map(async (name) => {
      const gateway = await directory.byName(name);
      if (!gateway?.balance) return;
      const balance = await gateway.balance();
      if (balance.kind !== 'known') logger.warn('supplier balance unavailable', { supplier: name, reason: balance.reason });
      const level = await refreshFloat(name, balance.kind === 'known' ? balance.balanceKobo : undefined, deps);
      if (level === 'became_low') logger.warn('supplier float became low', { supplier: name });
    }),
  );
  const runs = await requestDailyRuns(names, now, {
    floats: dynamoFloats,
    claim: claimDailyRun,
    request: (supplier, day) => requestRun(supplier, day, { queue, newRunId: () => ulid() }),
  });
  for (const run of runs) logger.info('daily reconciliation requested', run);
}

export const handler = backgroundFunction(async () => moneyDeskSchedule());
