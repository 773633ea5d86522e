/**
 * SQS consumer of the reconciliation queue: one page of a run a message (its start, a shard of our
 * submissions, a page of the supplier's listing); each page queues the next, so no invocation holds
 * a whole day (docs/decisions/0122-*). Partial batch responses: a failing page is retried, then
 * dead-lettered; a redelivered page adds nothing twice (its marker).
 */
import { ulid } from 'ulid';
import { z } from 'zod';
import { ENV } from '../../shared/runtime-env.js';
import { ENV_GROUPS, loadEnv } from '../adapters/environment.js';
import { messageOf } from '../adapters/envelopes.js';
import { dynamoFloats } from '../adapters/dynamo/money-desk/floats.js';
import { dynamoReconciliation } from '../adapters/dynamo/money-desk/reconciliation.js';
import { purchasesById, sqsReconciliationQueue } from '../adapters/money-desk.js';
import { logger } from '../adapters/observability.js';
import { supplierDirectoryFromEnv } from '../adapters/suppliers/index.js';
import { runWork, type ReconciliationDeps } from '../domain/money-desk/reconciliation-run.js';
import type { ReconciliationWork } from '../domain/money-desk/reconciliation-port.js';
import { backgroundFunction, sqsBatchHandler } from '../middleware/background.js';

const base = { supplier: z.string().min(1), day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), runId: z.string().min(1) };
const workSchema: z.ZodType<ReconciliationWork> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('start'), ...base }),
  z.object({ kind: z.literal('shard'), ...base, shard: z.number().int().min(0), cursor: z.string().optional() }),
  z.object({ kind: z.literal('listing'), ...base, cursor: z.string().optional() }),
]);

export function reconciliationHandler(deps: ReconciliationDeps) {
  return sqsBatchHandler(async (record) => {
    const work = messageOf(record, workSchema);
    const result = await runWork(work, deps);
    logger.info('reconciliation page done', {
      kind: work.kind,
      supplier: work.supplier,
      day: work.day,
      runId: work.runId,
      result: typeof result === 'string' ? result : 'started',
    });
  });
}

loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.suppliers, ENV.reconciliationQueueUrl]);

export const handler = backgroundFunction(
  reconciliationHandler({
    store: dynamoReconciliation,
    floats: dynamoFloats,
    queue: sqsReconciliationQueue(),
    purchases: { getMany: purchasesById },
    suppliers: supplierDirectoryFromEnv(),
    newRunId: () => ulid(),
    now: () => new Date(),
  }),
);
