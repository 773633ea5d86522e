/**
 * Bundle figures: each Lambda bundled exactly as the stack bundles it (esbuild, ESM, minified),
 * its minified and gzipped size, and its cold import time over bare `node`.
 * Also the web app's initial JavaScript (entry + modulepreloads), gzipped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions } from 'esbuild';
import { ALL_FUNCTIONS, LAMBDA_BUNDLING } from '../../infra/stack/functions.js';
import { DEFAULT_PROVIDERS, DEFAULT_SUPPLIERS } from '../../infra/stack/stack.js';
import { FUNCTION_ENV_PLACEHOLDERS } from '../support/function-env-placeholders.js';

/** esbuild options equal to the stack's bundling of one function (infra/stack/stack.ts maps LAMBDA_BUNDLING the same way). */
export function lambdaBuildOptions(entry: string): BuildOptions {
  return {
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: LAMBDA_BUNDLING.target,
    minify: LAMBDA_BUNDLING.minify,
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    banner: { js: LAMBDA_BUNDLING.banner },
    external: [...LAMBDA_BUNDLING.externalModules],
    define: { ...LAMBDA_BUNDLING.define },
    alias: { ...LAMBDA_BUNDLING.alias },
  };
}

export interface BundleFigure {
  name: string;
  minifiedBytes: number;
  gzippedBytes: number;
  coldImportMs: number;
}

function elapsedMs(run: () => void): number {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * Median extra time of `run` over bare `node -e 0`, measured in interleaved pairs so that a busy
 * moment of the machine weighs on both sides of a pair alike.
 */
function medianOverBareNodeMs(run: () => void, pairs: number): number {
  const extra: number[] = [];
  for (let i = 0; i < pairs; i++) {
    const bare = elapsedMs(() => execFileSync(process.execPath, ['-e', '0']));
    extra.push(elapsedMs(run) - bare);
  }
  extra.sort((a, b) => a - b);
  return extra[Math.floor(extra.length / 2)]!;
}

export async function lambdaBundleFigures(): Promise<BundleFigure[]> {
  // Inside the repository, so the runtime-provided AWS SDK resolves from node_modules as it does on Lambda.
  mkdirSync('node_modules/.cache', { recursive: true });
  const dir = mkdtempSync(join('node_modules/.cache', 'vtu-bundles-'));
  const figures: BundleFigure[] = [];
  for (const spec of ALL_FUNCTIONS) {
    const outfile = join(dir, `${spec.name}.mjs`);
    await build({ ...lambdaBuildOptions(spec.entry), outfile, logLevel: 'error' });
    const code = readFileSync(outfile);
    // Importing evaluates the module top level exactly as a Lambda cold start does (no handler call).
    const probe = join(dir, `${spec.name}.probe.mjs`);
    writeFileSync(probe, `await import(${JSON.stringify(resolve(outfile))});`);
    // The configuration its cold start parses (loadEnv), as the stack would give it: placeholders will do.
    const env = {
      ...FUNCTION_ENV_PLACEHOLDERS,
      // Parsed and checked at cold start: the stack's own defaults.
      SUPPLIERS_CONFIG: JSON.stringify(DEFAULT_SUPPLIERS),
      PROVIDERS_CONFIG: JSON.stringify(DEFAULT_PROVIDERS),
      ...process.env,
      TABLE_NAME: 'bench',
      POWERTOOLS_METRICS_DISABLED: 'true',
    };
    const coldImportMs = medianOverBareNodeMs(() => execFileSync(process.execPath, [probe], { env }), 15);
    figures.push({
      name: spec.name,
      minifiedBytes: code.length,
      gzippedBytes: gzipSync(code).length,
      coldImportMs: Math.max(0, coldImportMs),
    });
  }
  return figures;
}

/** The JavaScript a first visit downloads before the app can render: the entry script and its modulepreloads. */
export function webInitialJsGzippedBytes(distDir = 'web/dist'): number {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error('web/dist/index.html missing: run `npm run build:web` first');
  const html = readFileSync(indexFile, 'utf8');
  const sources = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]!);
  return sources.reduce((sum, src) => sum + gzipSync(readFileSync(join(distDir, src.replace(/^\//, '')))).length, 0);
}
