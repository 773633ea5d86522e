/**
 * Which test files need a fresh module graph of their own. The projects run without isolation
 * (vitest.config.ts): a worker imports each module once for all the files it runs, instead of once
 * per file, which was a third of the unit project's CPU. A file that sets the environment or mocks a
 * module before its imports (`vi.hoisted`, `vi.mock`, …) counts on the modules it imports being
 * loaded after that, so it runs isolated; so does a file that stubs globals or resets modules.
 * Read from the files themselves, so a new file of either kind is placed without a list to keep.
 */
import { readFileSync } from 'node:fs';
import { globSync } from 'tinyglobby';

const NEEDS_FRESH_MODULES = /\bvi\.(hoisted|mock|doMock|stubEnv|stubGlobal|resetModules)\(/;

/** The files of `patterns` (relative to `root`) whose text asks for modules loaded after their own set-up. */
export function filesNeedingFreshModules(root: string, patterns: string[]): string[] {
  return globSync(patterns, { cwd: root }).filter((file) => NEEDS_FRESH_MODULES.test(readFileSync(`${root}/${file}`, 'utf8')));
}
