/**
 * Vitest global setup: the CDK stack synthesized once for the run (about 5 s each), written where
 * every local cloud the tests start reads it (LOCAL_TEMPLATE_FILE) instead of synthesizing again; and
 * the local cloud compiled once (infra/local/cli/build.ts, under node_modules/.cache so that its imports
 * find the packages), from which every test cloud starts (LOCAL_BUILT_DIR) instead of compiling its
 * TypeScript through tsx again.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHARED_BUILT_CLOUD_ENV, SHARED_TEMPLATE_ENV } from './shared-resources.js';

const BUILD_PREFIX = 'vtu-local-cloud-';

export default async function setup(): Promise<(() => void) | void> {
  if (process.env[SHARED_TEMPLATE_ENV]) return;
  // Imported only by the setup that does the work: every project names this file and loads it in a
  // module graph of its own, and loading the stack (aws-cdk-lib) cost each one 4–5 s before its first file.
  const [{ buildLocalCloud }, { REPO_ROOT }, { synthTemplate }] = await Promise.all([
    import('../../infra/local/cli/build.js'),
    import('../../infra/local/config.js'),
    import('../../infra/local/runtime/template.js'),
  ]);
  const folder = mkdtempSync(join(tmpdir(), 'vtu-template-'));
  const file = join(folder, 'template.json');
  const cache = join(REPO_ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  // A run that was killed left its build behind: gone once a day old (a run takes minutes).
  for (const name of readdirSync(cache)) {
    const path = join(cache, name);
    if (name.startsWith(BUILD_PREFIX) && Date.now() - statSync(path).mtimeMs > 86_400_000) rmSync(path, { recursive: true, force: true });
  }
  const built = mkdtempSync(join(cache, BUILD_PREFIX));
  const [template] = await Promise.all([synthTemplate(), buildLocalCloud(REPO_ROOT, built)]);
  writeFileSync(file, JSON.stringify(template));
  process.env[SHARED_TEMPLATE_ENV] = file;
  process.env[SHARED_BUILT_CLOUD_ENV] = built;
  return () => {
    delete process.env[SHARED_TEMPLATE_ENV];
    delete process.env[SHARED_BUILT_CLOUD_ENV];
    rmSync(folder, { recursive: true, force: true });
    rmSync(built, { recursive: true, force: true });
  };
}
