/**
 * The architecture rules of .dependency-cruiser.cjs, one test per rule, over the real code
 * (acceptance: no violation) and over tests/unit/architecture-violations, a miniature repository
 * that breaks every rule on purpose (rejection: the rule reports exactly those imports), so that a
 * rule which silently stopped matching anything fails here too.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration, type IViolation } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VIOLATIONS_TREE = fileURLToPath(new URL('./architecture-violations/', import.meta.url));
/** What `npm run arch` cruises. */
const SCANNED = ['functions', 'shared', 'infra', 'web/src'];

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;
const tsConfig = extractTSConfig(`${ROOT}tsconfig.json`);

async function cruiseTree(baseDir: string, scanned: string[]): Promise<ICruiseResult> {
  const { output } = await cruise(scanned, { ...config.options, baseDir, validate: true, ruleSet: config }, {}, { tsConfig });
  if (typeof output === 'string') throw new Error('dependency-cruiser returned a report instead of a result');
  return output;
}

/** "from → to", or the whole loop for a cycle, so a failure names the imports to change. */
function describeViolation(violation: IViolation): string {
  if (violation.cycle?.length) return [violation.from, ...violation.cycle.map((step) => step.name)].join(' → ');
  return `${violation.from} → ${violation.to}`;
}

/** node_modules is a symlink in worktrees: package paths are compared from their node_modules/ on. */
const fromNodeModules = (line: string) => line.replace(/[^ ]*node_modules\//g, 'node_modules/');

function violationsOf(result: ICruiseResult, rule: string): string[] {
  return result.summary.violations
    .filter((violation) => violation.rule.name === rule)
    .map((violation) => fromNodeModules(describeViolation(violation)))
    .sort();
}

/** Each rule with the imports the violations tree commits against it, on purpose. */
const RULES: { name: string; rule: string; inViolationsTree: string[] }[] = [
  {
    name: 'no-circular',
    rule: 'no module depends on itself through others (type-only imports count)',
    inViolationsTree: ['functions/domain/cycle-a.ts → functions/domain/cycle-b.ts → functions/domain/cycle-a.ts'],
  },
  {
    name: 'domain-is-pure',
    rule: 'functions/domain imports no adapters, handlers, middleware, AWS SDK, aws-lambda (not even types), middy or powertools',
    inViolationsTree: [
      'functions/domain/impure.ts → functions/adapters/store.ts',
      'functions/domain/impure.ts → node_modules/@middy/core/index.d.ts',
      'functions/domain/impure.ts → node_modules/@types/aws-lambda/index.d.ts',
      'functions/domain/store-port.ts → functions/adapters/store.ts',
    ],
  },
  {
    name: 'adapters-below-handlers',
    rule: 'functions/adapters import no handlers or middleware',
    inViolationsTree: ['functions/adapters/store.ts → functions/middleware/auth.ts'],
  },
  {
    name: 'ports-are-contracts',
    rule: 'ports (functions/domain/**/*-port.ts) import no adapters, handlers or middleware',
    inViolationsTree: ['functions/domain/store-port.ts → functions/adapters/store.ts'],
  },
  {
    name: 'shared-stands-alone',
    rule: 'shared/ imports nothing from functions/, infra/ or web/',
    inViolationsTree: ['shared/leak.ts → functions/domain/store-port.ts'],
  },
  {
    name: 'features-are-islands',
    rule: 'a web feature never imports another feature',
    inViolationsTree: ['web/src/features/a/api/fetch-a.ts → web/src/features/b/api/fetch-b.ts'],
  },
  {
    name: 'web-lib-and-ui-below-features',
    rule: 'web/src/lib and web/src/ui import no features and no app',
    inViolationsTree: ['web/src/lib/helper.ts → web/src/features/b/api/fetch-b.ts', 'web/src/ui/kit.ts → web/src/app/paths.ts'],
  },
  {
    name: 'web-features-below-app',
    rule: 'web features never import web/src/app',
    inViolationsTree: ['web/src/features/a/components/view.ts → web/src/app/paths.ts'],
  },
];

let code: ICruiseResult;
let violationsTree: ICruiseResult;

beforeAll(async () => {
  code = await cruiseTree(ROOT, SCANNED);
  violationsTree = await cruiseTree(VIOLATIONS_TREE, ['functions', 'shared', 'web/src']);
}, 60_000);

it('every rule in .dependency-cruiser.cjs has its test here', () => {
  expect(config.forbidden?.map((rule) => rule.name).sort()).toEqual(RULES.map((rule) => rule.name).sort());
});

it('the cruise sees the whole code: every relative import resolves and type-only imports are counted', () => {
  const dependencies = code.modules.flatMap((module) => module.dependencies.map((dependency) => ({ from: module.source, ...dependency })));
  // A `virtual:` module is made by a Vite plugin at build time (the service worker's registration): no file to resolve.
  const unresolved = dependencies
    .filter((dependency) => dependency.couldNotResolve && !dependency.module.startsWith('virtual:'))
    .map((dependency) => `${dependency.from} → ${dependency.module}`);
  expect(unresolved).toEqual([]);
  expect(dependencies.some((dependency) => dependency.dependencyTypes.includes('type-only'))).toBe(true);
  expect(code.summary.totalCruised).toBeGreaterThan(300);
});

for (const { name, rule, inViolationsTree } of RULES) {
  describe(`${name}: ${rule}`, () => {
    it('holds in functions/, shared/, infra/ and web/src/', () => {
      expect(violationsOf(code, name)).toEqual([]);
    });

    it('reports each import of the violations tree that breaks it', () => {
      expect(violationsOf(violationsTree, name)).toEqual([...inViolationsTree].sort());
    });
  });
}
