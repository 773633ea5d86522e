/**
 * `npm run backfill:listing -- --table <name> [--region r] [--endpoint url] [--dry-run]`: the one-off
 * pass that counts the records written before the listing's counters (decision 43 (docs/decisions/0043-*)) and moves
 * them to their shard of the platform listing (adapters/dynamo/listing-backfill.ts). Safe while the
 * functions run and safe to repeat; run it once every function runs the version that keeps the
 * counters (an older one still running writes records the pass must find again).
 *
 * Credentials and region come from the usual AWS SDK chain (profile, environment); `--endpoint`
 * points it at DynamoDB Local or LocalStack instead.
 */
import { BACKFILL_USAGE } from './backfill-listing-args.js';
import { startTablePass } from './table-pass.js';

const args = startTablePass('backfill', BACKFILL_USAGE);

// After the environment is set: the adapters read it when first used.
const { backfillListing } = await import('../adapters/dynamo/transactions/listing-backfill.js');

const line = (s: { examined: number; counted: number; alreadyCounted: number; skipped: number }) =>
  `examined ${s.examined}: ${args.dryRun ? 'would count' : 'counted'} ${s.counted}, already counted ${s.alreadyCounted}, skipped ${s.skipped}`;

console.log(`[backfill] table ${args.table}${args.endpoint ? ` at ${args.endpoint}` : ''}${args.dryRun ? ' (dry run: nothing is written)' : ''}`);
const started = Date.now();
try {
  const summary = await backfillListing({
    dryRun: args.dryRun,
    concurrency: args.concurrency,
    onProgress: (s) => console.log(`[backfill] ${line(s)}`),
    onSkipped: (id, reason) => console.warn(`[backfill] skipped ${id}: ${reason}`),
  });
  console.log(`[backfill] done in ${((Date.now() - started) / 1000).toFixed(1)} s — ${line(summary)}`);
  if (summary.skipped > 0) {
    console.warn('[backfill] some records were left uncounted: run it again (records already counted are left alone)');
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`[backfill] stopped: ${error instanceof Error ? error.message : String(error)}; what was counted stays counted, run it again to go on`);
  process.exitCode = 1;
}
