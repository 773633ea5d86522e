// `npm test`: check format and lint, build the web app (browser tests need it), run every vitest project, then print
// one plain closing line "N passed, N failed, N skipped" that CI reads.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The same, without waiting: resolves to the exit status. */
const start = (command, args) =>
  new Promise((resolve) => spawn(command, args, { stdio: 'inherit', env: process.env }).once('close', (code) => resolve(code ?? 1)));

// The format and lint check (Biome, biome.json) and the web build (browser tests need it) side by side:
// neither reads what the other writes, and a clean clone waited on them one after the other.
const [lint, build] = await Promise.all([
  start('npx', ['biome', 'ci', '--reporter=summary', '.']),
  start('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']),
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

const extra = process.argv.slice(2);
const folder = mkdtempSync(join(tmpdir(), 'vtu-test-'));

/** One vitest run writing its JSON report to `name`.json; `quietUntilDone` holds its output and prints it whole at its end. */
function vitest(name, args, { env = {}, quietUntilDone = false } = {}) {
  const report = join(folder, `${name}.json`);
  const child = spawn('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], {
    stdio: quietUntilDone ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  const held = [];
  if (quietUntilDone) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => held.push(chunk));
  return new Promise((resolve) =>
    child.once('close', (code) => {
      if (held.length) process.stdout.write(`\n──── ${name} ────\n${Buffer.concat(held).toString()}──── end of ${name} ────\n`);
      resolve({ status: code ?? 1, report });
    }),
  );
}

// Asked for files or options: one run, as given. Everything: the unit and infra files on one worker of
// their own, beside the local clouds' files on two. The local clouds' files mostly wait (on queues,
// schedules, simulators, Chromium) and left a third of the two cores idle, while the unit files ran
// first and alone for over two minutes of a clean-clone run.
const runs = extra.length
  ? [vitest('all', extra)]
  : [
      vitest('unit-and-infra', ['--project', 'unit*', '--project', 'infra*'], { env: { VTU_TEST_WORKERS: '1' }, quietUntilDone: true }),
      vitest('integration-and-browser', ['--project', 'integration*', '--project', 'browser*']),
    ];
const results = await Promise.all(runs);

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const { report } of results) {
  if (!existsSync(report)) {
    totals.failed += 1;
    continue;
  }
  const result = JSON.parse(readFileSync(report, 'utf8'));
  // A file that fails before its tests run (an import that throws) has no failed test of its own: count it as one.
  const brokenFiles = (result.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  totals.passed += result.numPassedTests;
  totals.failed += result.numFailedTests + brokenFiles;
  totals.skipped += (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(results.some((result) => result.status !== 0) ? 1 : 0);
