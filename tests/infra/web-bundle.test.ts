import { beforeAll, describe, expect, it } from 'vitest';
import { build, type Rollup } from 'vite';

type Chunk = Rollup.OutputChunk;

/** The web app's chunks, built in memory exactly as `npm run build:web` builds them. */
async function webChunks(): Promise<Chunk[]> {
  const result = await build({ configFile: 'web/vite.config.ts', logLevel: 'silent', build: { write: false } });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return outputs.flatMap((output) => output.output).filter((item): item is Chunk => item.type === 'chunk');
}

/** Every module a first visit downloads before rendering: the entry chunk and the chunks it imports statically. */
function firstDownloadModules(chunks: Chunk[]): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const pending = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    pending.push(...(byName.get(name)?.imports ?? []));
  }
  return [...seen].flatMap((name) => Object.keys(byName.get(name)!.modules));
}

const inFirstDownload = (modules: string[], fragment: string) => modules.some((id) => id.replace(/\\/g, '/').includes(fragment));

describe('the web app first download (the landing route)', () => {
  let chunks: Chunk[];
  let first: string[];
  beforeAll(async () => {
    chunks = await webChunks();
    first = firstDownloadModules(chunks);
  }, 120_000);

  it('holds the landing page, the router and the root layout, so / renders without another round trip', () => {
    for (const fragment of [
      'web/src/features/landing/components/LandingPage.tsx',
      'web/src/app/router.tsx',
      'web/src/app/RootLayout.tsx',
      'node_modules/react-dom/',
    ]) {
      expect(inFirstDownload(first, fragment), fragment).toBe(true);
    }
  });

  it('rejects the dashboard, the shell, the admin screens and the libraries only they need (zod, react-toastify, react-hook-form)', () => {
    for (const fragment of [
      'web/src/features/dashboard/',
      'web/src/app/shell/',
      'web/src/features/admin/',
      'web/src/features/admin-users/',
      'web/src/features/admin-settings/',
      'node_modules/zod/',
      'node_modules/react-toastify/',
      'node_modules/react-hook-form/',
    ]) {
      expect(inFirstDownload(first, fragment), fragment).toBe(false);
    }
  });

  it('gives the dashboard its own chunk, loaded when its route renders', () => {
    const dashboard = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('web/src/features/dashboard/components/DashboardPage.tsx'));
    expect(dashboard?.isDynamicEntry).toBe(true);
  });
});
