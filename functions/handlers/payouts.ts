/**
 * SQS consumer of the payout queue `{transactionId}`: hands a withdrawal to the payout provider
 * under its deterministic reference (a redelivered message checks with the provider first, so it
 * never pays twice); a definite refusal refunds once; no answer fails the message for a retry.
 * A malformed message fails too: the dead-letter queue keeps it, since it stands for a withdrawal.
 */
import { payoutMessageSchema } from '../../shared/events.js';
import { ENV_GROUPS, loadEnv } from '../adapters/environment.js';
import { crashAfter } from '../adapters/crash-points.js';
import { dynamoWithdrawals } from '../adapters/dynamo/money/withdrawals.js';
import { messageOf } from '../adapters/envelopes.js';
import { domainLog } from '../adapters/log.js';
import { meteredPayouts } from '../adapters/metered.js';
import { logger } from '../adapters/observability.js';
import { payoutsFromEnv } from '../adapters/providers/index.js';
import { payOut, type PayoutDeps } from '../domain/money/payouts.js';
import { backgroundFunction, sqsBatchHandler } from '../middleware/background.js';

export function payoutsHandler(deps: PayoutDeps) {
  return sqsBatchHandler(async (record) => {
    const message = messageOf(record, payoutMessageSchema);
    const action = await payOut(message.transactionId, deps);
    logger.info('payout', { transactionId: message.transactionId, action, receiveCount: record.attributes?.ApproximateReceiveCount });
  });
}

loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.providers]);

const payouts = payoutsFromEnv();

export const handler = backgroundFunction(
  payoutsHandler({
    withdrawals: meteredPayouts(dynamoWithdrawals),
    // Crash point (local cloud only): the provider took the transfer, the withdrawal does not say so yet.
    payouts: { ...payouts, transfer: crashAfter('mid-payout', (input) => payouts.transfer(input)) },
    now: () => new Date(),
    log: domainLog,
  }),
);
