/** The command line of `npm run backfill:listing` (backfill-listing.ts), read without touching anything. */
import { parseArgs } from 'node:util';

export const BACKFILL_USAGE = 'usage: npm run backfill:listing -- --table <name> [--region <region>] [--endpoint <url>] [--dry-run] [--concurrency <n>]';

export interface BackfillArgs {
  table: string;
  region?: string;
  endpoint?: string;
  dryRun: boolean;
  concurrency: number;
}

export type ParsedBackfillArgs = { ok: true; args: BackfillArgs } | { ok: false; problem: string };

export function parseBackfillArgs(argv: readonly string[]): ParsedBackfillArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        table: { type: 'string' },
        region: { type: 'string' },
        endpoint: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        concurrency: { type: 'string', default: '8' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  }
  if (!values.table) return { ok: false, problem: '--table is required (the stack prints it as TableName)' };
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    return { ok: false, problem: `--concurrency must be a whole number from 1 to 64, got "${values.concurrency}"` };
  if (values.endpoint !== undefined && !/^https?:\/\//.test(values.endpoint))
    return { ok: false, problem: `--endpoint must be an http(s) URL, got "${values.endpoint}"` };
  return { ok: true, args: { table: values.table, region: values.region, endpoint: values.endpoint, dryRun: values['dry-run'], concurrency } };
}
