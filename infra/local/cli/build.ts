/**
 * The local cloud and every function it runs, compiled once with esbuild into plain JavaScript, for a
 * run that starts many local clouds (the test run: one per integration and browser file). Started
 * under tsx, each cloud compiled and resolved its few hundred TypeScript modules through tsx's loader
 * again: about 4 CPU-s a start. Started from this build: about 2.
 *
 * One build with shared chunks, not one bundle per function: the cloud and its handlers share this
 * process, and modules hold state they must share (the DynamoDB client's write signal, the test-cost
 * password hashing, an invocation's deadline), so each module must stay one instance for all of them.
 * Packages stay in node_modules (imported as they are), which is why the output folder must lie inside
 * the repository: Node finds them by walking up from the importing file.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { ALL_FUNCTIONS } from '../../stack/functions.js';
import { CLOUD_LOADED_MODULES } from '../runtime/lambda.js';

/** The local cloud's entry, compiled to `<outdir>/infra/local/cli/start.js`. */
export const LOCAL_CLOUD_ENTRY = 'infra/local/cli/start.ts';

/**
 * The local cloud's own code computes paths from `import.meta.url` (the repository root, the Java
 * launcher's source): inside a shared chunk that URL would be the chunk's, so it keeps naming the source file.
 */
const sourceUrls: Plugin = {
  name: 'source-urls',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\/infra\/local\/[^/]+\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** Compiles the cloud, its functions and the modules it loads by path into `outdir` (inside `repoRoot`), mirroring their paths. */
export async function buildLocalCloud(repoRoot: string, outdir: string): Promise<void> {
  if (relative(repoRoot, outdir).startsWith('..')) throw new Error(`the local cloud's build must lie inside the repository (${repoRoot}), not at ${outdir}`);
  const entryPoints = [...new Set([LOCAL_CLOUD_ENTRY, ...Object.values(CLOUD_LOADED_MODULES), ...ALL_FUNCTIONS.map((fn) => fn.entry)])];
  await build({
    absWorkingDir: repoRoot,
    entryPoints,
    outbase: repoRoot,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Stack traces in the cloud's log name the TypeScript lines (node --enable-source-maps).
    sourcemap: 'linked',
    plugins: [sourceUrls],
    logLevel: 'warning',
  });
}
