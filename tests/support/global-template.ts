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
import { buildLocalCloud } from '../../infra/local/cli/build.js';
import { REPO_ROOT } from '../../infra/local/config.js';
import { synthTemplate } from '../../infra/local/runtime/template.js';
import { SHARED_BUILT_CLOUD_ENV, SHARED_TEMPLATE_ENV } from './shared-resources.js';

const BUILD_PREFIX = 'vtu-local-cloud-';

export default async function setup(): Promise<(() => void) | void> {
  if (process.env[SHARED_TEMPLATE_ENV]) return;
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
