/**
 * The test files share their worker's modules; a file that sets the environment or mocks a module
 * before its imports runs isolated (tests/support/module-isolation.ts, vitest.config.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesNeedingFreshModules } from '../../support/module-isolation.js';

describe('which test files run with fresh modules', () => {
  const root = mkdtempSync(join(tmpdir(), 'vtu-isolation-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  write('a/hoisted-env.test.ts', "vi.hoisted(() => { process.env.X = '1'; });\nimport { x } from './x.js';");
  write('a/mocks.test.ts', "vi.mock('../m.js', () => ({}));");
  write('a/stubs-global.test.ts', "vi.stubGlobal('fetch', f);");
  write('b/plain.test.ts', "import { it } from 'vitest';\nit('adds', () => expect(1 + 1).toBe(2));");
  write('b/spies-only.test.ts', "vi.spyOn(process.stdout, 'write');\n// mentions vi.mock in a comment without calling it: vi.mock");
  write('b/not-a-test.ts', "vi.mock('../m.js');");

  it('picks a file that sets the environment, mocks a module or stubs a global before its imports', () => {
    expect(filesNeedingFreshModules(root, ['**/*.test.ts']).sort()).toEqual(['a/hoisted-env.test.ts', 'a/mocks.test.ts', 'a/stubs-global.test.ts']);
  });

  it('leaves a plain file, a file that only spies, and a file outside the patterns with the shared modules', () => {
    const picked = filesNeedingFreshModules(root, ['**/*.test.ts']);
    expect(picked).not.toContain('b/plain.test.ts');
    expect(picked).not.toContain('b/spies-only.test.ts');
    expect(picked).not.toContain('b/not-a-test.ts');
  });

  it('includes this repository’s metrics test, which reads lines the shared modules were loaded to silence', () => {
    expect(filesNeedingFreshModules(join(import.meta.dirname, '..', '..', '..'), ['tests/unit/**/*.test.ts'])).toContain('tests/unit/wiring/metrics.test.ts');
  });
});
