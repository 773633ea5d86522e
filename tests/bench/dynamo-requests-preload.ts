/**
 * Preload for the platform's process under `npm run bench`: counts every DynamoDB request the
 * functions make (the `countDynamoRequests` hook of functions/adapters/dynamo/client.ts), labelled
 * with the function and the kind of invocation that made it, so the bench can leave out its own
 * listing polls and the schedules. On SIGUSR2 it writes the totals so far to
 * BENCH_DYNAMO_REQUESTS_FILE (see dynamo-requests.ts, which reads them).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { renameSync, writeFileSync } from 'node:fs';
import type { DynamoRequest } from '../../functions/adapters/aws/dynamo-requests.js';
import { countDynamoRequests } from '../../functions/adapters/dynamo/client.js';
import { LambdaRuntime } from '../../infra/local/lambda.js';
import { invocationLabel, OUTSIDE_A_FUNCTION, type RequestTotals } from './dynamo-request-labels.js';

const file = process.env.BENCH_DYNAMO_REQUESTS_FILE;
if (file) {
  const invocation = new AsyncLocalStorage<string>();
  const totals: RequestTotals = {};
  let snapshots = 0;

  countDynamoRequests(({ operation, readUnits, writeUnits }: DynamoRequest) => {
    const byOperation = (totals[invocation.getStore() ?? OUTSIDE_A_FUNCTION] ??= {});
    const entry = (byOperation[operation] ??= { count: 0, readUnits: 0, writeUnits: 0 });
    entry.count += 1;
    entry.readUnits += readUnits;
    entry.writeUnits += writeUnits;
  });

  const invoke = LambdaRuntime.prototype.invoke;
  LambdaRuntime.prototype.invoke = function (this: LambdaRuntime, logicalId: string, event: unknown) {
    return invocation.run(invocationLabel(logicalId, event), () => invoke.call(this, logicalId, event));
  };

  process.on('SIGUSR2', () => {
    snapshots += 1;
    // Written aside and renamed, so the bench never reads half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify({ snapshot: snapshots, totals }));
    renameSync(`${file}.tmp`, file);
  });
}
