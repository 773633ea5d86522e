// `npm test`: check format and lint, build the web app (browser tests need it), run every vitest project, then print
// one plain closing line "N passed, N failed, N skipped" that CI reads.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', env: process.env }).status ?? 1;
/** The same, without waiting: resolves to the exit status. */
const start = (command, args) =>
  new Promise((resolve) => spawn(command, args, { stdio: 'inherit', env: process.env }).once('close', (code) => resolve(code ?? 1)));

// The format and lint check (Biome, biome.json) and the web build (browser tests need it) side by side:
// neither reads what the other writes, and a clean clone waited on them one after the other. Beside them,
// DynamoDB Local's launcher and class-data archive, which the tests' global setup would otherwise make
// first (a failure here is not one of the run's: the setup makes them then, and says what went wrong).
const [lint, build] = await Promise.all([
  start('npx', ['biome', 'ci', '--reporter=summary', '.']),
  start('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']),
  start('npx', ['tsx', 'tests/support/prepare-dynamodb-archive.ts']),
]);
// One formatter and one linter: a file off its format or breaking a lint rule fails the run.
if (lint !== 0) {
  console.error('lint or format check failed: `npx biome check --write .` fixes what it can');
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}
if (build !== 0) {
  console.error('web build failed');
  process.exit(1);
}

const report = join(mkdtempSync(join(tmpdir(), 'vtu-test-')), 'report.json');
const extra = process.argv.slice(2);
const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra]);

if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
  // A file that fails before its tests run (an import that throws) has no failed test of its own: count it as one.
  const brokenFiles = (result.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  console.log(`\n${result.numPassedTests} passed, ${result.numFailedTests + brokenFiles} failed, ${skipped} skipped`);
} else {
  console.log('\n0 passed, 1 failed');
}
process.exit(status);
