/**
 * The crash points are compiled out of what the cloud runs, not merely left unarmed: the stack bundles
 * every function with `__CRASH_POINTS__` defined false (LAMBDA_BUNDLING.define), and esbuild then
 * drops the crash-point module's code — the list of names, the variables that arm a point, the kill.
 *
 * Read from the stack itself: its functions are constructed (no synth; Code.fromAsset is watched for
 * the bundling each NodejsFunction hands it), every one's esbuild command must carry the define, and
 * one function that passes two crash points (Fulfilment: a crashBefore of its own, and the ledger's
 * crashPoint at a refund) is bundled by CDK's own local bundling, the command `cdk deploy` runs. The
 * same function bundled without the define is the control: there, every string looked for is found.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BundlingOptions } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CRASH_POINT_ENV, CRASH_POINT_MARK, CRASH_POINT_PASS_ENV, CRASH_POINTS, CRASH_POINTS_SWITCH } from '../../functions/adapters/crash-points.js';
import { REPO_ROOT } from '../../infra/local/config.js';
import { ALL_FUNCTIONS, FULFILMENT_FUNCTION, LAMBDA_BUNDLING } from '../../infra/stack/functions.js';
import { PlatformStack } from '../../infra/stack/stack.js';
import { templateOnlyApp } from '../../infra/stack/synth-app.js';

/** Each function's bundling as the stack set it up: the Docker-form esbuild command, and CDK's local bundler. */
let bundlings: Array<{ command: string; bundling: BundlingOptions }>;

beforeAll(() => {
  const fromAsset = vi.spyOn(Code, 'fromAsset');
  try {
    new PlatformStack(templateOnlyApp(), 'CrashPointsBundle');
    bundlings = fromAsset.mock.calls
      .map(([, options]) => options?.bundling)
      .filter((bundling): bundling is BundlingOptions => Boolean(bundling?.command?.join(' ').includes('esbuild')))
      .map((bundling) => ({ command: bundling.command!.join(' '), bundling }));
  } finally {
    fromAsset.mockRestore();
  }
});

const bundlingOf = (entry: string) =>
  bundlings.filter(({ command }) => command.includes(`/asset-input/${entry}'`) || command.includes(`/asset-input/${entry} `));

/** What must not be in a function's code once the points are compiled out. */
function crashPointCode(code: string): string[] {
  const found = [CRASH_POINT_MARK, CRASH_POINT_ENV, CRASH_POINT_PASS_ENV, CRASH_POINTS_SWITCH, 'SIGKILL'].filter((text) => code.includes(text));
  // The typed list, as esbuild writes an array of strings.
  if (code.includes(CRASH_POINTS.map((name) => JSON.stringify(name)).join(','))) found.push('the list of crash points');
  // A name may stay only as the argument its call site hands the (now empty) point: `x("mid-refund")`, `x("mid-refund",work)`.
  for (const name of CRASH_POINTS) {
    const quoted = JSON.stringify(name);
    const elsewhere = code
      .split(quoted)
      .slice(0, -1)
      .filter((before) => !before.endsWith('('));
    if (elsewhere.length) found.push(`${quoted} other than as a call's first argument (${elsewhere.length}×)`);
  }
  return found;
}

describe('crash points are compiled out of the cloud bundles', () => {
  it(`every function of the stack is bundled with ${CRASH_POINTS_SWITCH} defined false`, () => {
    expect(LAMBDA_BUNDLING.define).toMatchObject({ [CRASH_POINTS_SWITCH]: 'false' });
    for (const spec of ALL_FUNCTIONS) {
      const found = bundlingOf(spec.entry);
      expect(found, `${spec.name}: one esbuild bundling of ${spec.entry}`).toHaveLength(1);
      expect(found[0]!.command, spec.name).toContain(`--define:${CRASH_POINTS_SWITCH}=false`);
    }
  });

  it('bundled by CDK as the stack deploys it, a function that passes crash points holds none of their code; without the define it holds all of it', async () => {
    const outdir = mkdtempSync(join(tmpdir(), 'vtu-crash-bundle-'));
    try {
      const { bundling } = bundlingOf(FULFILMENT_FUNCTION.entry)[0]!;
      expect(bundling.local?.tryBundle(outdir, bundling), 'bundled locally (esbuild), not in Docker').toBe(true);
      const deployed = readFileSync(join(outdir, 'index.mjs'), 'utf8');
      expect(crashPointCode(deployed)).toEqual([]);

      // The control: the same entry, the same options but the define.
      const { define: _compiledOut, ...withoutDefine } = LAMBDA_BUNDLING;
      const control = await build({
        absWorkingDir: REPO_ROOT,
        entryPoints: [FULFILMENT_FUNCTION.entry],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: withoutDefine.target,
        minify: withoutDefine.minify,
        mainFields: [...withoutDefine.mainFields],
        alias: { ...withoutDefine.alias },
        write: false,
        logLevel: 'error',
      });
      const controlFound = crashPointCode(control.outputFiles[0]!.text);
      for (const text of [CRASH_POINT_MARK, CRASH_POINT_ENV, CRASH_POINT_PASS_ENV, CRASH_POINTS_SWITCH, 'SIGKILL', 'the list of crash points'])
        expect(controlFound).toContain(text);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
