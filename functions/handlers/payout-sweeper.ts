/**
 * Scheduled: re-queries withdrawals left open longer than PAYOUT_SWEEP_AFTER_MS (default 10
 * minutes) and settles them by the payout provider's answer — or submits those that never left
 * (see domain/payouts.ts sweepOpenWithdrawals).
 */
import { EVENT_TYPES } from '../../shared/events.js';
import { optionalEnv } from '../adapters/config.js';
import { dynamoWithdrawals } from '../adapters/dynamo/withdrawals.js';
import { publishEvent } from '../adapters/events.js';
import { domainLog } from '../adapters/log.js';
import { logger } from '../adapters/observability.js';
import { payoutsFromEnv } from '../adapters/providers/index.js';
import { sweepOpenWithdrawals } from '../domain/payouts.js';

export const PAYOUT_SWEEP_AFTER_DEFAULT_MS = 10 * 60 * 1000;

export function payoutSweepAfterMs(): number {
  const raw = optionalEnv('PAYOUT_SWEEP_AFTER_MS', String(PAYOUT_SWEEP_AFTER_DEFAULT_MS));
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`PAYOUT_SWEEP_AFTER_MS must be a non-negative integer of milliseconds, got "${raw}"`);
  return value;
}

export async function handler() {
  const report = await sweepOpenWithdrawals(
    {
      withdrawals: dynamoWithdrawals,
      payouts: payoutsFromEnv(),
      events: { transactionSettled: (detail) => publishEvent(EVENT_TYPES.transactionSettled, detail) },
      now: () => new Date(),
      log: domainLog,
    },
    { olderThanMs: payoutSweepAfterMs(), maxItems: 200 },
  );
  if (report.examined) logger.info('payout sweep', { ...report });
  return report;
}
