import { configDefaults, defineConfig } from 'vitest/config';
import { webAliases } from './web/aliases.js';
import LongestFirstSequencer from './tests/support/longest-first-sequencer.js';
import { TEST_WORKERS } from './tests/support/shared-resources.js';
import { filesNeedingFreshModules } from './tests/support/module-isolation.js';

// A DynamoDB Local per worker and one synthesized template for the whole run (the files say why).
const SHARED_DYNAMODB = 'tests/support/global-dynamodb.ts';
const SHARED_TEMPLATE = 'tests/support/global-template.ts';

type ProjectTest = Record<string, unknown> & { name: string; include: string[] };

/**
 * A project whose files share their worker's modules (isolate: false): a worker imports each module
 * once for all the files it runs, instead of once per file. The files that need modules loaded after
 * their own set-up (tests/support/module-isolation.ts) run isolated, in a project of their own,
 * `<name>-isolated`.
 */
function sharingModules(test: ProjectTest, resolve?: { alias: typeof webAliases }) {
  const isolated = filesNeedingFreshModules(import.meta.dirname, test.include);
  const sharing = { resolve, test: { ...test, isolate: false, exclude: [...configDefaults.exclude, ...isolated] } };
  if (!isolated.length) return [sharing];
  return [sharing, { resolve, test: { ...test, name: `${test.name}-isolated`, include: isolated, isolate: true } }];
}

/** Files that start local clouds: after the unit and infra files, on the run's DynamoDB Locals and template. */
function withLocalClouds(test: ProjectTest) {
  return sharingModules({ sequence: { groupOrder: 1 }, globalSetup: [SHARED_DYNAMODB, SHARED_TEMPLATE], environment: 'node', hookTimeout: 180_000, ...test });
}

/**
 * One test command for everything. Projects run in this order of cost:
 * unit (pure + property), infra (CDK template), integration (local cloud), browser (Chromium).
 */
export default defineConfig({
  test: {
    // Integration and browser files mostly wait (on queues, schedules, simulators, Chromium), so more
    // files than cores run at once. One number for every project: Vitest runs projects together only
    // when they agree on it. Each integration and browser file has its own local cloud (own tables under
    // a prefix of their own in their worker's DynamoDB Local, own queues, bus and ports), so files share no data.
    // Two at a time, not three: with 20 more files after issues 20–22, three local clouds side by side
    // pushed single requests past the local 10 s function limit (500s in a clean-clone run).
    maxWorkers: TEST_WORKERS,
    // The slowest files first, by a measured list: a clean clone has no durations cached (see the file).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      // The web's unit tests import through its aliases (@/…, @shared/…).
      ...sharingModules(
        {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/property/**/*.test.ts', 'web/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/function-env.ts'],
          globalSetup: [SHARED_DYNAMODB],
          // Unit and infra files first, on their own: their DynamoDB tests time out under the local clouds' load.
          sequence: { groupOrder: 0 },
          // DynamoDB Local is shared by the files running at once: a test waiting on it may take more than the default 5 s.
          testTimeout: 30_000,
        },
        { alias: webAliases },
      ),
      // Sharing modules too: each infra file imported aws-cdk-lib afresh, a few CPU-s apiece.
      ...sharingModules({
        name: 'infra',
        sequence: { groupOrder: 0 },
        // The default stack's template once for the run (tests/support/stack-template.ts).
        globalSetup: [SHARED_TEMPLATE],
        include: ['tests/infra/**/*.test.ts'],
        environment: 'node',
        testTimeout: 120_000,
        hookTimeout: 120_000,
      }),
      ...withLocalClouds({ name: 'integration', include: ['tests/integration/**/*.test.ts'], testTimeout: 60_000 }),
      ...withLocalClouds({
        name: 'browser',
        include: ['tests/browser/**/*.test.ts'],
        testTimeout: 120_000,
        // A screen waited on with expect.poll gets as long as Playwright gives a locator (newPage: 20 s),
        // not Vitest's 1 s: with files side by side, an answer can take longer than a second to show.
        expect: { poll: { timeout: 20_000 } },
      }),
    ],
  },
});
