/**
 * SQS consumer of the fulfilment queue: one message `{transactionId}` per purchase (with
 * `recheck`: a re-query after the supplier pushed news about it), or per bulk batch (its lines are
 * written here, off the request path: decision 83 (docs/decisions/0083-*)). Partial batch
 * responses: a message fails (and is retried, then dead-lettered) only on a fault; every business
 * outcome — including "another delivery holds the claim" — acknowledges it. A malformed message
 * fails too: the dead-letter queue keeps it for somebody to read, since it stands for a purchase.
 */
import { fulfilmentMessageSchema, type FulfilmentMessage } from '../../shared/events.js';
import { dynamoBulkLines } from '../adapters/dynamo/purchases/bulk-lines.js';
import { expandBatch, type ExpandDeps } from '../domain/purchases/bulk.js';
import { ENV_GROUPS, loadEnv } from '../adapters/environment.js';
import { crashBefore } from '../adapters/crash-points.js';
import { dynamoLedger } from '../adapters/dynamo/wallet/ledger.js';
import { dynamoTransactions } from '../adapters/dynamo/transactions/transactions.js';
import { messageOf } from '../adapters/envelopes.js';
import { domainLog } from '../adapters/log.js';
import { meteredRefunds, meteredSettlements } from '../adapters/metered.js';
import { logger } from '../adapters/observability.js';
import { supplierDirectoryFromEnv } from '../adapters/suppliers/index.js';
import { floatGuardDeps } from '../adapters/money-desk.js';
import { floatGuardedDirectory } from '../domain/money-desk/floats-guard.js';
import { fulfilPurchase, recheckPurchase, type FulfilmentDeps } from '../domain/purchases/fulfilment.js';
import { backgroundFunction, sqsBatchHandler } from '../middleware/background.js';

/** A message naming a bulk purchase's batch: its lines are written (each then comes back as a purchase of its own). */
const isBatch = (message: FulfilmentMessage) => message.purchase?.type === 'bulk';

export function fulfilmentHandler(deps: FulfilmentDeps & Partial<Pick<ExpandDeps, 'bulkLines'>>) {
  const fulfil = (message: FulfilmentMessage) => {
    if (isBatch(message)) {
      if (!deps.bulkLines) throw new Error('a bulk batch reached a fulfilment consumer without its line store');
      return expandBatch(message.transactionId, { ...deps, bulkLines: deps.bulkLines });
    }
    return message.recheck ? recheckPurchase(message.transactionId, message.recheck, deps) : fulfilPurchase(message.transactionId, deps, message.purchase);
  };
  return sqsBatchHandler(async (record) => {
    const message = messageOf(record, fulfilmentMessageSchema);
    const result = await fulfil(message);
    logger.info('fulfilment done', {
      transactionId: message.transactionId,
      recheck: message.recheck,
      result,
      receiveCount: record.attributes?.ApproximateReceiveCount,
    });
  });
}

loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.suppliers]);

const settlements = meteredSettlements(dynamoTransactions);

export const handler = backgroundFunction(
  fulfilmentHandler({
    // Crash point (local cloud only): the supplier delivered, the record is not updated yet.
    transactions: {
      ...settlements,
      settleSuccess: crashBefore('after-supplier-accepted-before-record-update', (purchase, input) => settlements.settleSuccess(purchase, input)),
    },
    ledger: meteredRefunds(dynamoLedger),
    // Each supplier seen through its float: one that cannot cover a purchase is skipped (the next is used),
    // by a read only (domain/money-desk/floats-guard.ts). The balances its answers carried and its submissions
    // to each supplier's day are kept from the purchase's changes on the table's stream (decision 135).
    suppliers: floatGuardedDirectory(supplierDirectoryFromEnv(), floatGuardDeps()),
    bulkLines: dynamoBulkLines,
    now: () => new Date(),
    log: domainLog,
  }),
);
