/** The operator's command line of the listing backfill: what it takes, and what it refuses before touching any table. */
import { describe, expect, it } from 'vitest';
import { parseBackfillArgs } from '../../../functions/ops/backfill-listing-args.js';

describe('npm run backfill:listing arguments', () => {
  it('takes the table, and optionally a region, an endpoint, a dry run and a concurrency', () => {
    expect(parseBackfillArgs(['--table', 'VtuPlatform-Table'])).toEqual({
      ok: true,
      args: { table: 'VtuPlatform-Table', region: undefined, endpoint: undefined, dryRun: false, concurrency: 8 },
    });
    expect(parseBackfillArgs(['--table', 'T', '--region', 'eu-west-1', '--endpoint', 'http://127.0.0.1:8000', '--dry-run', '--concurrency', '2'])).toEqual({
      ok: true,
      args: { table: 'T', region: 'eu-west-1', endpoint: 'http://127.0.0.1:8000', dryRun: true, concurrency: 2 },
    });
  });

  it('rejects: no table, an unknown option, a stray word, an endpoint that is no URL, a concurrency that is no small whole number', () => {
    expect(parseBackfillArgs([])).toMatchObject({ ok: false, problem: expect.stringContaining('--table') });
    expect(parseBackfillArgs(['--table', 'T', '--dryrun'])).toMatchObject({ ok: false });
    expect(parseBackfillArgs(['--table', 'T', 'now'])).toMatchObject({ ok: false });
    expect(parseBackfillArgs(['--table', 'T', '--endpoint', 'localhost:8000'])).toMatchObject({ ok: false, problem: expect.stringContaining('--endpoint') });
    for (const concurrency of ['0', '1.5', 'many', '500'])
      expect(parseBackfillArgs(['--table', 'T', '--concurrency', concurrency])).toMatchObject({ ok: false });
  });
});
