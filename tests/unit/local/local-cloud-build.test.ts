/**
 * The local cloud compiled once for a run of many clouds (infra/local/cli/build.ts): each test cloud
 * starts from the build instead of compiling its TypeScript through tsx again, and the cloud and its
 * handlers load every platform module from the same place, so each is one instance.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_FUNCTIONS } from '../../../infra/stack/functions.js';
import { buildLocalCloud, LOCAL_CLOUD_ENTRY } from '../../../infra/local/cli/build.js';
import { REPO_ROOT } from '../../../infra/local/config.js';
import { builtFile, CLOUD_LOADED_MODULES, platformModuleUrl } from '../../../infra/local/runtime/lambda.js';

const builtDir = process.env.LOCAL_BUILT_DIR;
afterEach(() => {
  if (builtDir === undefined) delete process.env.LOCAL_BUILT_DIR;
  else process.env.LOCAL_BUILT_DIR = builtDir;
});

describe('where the platform modules load from', () => {
  it('from the source (through tsx) unless a build is named, then from the build, with the same path', () => {
    delete process.env.LOCAL_BUILT_DIR;
    expect(platformModuleUrl(REPO_ROOT, CLOUD_LOADED_MODULES.seed)).toBe(pathToFileURL(join(REPO_ROOT, 'functions/local-seed.ts')).href);
    process.env.LOCAL_BUILT_DIR = '/repo/node_modules/.cache/built';
    expect(platformModuleUrl(REPO_ROOT, 'functions/handlers/fulfilment.ts')).toBe('file:///repo/node_modules/.cache/built/functions/handlers/fulfilment.js');
  });
});

describe('the build', () => {
  it('holds the cloud, every function and the modules the cloud loads by path; the cloud keeps the repository as its root', async () => {
    const cache = join(REPO_ROOT, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const outdir = mkdtempSync(join(cache, 'vtu-build-test-'));
    try {
      await buildLocalCloud(REPO_ROOT, outdir);
      for (const path of [LOCAL_CLOUD_ENTRY, ...Object.values(CLOUD_LOADED_MODULES), ...ALL_FUNCTIONS.map((fn) => fn.entry)]) {
        expect(existsSync(builtFile(outdir, path)), path).toBe(true);
      }
      // Paths the cloud computes from import.meta.url name its source files, not the build's chunks.
      const built = readdirText(outdir);
      expect(built).toContain(JSON.stringify(pathToFileURL(join(REPO_ROOT, 'infra/local/config.ts')).href));
      expect(built).not.toMatch(/REPO_ROOT = .*import\.meta\.url/);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it('rejects a folder outside the repository: its imports would not find the packages', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'vtu-build-outside-'));
    try {
      await expect(buildLocalCloud(REPO_ROOT, outside)).rejects.toThrow(/inside the repository/);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

/** Every JavaScript file of a build, concatenated. */
function readdirText(folder: string): string {
  return (readdirSync(folder, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(folder, name), 'utf8'))
    .join('\n');
}
