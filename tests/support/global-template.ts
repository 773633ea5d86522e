/**
 * Vitest global setup: the CDK stack synthesized once for the run (about 5 s each), written where
 * every local cloud the tests start reads it (LOCAL_TEMPLATE_FILE) instead of synthesizing again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { synthTemplate } from '../../infra/local/template.js';
import { SHARED_TEMPLATE_ENV } from './shared-resources.js';

export default async function setup(): Promise<(() => void) | void> {
  if (process.env[SHARED_TEMPLATE_ENV]) return;
  const folder = mkdtempSync(join(tmpdir(), 'vtu-template-'));
  const file = join(folder, 'template.json');
  writeFileSync(file, JSON.stringify(await synthTemplate()));
  process.env[SHARED_TEMPLATE_ENV] = file;
  return () => {
    delete process.env[SHARED_TEMPLATE_ENV];
    rmSync(folder, { recursive: true, force: true });
  };
}
