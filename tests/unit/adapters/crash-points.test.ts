/**
 * A crash point kills its process with SIGKILL at the armed pass, printing its mark first, and is
 * a no-op when unarmed or when another point is armed (the cloud never arms one).
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CRASH_POINT_ENV, CRASH_POINT_MARK, CRASH_POINT_PASS_ENV } from '../../../functions/adapters/crash-points.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const MODULE = join(ROOT, 'functions', 'adapters', 'crash-points.ts');

/** Runs three passes of `mid-refund` wrapped in crashAfter in a child process; what it printed and how it ended. */
function runPasses(env: Record<string, string>) {
  const script = `
    const { crashAfter } = await import(${JSON.stringify(`file://${MODULE}`)});
    const step = crashAfter('mid-refund', async (n) => { console.log('did ' + n); return n; });
    for (const n of [1, 2, 3]) await step(n);
    console.log('finished');
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '', [CRASH_POINT_ENV]: '', [CRASH_POINT_PASS_ENV]: '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { stdout: run.stdout, stderr: run.stderr, signal: run.signal, status: run.status };
}

describe('crashPoint', () => {
  it('unarmed, or armed at another point, it does nothing', () => {
    const setups: Record<string, string>[] = [{}, { [CRASH_POINT_ENV]: 'mid-payout' }];
    for (const env of setups) {
      const run = runPasses(env);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('finished');
    }
  });

  it('armed, it dies by SIGKILL at the armed pass, after the wrapped step and before anything else runs', () => {
    const run = runPasses({ [CRASH_POINT_ENV]: 'mid-refund', [CRASH_POINT_PASS_ENV]: '2' });
    expect(run.signal).toBe('SIGKILL');
    expect(run.stdout.trim().split('\n')).toEqual(['did 1', 'did 2']);
    expect(run.stderr).toContain(`${CRASH_POINT_MARK} mid-refund pass 2`);
  });
});
