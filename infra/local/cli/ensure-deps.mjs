// Installs dependencies when node_modules is missing or older than the lock file, so that
// `npm start` and `npm test` work as the very first command on a fresh clone. `npm ci` prints
// nothing until it is done (about a minute on a fresh clone), so this says what is happening and
// counts the packages in place against the lock file's, every few seconds, until it ends.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;

/** The packages npm ci places at the top of node_modules (scoped ones as @scope/name), by the lock file. */
function lockedTopLevelPackages() {
  try {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
    return Object.keys(lock.packages ?? {}).filter((path) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path)).length;
  } catch {
    return 0;
  }
}

/** The packages at the top of node_modules now. */
function installedTopLevelPackages() {
  try {
    let count = 0;
    for (const entry of readdirSync('node_modules', { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      count += entry.name.startsWith('@') ? readdirSync(`node_modules/${entry.name}`).length : 1;
    }
    return count;
  } catch {
    return 0;
  }
}

if (stale) {
  const total = lockedTopLevelPackages();
  const started = Date.now();
  const interactive = process.stdout.isTTY === true;
  console.log('Installing dependencies (npm ci): about a minute on a first run, progress below…');
  const progress = () => {
    const seconds = Math.round((Date.now() - started) / 1000);
    const line = `  ${Math.min(installedTopLevelPackages(), total)} of ${total} packages in place, ${seconds} s`;
    // A terminal gets one line rewritten in place; a log (CI, a pipe) a line every tick.
    if (interactive) process.stdout.write(`\r${line}`);
    else console.log(line);
  };
  const ticker = setInterval(progress, interactive ? 2_000 : 10_000);
  const child = spawn('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    clearInterval(ticker);
    if (interactive) process.stdout.write('\n');
    if (code !== 0) {
      console.error(`npm ci failed (${signal ?? `exit code ${code}`}) after ${Math.round((Date.now() - started) / 1000)} s`);
      process.exit(code ?? 1);
    }
    console.log(`Dependencies installed in ${Math.round((Date.now() - started) / 1000)} s.`);
  });
}
